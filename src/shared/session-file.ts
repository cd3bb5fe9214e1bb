/**
 * The session file: what a person saves to share or reopen a session later. Versioned JSON with a schema
 * check on the way in, so a file from a newer MCP Lens, another tool, or a truncated download gets an error
 * that says which, not a half-loaded view. Everything in it is redacted on the way out: header values are
 * left out, secret-looking query parameters and JSON fields are masked.
 *
 * Layout (version 2):
 *   { format: "mcp-lens-session", version: 2, savedAt, app: {name, version},
 *     connection: {url, transport, headerNames}, server: ServerSummary | null,
 *     lists: {"tools/list"?: {pages, items}, ...}, results: [...],
 *     http: {evicted, exchanges}, log: {evicted, items} }
 * The notification timeline is the inbound notifications of `log.items`, stored once.
 * Version 2 added `lists` (the Tools, Resources and Prompts lists as last shown, so a replay rebuilds them
 * even when the log evicted the responses) and HTTP bodies on exchanges (`requestBody`/`responseBody`).
 * Version 1 files still open: their lists are rebuilt from the log alone.
 */
import type { EngineError } from './errors.ts';
import type { HttpExchange, MessageEntry } from './events.ts';
import type { ServerSummary, ToolCallOutcome, TransportChoice } from './model.ts';
import { ownEntries } from './own.ts';
import { REPLAY_LIST_METHODS, type ListSnapshots } from './replay-api.ts';

export const SESSION_FILE_FORMAT = 'mcp-lens-session';
export const SESSION_FILE_VERSION = 2;
/** The oldest version this MCP Lens still opens. */
export const SESSION_FILE_MIN_VERSION = 1;
export const SESSION_FILE_EXTENSION = '.mcplens.json';

export type SavedLogItem =
  | { id: string; type: 'message'; entry: MessageEntry }
  | { id: string; type: 'note'; seq: number; time: number; level: 'info' | 'warning' | 'error'; text: string };

export interface SavedResult {
  time: number;
  tool: string;
  arguments: unknown;
  outcome?: ToolCallOutcome;
  error?: EngineError;
}

export interface SessionData {
  connection: { url: string; transport: TransportChoice; headerNames: string[] };
  server: ServerSummary | null;
  log: { evicted: number; items: SavedLogItem[] };
  http: { evicted: number; exchanges: HttpExchange[] };
  results: SavedResult[];
  /** The lists as last shown (absent in version 1 files). */
  lists?: ListSnapshots;
}

export interface SessionFile extends SessionData {
  format: typeof SESSION_FILE_FORMAT;
  version: number;
  savedAt: string;
  app: { name: string; version: string };
}

export type ParsedSession = { ok: true; file: SessionFile } | { ok: false; error: string };

const SECRET_KEY =
  /^(authorization|proxy-authorization|cookie|password|passwd|secret|client_secret|access_token|refresh_token|id_token|token|api[-_]?key|x-api-key)$/i;
const SECRET_PARAM = /token|secret|password|passwd|api[-_]?key|^key$|^sig$|signature|^code$/i;
const MASK = '•••• (redacted)';

/** Masks credentials in a URL: user info, and query parameters that look like secrets. */
export function redactUrl(input: string): string {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return input;
  }
  if (url.username || url.password) {
    url.username = '';
    url.password = '';
  }
  for (const name of [...url.searchParams.keys()]) if (SECRET_PARAM.test(name)) url.searchParams.set(name, 'redacted');
  return url.href;
}

/** A copy of a JSON value with secret-looking fields masked. Leaves the value itself untouched. */
export function redactJson(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object' || depth > 200) return value;
  if (Array.isArray(value)) return value.map((item) => redactJson(item, depth + 1));
  return ownEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      SECRET_KEY.test(key) && typeof item === 'string' ? MASK : redactJson(item, depth + 1),
    ]),
  );
}

