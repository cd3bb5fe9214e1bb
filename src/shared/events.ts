/** What the engine pushes to the UI as it happens. */
import type { EngineError } from './errors.ts';
import type { FeatureEvent, FeatureOrigin } from './features.ts';
import type { PendingServerRequest, ServerRequestEndReason } from './client-features.ts';
import type { ServerSummary } from './model.ts';
import type { TaskInfo } from './tasks.ts';

export interface CallProgress {
  progress: number;
  total?: number;
  message?: string;
}

export type Direction = 'in' | 'out';

/** `invalid` is received bytes that are not a JSON-RPC message; they are kept raw with the reason. */
export type MessageKind = 'request' | 'response' | 'error' | 'notification' | 'invalid';

export interface MessageEntry {
  /** Monotonic per engine, so entries sort and key stably across reconnects. */
  seq: number;
  /** Epoch milliseconds. */
  time: number;
  direction: Direction;
  kind: MessageKind;
  method?: string;
  rpcId?: string | number;
  /** For responses and errors: milliseconds since the request with the same id went the other way. */
  latencyMs?: number;
  /** For responses and errors: the seq of the request they answer. */
  requestSeq?: number;
  /** The parsed message, bounded in size and depth. Absent for `invalid`. */
  message?: unknown;
  /** The message's size as JSON text (characters), measured in the worker; what the log's byte budget counts. */
  size?: number;
  /** A notification over MAX_NOTIFICATION_CHARS: `message` keeps its start only (strings cut), `size` says how big it was. */
  cut?: true;
  /** Raw text, for received bytes that could not be parsed (truncated to a bound). */
  raw?: string;
  parseError?: string;
  /** Set when a response arrives for a request that was cancelled or timed out: the client ignores it. */
  late?: boolean;
  /** Set when a response arrives for an id we never sent (or already had answered). */
  unmatched?: boolean;
  /** The `seq` of the HTTP exchange that carried this message (see HttpExchange), linking the two views. */
  httpSeq?: number;
  /** The SSE event `id` this message arrived with, if any (what a resumption's Last-Event-ID refers to). */
  sseEventId?: string;
  /** A well-formed message that breaks a rule of the spec (a notification carrying an id), in plain words. */
  violation?: string;
  /** Who in MCP Lens sent this request, when something asked for it beyond the SDK's own traffic (call-marks.ts). */
  origin?: MessageOrigin;
}

/**
 * The one mark an outgoing request (and, for the audit's probes, its answer) carries: the feature that sent it
 * and the id that feature knows it by. A job of the registry (src/app/calls.ts) finds its request by its id
 * (`jobIdOf`, message-origin.ts): a job's own request (a tool call, prompt get, ping, log level, subscription or
 * task action) is marked `{ feature: 'job', id }` with the job's id, a feature's carries the job as its mark's
 * `job`. Each feature declares its mark in its own file (features.ts lists them).
 */
export type MessageOrigin = { feature: 'job'; id: string } | FeatureOrigin;

/**
 * An HTTP body as it crossed the wire: the text the browser sent or received (not rebuilt from messages),
 * bounded, with secret-looking JSON fields masked when it was recorded.
 */
export interface WireBody {
  /** The body, or its first part when `truncated`; empty when `dropped`. */
  text: string;
  /** Length of the whole body in characters (what `text` would be uncut). */
  size: number;
  /** Only the first part of the body was kept (see MAX_WIRE_BODY_CHARS). */
  truncated?: boolean;
  /** The text was let go to keep the HTTP view's memory bounded (oldest bodies go first). */
  dropped?: boolean;
}

