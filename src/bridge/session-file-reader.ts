/**
 * Opens a session file in a worker (see session-file.worker.ts) and reassembles it on the UI side, slice by
 * slice, with progress.
 */
import type { ParsedSession, SavedLogItem, SessionFile } from '../shared/session-file.ts';

export type FromSessionWorker =
  | { kind: 'head'; file: SessionFile; total: number }
  | { kind: 'items'; items: SavedLogItem[] }
  | { kind: 'done' }
  | { kind: 'error'; error: string };

export function readSessionFile(file: Blob, onProgress?: (loaded: number, total: number) => void): Promise<ParsedSession> {
  const worker = new Worker(new URL('./session-file.worker.ts', import.meta.url), { type: 'module', name: 'mcp-lens-session-file' });
  return new Promise<ParsedSession>((resolve) => {
    let head: SessionFile | null = null;
    let total = 0;
    const items: SavedLogItem[] = [];
    const finish = (result: ParsedSession) => {
      worker.terminate();
      resolve(result);
    };
    worker.addEventListener('message', (event: MessageEvent<FromSessionWorker>) => {
      const message = event.data;
      if (message.kind === 'error') finish({ ok: false, error: message.error });
      else if (message.kind === 'head') {
        head = message.file;
        total = message.total;
        onProgress?.(0, total);
      } else if (message.kind === 'items') {
        for (const item of message.items) items.push(item);
        onProgress?.(items.length, total);
      } else if (head) finish({ ok: true, file: { ...head, log: { evicted: head.log.evicted, items } } });
      else finish({ ok: false, error: 'The file reader stopped early. Try opening the file again.' });
    });
    worker.addEventListener('error', (event) =>
      finish({ ok: false, error: `The file reader failed${event.message ? `: ${event.message}` : ''}. Reload the page and try again.` }),
    );
    worker.postMessage(file);
  });
}
