/// <reference lib="webworker" />
/**
 * Reads and checks a session file off the main thread: a 100,000-message file is tens of megabytes of
 * JSON, and parsing it on the UI thread would freeze the page. The result goes back in slices, so no single
 * structured-clone on the UI side is long either.
 */
import { parseSessionFile } from '../shared/session-file.ts';
import type { FromSessionWorker } from './session-file-reader.ts';

const SLICE = 5000;
const post = (message: FromSessionWorker) => (self as unknown as DedicatedWorkerGlobalScope).postMessage(message);

self.addEventListener('message', (event: MessageEvent<Blob>) => {
  void event.data.text().then(
    (text) => {
      const parsed = parseSessionFile(text);
      if (!parsed.ok) {
        post({ kind: 'error', error: parsed.error });
        return;
      }
      const { log, ...rest } = parsed.file;
      post({ kind: 'head', file: { ...rest, log: { evicted: log.evicted, items: [] } }, total: log.items.length });
      for (let start = 0; start < log.items.length; start += SLICE) post({ kind: 'items', items: log.items.slice(start, start + SLICE) });
      post({ kind: 'done' });
    },
    (error: unknown) =>
      post({ kind: 'error', error: `The file could not be read (${error instanceof Error ? error.message : String(error)}).` }),
  );
});
