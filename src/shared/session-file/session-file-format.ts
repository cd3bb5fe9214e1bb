/**
 * The session file's layout: what a person saves to share or reopen a session later. Header values are
 * never in it (names only); URLs and JSON carry the masks of redact.ts.
 *
 * Layout (version 2):
 *   { format: "mcp-lens-session", version: 2, savedAt, app: {name, version},
 *     connection: {url, transport, headerNames}, server: ServerSummary | null,
 *     lists: {"tools/list"?: {pages, items}, ...}, results: [...],
 *     http: {evicted, exchanges}, log: {evicted, items} }
 * The notification timeline is the inbound notifications of `log.items`, stored once.
 * Version 2 added `lists` (the Tools, Resources and Prompts lists as last shown, so a replay rebuilds them
 * even when the log evicted the responses) and HTTP bodies on exchanges (`requestBody`/`responseBody`).
 * `playground: {conversations}` (optional, no version change: older readers ignore it) holds the Playground's
 * conversations, reopened read-only (saved-conversation.ts). `console: {dropped, lines}` (optional, likewise) holds
 * the console of a stdio server behind the local relay (saved-console.ts).
 * Version 1 files still open: their lists are rebuilt from the log alone.
 */
import type { EngineError } from '../errors.ts';
import type { HttpExchange, MessageEntry } from '../events.ts';
import type { ServerSummary, ToolCallOutcome, TransportChoice } from '../model.ts';
import type { ListSnapshots } from '../replay-api.ts';
import type { SavedConsole } from './saved-console.ts';
import type { SavedConversation } from './saved-conversation.ts';

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
  /** The Playground's conversations (absent when there were none, and in files saved before it). */
  playground?: { conversations: SavedConversation[] };
  /** The console of a stdio server behind the local relay (absent when it had none, and in files saved before it). */
  console?: SavedConsole;
}

export interface SessionFile extends SessionData {
  format: typeof SESSION_FILE_FORMAT;
  version: number;
  savedAt: string;
  app: { name: string; version: string };
}
