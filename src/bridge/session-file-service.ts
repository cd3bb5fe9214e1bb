/**
 * What the session-file worker does, apart from the worker global it runs on (so tests drive it over a
 * MessageChannel):
 * - reading: parse and check the whole file against the schema, off the UI thread, and hand it back in
 *   slices;
 * - writing: collect the slices the UI sends, redact and serialize them here, and hand back one Blob —
 *   an 18 MB session is hundreds of milliseconds of JSON.stringify that the UI thread never runs.
 */
import type { HttpExchange } from '../shared/events.ts';
import { parseSessionFile, sessionFileParts, type SavedLogItem } from '../shared/session-file/session-file.ts';
import { SLICE, type FromSessionWorker, type SessionHead, type SessionWorkerPort, type ToSessionWorker } from './session-file-protocol.ts';
import { describeError } from '../shared/read.ts';

/** Larger files are refused before reading: the log, HTTP view and lists together are bounded well below. */
const MAX_SESSION_FILE_BYTES = 512 * 1024 * 1024;

const reason = (error: unknown) => describeError(error);

export function serveSessionFiles(port: SessionWorkerPort<ToSessionWorker, FromSessionWorker>): void {
  const post = (message: FromSessionWorker) => port.postMessage(message);
  let writing: { head: SessionHead; savedAt: string; appVersion: string; exchanges: HttpExchange[]; items: SavedLogItem[] } | null = null;

  port.addEventListener('message', (event) => {
    const message = event.data;
    switch (message.kind) {
      case 'read':
        void read(message.file, post);
        break;
      case 'write-head':
        writing = { head: message.head, savedAt: message.savedAt, appVersion: message.appVersion, exchanges: [], items: [] };
        break;
      case 'write-exchanges':
        for (const exchange of message.exchanges) writing?.exchanges.push(exchange);
        break;
      case 'write-items':
        for (const item of message.items) writing?.items.push(item);
        break;
      case 'write-end': {
        if (!writing) {
          post({ kind: 'error', error: 'The file writer got no session to save. Try Save session again.' });
          break;
        }
        const { head, exchanges, items, savedAt, appVersion } = writing;
        writing = null;
        try {
          const { logEvicted, httpEvicted, ...rest } = head;
          const data = { ...rest, log: { evicted: logEvicted, items }, http: { evicted: httpEvicted, exchanges } };
          const parts = [...sessionFileParts(data, { savedAt: new Date(savedAt), appVersion })];
          post({ kind: 'written', blob: new Blob(parts, { type: 'application/json' }) });
        } catch (error) {
          post({ kind: 'error', error: `The session could not be saved (${reason(error)}).` });
        }
        break;
      }
    }
  });
}

async function read(file: Blob, post: (message: FromSessionWorker) => void): Promise<void> {
  if (file.size > MAX_SESSION_FILE_BYTES) {
    post({
      kind: 'error',
      error: `This file is ${Math.round(file.size / 1024 / 1024)} MB; MCP Lens opens session files up to ${MAX_SESSION_FILE_BYTES / 1024 / 1024} MB. Open a smaller file.`,
    });
    return;
  }
  let text: string;
  try {
    text = await file.text();
  } catch (error) {
    post({ kind: 'error', error: `The file could not be read (${reason(error)}).` });
    return;
  }
  const parsed = parseSessionFile(text);
  if (!parsed.ok) {
    post({ kind: 'error', error: parsed.error });
    return;
  }
  const { log, ...rest } = parsed.file;
  post({ kind: 'head', file: { ...rest, log: { evicted: log.evicted, items: [] } }, total: log.items.length, notes: parsed.notes });
  for (let start = 0; start < log.items.length; start += SLICE) post({ kind: 'items', items: log.items.slice(start, start + SLICE) });
  post({ kind: 'done' });
}