/** One HTTP request the engine made, as the browser saw it. Secret headers are already masked. */
export interface HttpExchange {
  seq: number;
  time: number;
  method: string;
  url: string;
  requestHeaders: Array<[string, string]>;
  /** Absent when the request failed before a response (network, CORS). */
  status?: number;
  statusText?: string;
  responseHeaders?: Array<[string, string]>;
  contentType?: string;
  /** Milliseconds until the response headers arrived. */
  durationMs: number;
  error?: string;
  /** The MCP session id sent with the request or assigned by the response (`Mcp-Session-Id`). */
  sessionId?: string;
  /** Set on a stream reconnect: the `Last-Event-ID` the client resumed from. */
  lastEventId?: string;
  /** For an SSE response: events seen so far, the last event id, and the server's last `retry` advice. */
  sse?: { events: number; lastEventId?: string; retryMs?: number };
  /** Milliseconds until the body ended (stream closed); absent while it is still open. */
  endedMs?: number;
  /**
   * Milliseconds until the client cancelled the request this response stream answers. The server may
   * keep the stream open after that, but the call is over for the client.
   */
  cancelledMs?: number;
  /** Body bytes received so far. */
  bodyBytes?: number;
  /** What was sent (POST bodies). */
  requestBody?: WireBody;
  /** What was received, attached when the body ends (so an open stream has none yet). */
  responseBody?: WireBody;
}

export type ConnectionPhase = 'disconnected' | 'connecting' | 'connected' | 'failed';

/**
 * An event stream the client means to keep open ended (the standalone GET stream, or a request's stream
 * before its answer) and the client reconnects with Last-Event-ID, or has stopped trying. Spec-style SSE
 * polling (the server advised `retry`, sent events, closed cleanly) is not a drop.
 */
export interface StreamDrop {
  time: number;
  /** What ended the stream, in plain words (the transport's error when there was one). */
  reason: string;
  /** The last SSE event id seen before the drop: what the reconnect resumes from. */
  lastEventId?: string;
  /** When the client tries again. Absent when it has stopped. */
  reconnectInMs?: number;
  /** The client gave up on the stream for this connection: server-sent notifications will not arrive. */
  stopped?: boolean;
}

/** MCP 2026-07-28: the `subscriptions/listen` stream that carries change notifications. */
export interface ListenState {
  status: 'opening' | 'listening' | 'closed';
  /** What MCP Lens asked for. */
  requested: {
    toolsListChanged?: boolean | undefined;
    promptsListChanged?: boolean | undefined;
    resourcesListChanged?: boolean | undefined;
    resourceSubscriptions?: string[] | undefined;
  };
  /** What the server acknowledged it will send (a subset of `requested`). */
  honoured?: ListenState['requested'];
  /** local: we closed it; graceful: the server ended it; remote: it dropped; error: it never opened. */
  closedBy?: 'local' | 'graceful' | 'remote' | 'error';
  reason?: string;
}

export type EngineEvent =
  | { type: 'message'; entry: MessageEntry }
  | { type: 'http'; exchange: HttpExchange }
  | { type: 'connection'; phase: ConnectionPhase; summary?: ServerSummary; error?: EngineError }
  /** Progress of one tool call (by the caller's trackingId): notifications/progress, or a task's status. */
  | { type: 'call-progress'; trackingId: string; progress?: CallProgress; task?: TaskInfo }
  /** The server dropped an event stream (see StreamDrop); the connection bar shows a stream that keeps dropping. */
  | { type: 'stream-drop'; drop: StreamDrop }
  /** Where the modern era's listen stream stands. */
  | { type: 'listen'; state: ListenState }
  /** The engine dropped nothing silently: a note a person should see in the log (fallbacks, closed streams). */
  | {
      type: 'note';
      time: number;
      level: 'info' | 'warning' | 'error';
      text: string;
      /** A new connection starts here: the log and the timeline draw a line, so one server's traffic never runs into another's. */
      boundary?: true;
    }
  /** A server→client request that needs a person (sampling, elicitation). */
  | { type: 'server-request'; request: PendingServerRequest }
  /** It left the queue: answered, cancelled or timed out by the server, the session closed, or refused. */
  | { type: 'server-request-ended'; id: string; reason: ServerRequestEndReason; text: string }
  /** `notifications/elicitation/complete` for a URL elicitation this client knows. */
  | { type: 'elicitation-complete'; elicitationId: string }
  /** Each feature's own events (the audit's, a sign-in's, the console's, …): see features.ts. */
  | FeatureEvent;