function redactItem(item: SavedLogItem): SavedLogItem {
  if (item.type === 'note') return item;
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

const redactExchange = (exchange: HttpExchange): HttpExchange => ({ ...exchange, url: redactUrl(exchange.url) });

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
    connection: { url: redactUrl(data.connection.url), transport: data.connection.transport, headerNames: data.connection.headerNames },
    server: data.server === null ? null : { ...data.server, url: redactUrl(data.server.url) },
    results: data.results.map((result) => ({
      ...result,
      arguments: redactJson(result.arguments),
      ...(result.outcome && { outcome: redactJson(result.outcome) }),
    })),
    lists: redactLists(data.lists ?? {}),
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

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

function checkItem(item: unknown, index: number): string | null {
  if (!isObject(item) || typeof item.id !== 'string') return `log item ${index} has no id`;
  if (item.type === 'note') return typeof item.text === 'string' && typeof item.time === 'number' ? null : `log note ${index} is malformed`;
  if (item.type !== 'message' || !isObject(item.entry)) return `log item ${index} is neither a message nor a note`;
  const entry = item.entry;
  if (!isCount(entry.seq) || typeof entry.time !== 'number') return `message ${index} has no seq or time`;
  if (entry.direction !== 'in' && entry.direction !== 'out') return `message ${index} has no direction`;
  if (!['request', 'response', 'error', 'notification', 'invalid'].includes(entry.kind as string))
    return `message ${index} has an unknown kind`;
  return null;
}

const isBody = (body: unknown) => body === undefined || (isObject(body) && typeof body.text === 'string' && isCount(body.size));

function checkExchange(exchange: unknown, index: number): string | null {
  if (!isObject(exchange) || !isCount(exchange.seq) || typeof exchange.method !== 'string' || typeof exchange.url !== 'string') {
    return `HTTP exchange ${index} is malformed`;
  }
  if (!isBody(exchange.requestBody) || !isBody(exchange.responseBody)) return `HTTP exchange ${index} has a malformed body`;
  return Array.isArray(exchange.requestHeaders) ? null : `HTTP exchange ${index} has no request headers`;
}

/** `lists` is optional (version 1 has none); when present each list is {pages, items[]}. */
function checkLists(lists: unknown): string | null {
  if (lists === undefined) return null;
  if (!isObject(lists)) return 'the saved lists are malformed';
  for (const method of REPLAY_LIST_METHODS) {
    const list = lists[method];
    if (list !== undefined && (!isObject(list) || !isCount(list.pages) || !Array.isArray(list.items)))
      return `the saved ${method} list is malformed`;
  }
  return null;
}

/** Checks an already-parsed value against the layout of its version (1 or 2). */
export function checkSessionFile(value: unknown): ParsedSession {
  const fail = (reason: string): ParsedSession => ({
    ok: false,
    error: `This session file is damaged: ${reason}. Save the session again, or open another file.`,
  });
  if (!isObject(value) || value.format !== SESSION_FILE_FORMAT) {
    return {
      ok: false,
      error: 'This is not an MCP Lens session file (it has no "format": "mcp-lens-session"). Open a file saved with Save session.',
    };
  }
  if (typeof value.version !== 'number' || !Number.isInteger(value.version) || value.version < SESSION_FILE_MIN_VERSION)
    return fail('its version is missing or invalid');
  if (value.version > SESSION_FILE_VERSION) {
    return {
      ok: false,
      error: `This session file was saved by a newer MCP Lens (format version ${value.version}; this one reads version ${SESSION_FILE_VERSION}). Update MCP Lens to open it.`,
    };
  }
  if (typeof value.savedAt !== 'string' || !isObject(value.app)) return fail('savedAt or app is missing');
  const connection = value.connection;
  if (!isObject(connection) || typeof connection.url !== 'string' || !Array.isArray(connection.headerNames))
    return fail('the connection settings are missing');
  if (value.server !== null && (!isObject(value.server) || !isObject(value.server.server))) return fail('the server summary is malformed');
  const log = value.log;
  if (!isObject(log) || !isCount(log.evicted) || !Array.isArray(log.items)) return fail('the message log is missing');
  for (let index = 0; index < log.items.length; index += 1) {
    const problem = checkItem(log.items[index], index);
    if (problem) return fail(problem);
  }
  const http = value.http;
  if (!isObject(http) || !isCount(http.evicted) || !Array.isArray(http.exchanges)) return fail('the HTTP exchanges are missing');
  for (let index = 0; index < http.exchanges.length; index += 1) {
    const problem = checkExchange(http.exchanges[index], index);
    if (problem) return fail(problem);
  }
  const listsProblem = checkLists(value.lists);
  if (listsProblem) return fail(listsProblem);
  if (!Array.isArray(value.results) || !value.results.every((result) => isObject(result) && typeof result.tool === 'string')) {
    return fail('the tool results are malformed');
  }
  return { ok: true, file: value as unknown as SessionFile };
}

/** Parses and checks the text of a session file. */
export function parseSessionFile(text: string): ParsedSession {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      error: `This file is not valid JSON (${reason}); it may be truncated or not a session file. Open a file saved with Save session.`,
    };
  }
  return checkSessionFile(value);
}
