/**
 * Opens a session file in the session-file worker, where it is parsed and checked against the schema, and
 * reassembles it on the UI side, slice by slice, with progress.
 */
import type { ParsedSession, SavedLogItem, SessionFile } from '../shared/session-file/session-file.ts';
import type { FromSessionWorker } from './session-file-protocol.ts';
import { spawnSessionWorker, type SessionWorker } from './session-file-worker-port.ts';

export function readSessionFile(
  file: Blob,
  onProgress?: (loaded: number, total: number) => void,
  spawn: () => SessionWorker = spawnSessionWorker,
): Promise<ParsedSession> {
  const worker = spawn();
  return new Promise<ParsedSession>((resolve) => {
    let head: { file: SessionFile; notes: string[] } | null = null;
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
        head = { file: message.file, notes: message.notes };
        total = message.total;
        onProgress?.(0, total);
      } else if (message.kind === 'items') {
        for (const item of message.items) items.push(item);
        onProgress?.(items.length, total);
      } else if (message.kind === 'done' && head) {
        finish({ ok: true, file: { ...head.file, log: { evicted: head.file.log.evicted, items } }, notes: head.notes });
      } else finish({ ok: false, error: 'The file reader stopped early. Try opening the file again.' });
    });
    worker.addEventListener('error', (event) =>
      finish({ ok: false, error: `The file reader failed${event.message ? `: ${event.message}` : ''}. Reload the page and try again.` }),
    );
    worker.postMessage({ kind: 'read', file });
  });
}
