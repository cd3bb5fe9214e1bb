/** The engine in a Node worker thread, served over the same boundary as the browser's Web Worker. */
import { parentPort } from 'node:worker_threads';
import { createEngine } from '../src/engine/engine.ts';
import { serveEngine } from '../src/engine/serve.ts';
import type { Endpoint } from '../src/shared/boundary.ts';

const port = parentPort!;
const endpoint: Endpoint = {
  postMessage: (message) => port.postMessage(message),
  addEventListener: (_type, listener) => port.on('message', (data) => listener({ data } as MessageEvent)),
  removeEventListener: () => undefined,
};
serveEngine(endpoint, (emit) => createEngine({ fetch: (input, init) => fetch(input, init), now: () => Date.now(), emit }));
