/// <reference lib="webworker" />
/** The only file that touches the worker global scope: it binds the engine to `self`. */
import '../shared/trusted-types/trusted-types-install.ts';
import type { Endpoint } from '../shared/boundary.ts';
import { realClock } from './clock.ts';
import { createEngine } from './engine.ts';
import { createIndexedDbVault, lockFromNavigator } from './auth/vault.ts';
import { serveEngine } from './serve.ts';

// "Remember on this device" lives here, beside the tokens (see auth/vault.ts); some private modes have no IndexedDB.
const vault = typeof indexedDB === 'undefined' ? undefined : createIndexedDbVault(indexedDB);
const lock = lockFromNavigator(typeof navigator === 'undefined' ? undefined : navigator.locks);

serveEngine(
  self as unknown as Endpoint,
  (emit) =>
    createEngine({
      fetch: (input, init) => fetch(input, init),
      clock: realClock,
      emit,
      auth: { ...(vault && { vault }), ...(lock && { lock }) },
      // The Playground's "Remember on this device" for provider keys (playground/key-vault.ts), opened on first use.
      ...(typeof indexedDB !== 'undefined' && { playground: { indexedDB } }),
    }),
  realClock,
  // Its own chunk, fetched with the page's `warm` message (its first screen is painted): the in-memory server and
  // the steps run once, and the worker script that loads before Connect need not carry them.
  (stillIdle) => import('./warm-up.ts').then(({ warmUp }) => warmUp(realClock, stillIdle)),
);
