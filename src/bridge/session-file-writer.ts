/**
 * Saves a session through the session-file worker: the log and the HTTP exchanges cross in slices (each
 * structured clone a few milliseconds), and the worker redacts, serializes and returns one Blob. The UI
 * thread never runs the JSON.stringify of a whole session.
 */
import type { SessionData } from '../shared/session-file/session-file.ts';
import { SLICE, type FromSessionWorker } from './session-file-protocol.ts';
import { spawnSessionWorker, type SessionWorker } from './session-file-worker-port.ts';

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Exchanges carry bodies (up to 256 KB each), so they cross in smaller slices than log entries. */
const EXCHANGE_SLICE = 100;

export async function writeSessionFile(
  data: SessionData,
  meta: { savedAt: Date; appVersion: string },
  spawn: () => SessionWorker = spawnSessionWorker,
): Promise<Blob> {
  const worker = spawn();
  const written = new Promise<Blob>((resolve, reject) => {
    worker.addEventListener('message', (event: MessageEvent<FromSessionWorker>) => {
      if (event.data.kind === 'written') resolve(event.data.blob);
      else if (event.data.kind === 'error') reject(new Error(event.data.error));
    });
    worker.addEventListener('error', (event) => reject(new Error(`The file writer failed${event.message ? `: ${event.message}` : ''}.`)));
  });
  // Settled below either way; a failure before then must not also surface as an unhandled rejection.
  written.catch(() => undefined);
  try {
    const { log, http, ...rest } = data;
    worker.postMessage({
      kind: 'write-head',
      head: { ...rest, logEvicted: log.evicted, httpEvicted: http.evicted },
      savedAt: meta.savedAt.toISOString(),
      appVersion: meta.appVersion,
    });
    for (let start = 0; start < http.exchanges.length; start += EXCHANGE_SLICE) {
      worker.postMessage({ kind: 'write-exchanges', exchanges: http.exchanges.slice(start, start + EXCHANGE_SLICE) });
      await nextTask();
    }
    for (let start = 0; start < log.items.length; start += SLICE) {
      worker.postMessage({ kind: 'write-items', items: log.items.slice(start, start + SLICE) });
      await nextTask();
    }
    worker.postMessage({ kind: 'write-end' });
    return await written;
  } finally {
    worker.terminate();
  }
}
