/**
 * Writing and reading session files (`.mcplens.json`; the layout is in session-file-format.ts). Writing
 * redacts everything on the way out with the one policy in redact.ts. Reading checks the whole file
 * against the schema in session-file-schema.ts, so a hand-edited, truncated or crafted file gets an error
 * that says which, or opens with what was wrong left out and noted — never a half-loaded view.
 */
import type { HttpExchange } from '../events.ts';
import { maskUrlCredentials, redactHeaders, redactJson, redactResponseHeaders, redactUrl, redactUrlsIn } from '../redact.ts';
import { REPLAY_LIST_METHODS, type ListSnapshots } from '../replay-api.ts';
import {
  SESSION_FILE_FORMAT,
  SESSION_FILE_MIN_VERSION,
  SESSION_FILE_VERSION,
  type SavedLogItem,
  type SessionData,
  type SessionFile,
} from './session-file-format.ts';
import { redactConversation } from './saved-conversation.ts';
import { SESSION_FILE_BOUNDS, SessionFileReader, type SessionFileBounds } from './session-file-schema.ts';
import { describeError } from '../read.ts';
import { redactConsole } from './saved-console.ts';

export * from './session-file-format.ts';
export type { SavedConversation, SavedConversationItem } from './saved-conversation.ts';

/** `notes`: what the schema left out or cut, in plain words (also the first notes of the file's log). */
export type ParsedSession = { ok: true; file: SessionFile; notes: string[] } | { ok: false; error: string };

function redactItem(item: SavedLogItem): SavedLogItem {
  if (item.type === 'note') return { ...item, text: redactUrlsIn(item.text) };
  const entry = item.entry;
  return { ...item, entry: entry.message === undefined ? entry : { ...entry, message: redactJson(entry.message) } };
}

function redactLists(lists: ListSnapshots): ListSnapshots {
  const out: ListSnapshots = {};
  for (const method of REPLAY_LIST_METHODS) {
    const list = lists[method];
    if (list) out[method] = { pages: list.pages, items: list.items.map((item) => redactJson(item)) };
  }
  return out;
}

/** Exchanges were masked at capture; masking again on the way out covers rules newer than the capture. */
const redactExchange = (exchange: HttpExchange): HttpExchange => ({
  ...exchange,
  url: redactUrl(exchange.url),
  requestHeaders: redactHeaders(exchange.requestHeaders),
  ...(exchange.responseHeaders && { responseHeaders: redactResponseHeaders(exchange.responseHeaders) }),
  ...(exchange.error !== undefined && { error: redactUrlsIn(exchange.error) }),
});

/**
 * The file as text parts, `chunk` items per part, so a 100,000-message session can be written without one
 * long task: the caller yields between parts and hands them all to a Blob.
 */
export function* sessionFileParts(data: SessionData, meta: { savedAt: Date; appVersion: string }, chunk = 2000): Generator<string> {
  const head = {
    format: SESSION_FILE_FORMAT,
    version: SESSION_FILE_VERSION,
    savedAt: meta.savedAt.toISOString(),
    app: { name: 'MCP Lens', version: meta.appVersion },
    // The server URL by the broader URL rule, as everywhere a URL is exported (its credentials are secrets).
    connection: {
      url: maskUrlCredentials(data.connection.url),
      transport: data.connection.transport,
      headerNames: data.connection.headerNames,
    },
    server: data.server === null ? null : { ...data.server, url: maskUrlCredentials(data.server.url) },
    results: data.results.map((result) => ({
      ...result,
      arguments: redactJson(result.arguments),
      ...(result.outcome && { outcome: redactJson(result.outcome) }),
    })),
    lists: redactLists(data.lists ?? {}),
    ...(data.playground &&
      data.playground.conversations.length > 0 && {
        playground: { conversations: data.playground.conversations.map(redactConversation) },
      }),
    ...(data.console && (data.console.lines.length > 0 || data.console.dropped > 0) && { console: redactConsole(data.console) }),
  };
  const headText = JSON.stringify(head);
  // Exchanges carry their bodies (up to tens of megabytes in all), so they are written in parts too.
  const exchangeChunk = Math.max(1, Math.floor(chunk / 20));
  yield `${headText.slice(0, -1)},"http":{"evicted":${Math.max(0, data.http.evicted)},"exchanges":[`;
  yield* jsonArrayParts(data.http.exchanges, exchangeChunk, redactExchange);
  yield `]},"log":{"evicted":${Math.max(0, data.log.evicted)},"items":[`;
  yield* jsonArrayParts(data.log.items, chunk, redactItem);
  yield ']}}';
}

function* jsonArrayParts<T>(items: readonly T[], chunk: number, redact: (item: T) => T): Generator<string> {
  for (let start = 0; start < items.length; start += chunk) {
    const part = items.slice(start, start + chunk).map((item) => JSON.stringify(redact(item)));
    yield (start === 0 ? '' : ',') + part.join(',');
  }
}

/** Parses the text of a session file and reads it through the schema (session-file-schema.ts). */
export function parseSessionFile(text: string, bounds: SessionFileBounds = SESSION_FILE_BOUNDS): ParsedSession {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = describeError(error);
    return {
      ok: false,
      error: `This file is not valid JSON (${reason}); it may be truncated or not a session file. Open a file saved with Save session.`,
    };
  }
  return checkSessionFile(value, bounds);
}

/**
 * Checks an already-parsed value. Only the envelope is fatal (not a session file, a newer version); below
 * it, whatever has the wrong type or exceeds a bound is left out or cut, and the opened log begins with
 * notes that say what.
 */
function checkSessionFile(value: unknown, bounds: SessionFileBounds = SESSION_FILE_BOUNDS): ParsedSession {
  if (
    typeof value !== 'object' ||
    value === null ||
    Array.isArray(value) ||
    (value as { format?: unknown }).format !== SESSION_FILE_FORMAT
  ) {
    return {
      ok: false,
      error: 'This is not an MCP Lens session file (it has no "format": "mcp-lens-session"). Open a file saved with Save session.',
    };
  }
  const envelope = value as Record<string, unknown>;
  const version = envelope.version;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < SESSION_FILE_MIN_VERSION) {
    return {
      ok: false,
      error: 'This session file is damaged: its version is missing or invalid. Save the session again, or open another file.',
    };
  }
  if (version > SESSION_FILE_VERSION) {
    return {
      ok: false,
      error: `This session file was saved by a newer MCP Lens (format version ${version}; this one reads version ${SESSION_FILE_VERSION}). Update MCP Lens to open it.`,
    };
  }
  const reader = new SessionFileReader(bounds);
  const file = reader.file(envelope, version);
  const notes = reader.notes();
  if (notes.length === 0) return { ok: true, file, notes };
  const first = file.log.items[0];
  const time = first === undefined ? 0 : first.type === 'note' ? first.time : first.entry.time;
  const noteItems: SavedLogItem[] = notes.map((text, index) => ({
    id: `file-note-${index}`,
    type: 'note',
    seq: 0,
    time,
    level: 'warning',
    text,
  }));
  return { ok: true, file: { ...file, log: { ...file.log, items: [...noteItems, ...file.log.items] } }, notes };
}
