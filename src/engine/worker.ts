/// <reference lib="webworker" />
/** The only file that touches the worker global scope: it binds the engine to `self`. */
import '../shared/trusted-types-install.ts';
import type { Endpoint } from '../shared/boundary.ts';
import { createEngine } from './engine.ts';
import { serveEngine } from './serve.ts';

serveEngine(self as unknown as Endpoint, (emit) =>
  createEngine({ fetch: (input, init) => fetch(input, init), now: () => Date.now(), emit }),
);
