/**
 * The worker boundary: every message that crosses between the UI thread and the engine.
 * Plain, structured-clone-safe data only — no class instances, no functions.
 */
import type { Root, ServerRequestAnswer } from './client-features.ts';
import type { CorsDiagnosis } from './cors.ts';
import type { EngineError } from './errors.ts';
import type { EngineEvent } from './events.ts';
import type { FeatureApis } from './features.ts';
import type {
  ConnectParams,
  IconResult,
  ListRequest,
  PingResult,
  ServerSummary,
  ToolCallOutcome,
  ToolCallParams,
  ToolList,
} from './model.ts';

/** The session itself: connecting, ending, liveness, and fetching what the server points at. */
export interface SessionApi {
  connect: { params: ConnectParams; result: ServerSummary };
  disconnect: { params: undefined; result: undefined };
  ping: { params: undefined; result: PingResult };
  fetchIcon: { params: { src: string }; result: IconResult };
  /**
   * Runs the CORS doctor on request (e.g. when the 2026-07-28 probe could not be sent): what the server's
   * preflight allows of what either era sends. `headerNames` are the user's extra headers (names only);
   * `paramHeaders` the `Mcp-Param-<Name>` headers the server's tools declare.
   */
  checkCors: { params: { url: string; headerNames: string[]; paramHeaders: string[] }; result: CorsDiagnosis };
}

export interface ToolsApi {
  listTools: { params: ListRequest; result: ToolList };
  callTool: { params: ToolCallParams; result: ToolCallOutcome };
}

/** The client side a person answers: server requests waiting in the queue, and the roots we offer. */
export interface ClientFeaturesApi {
  /** Answers a pending server request; fails if it already left (cancelled, timed out, session closed). */
  answerServerRequest: { params: { id: string; answer: ServerRequestAnswer }; result: undefined };
  /** Replaces the roots list; when connected with the roots capability, sends notifications/roots/list_changed. */
  setRoots: { params: { roots: Root[] }; result: { notified: boolean } };
}

/**
 * Method name → params and result of every call the UI can make on the engine: the session, tools and the
 * client side here, and each feature's own interface, composed in features.ts; each is served by its own
 * handlers in src/engine/.
 */
export type EngineApi = SessionApi & ToolsApi & ClientFeaturesApi & FeatureApis;

export type EngineMethod = keyof EngineApi;

/**
 * Calls an engine method, on the engine itself or through the worker's client. `job` is the id of the
 * registry's job making the call (src/app/calls.ts), which the request's log entry carries as its `origin`.
 */
export type EngineCall = <M extends EngineMethod>(
  method: M,
  params: EngineApi[M]['params'],
  signal?: AbortSignal,
  job?: string,
) => Promise<EngineApi[M]['result']>;

export type ToEngine =
  /**
   * `job` is the id of the job in the UI's registry (src/app/calls.ts) that made the call: the request the call
   * sends carries it as its log entry's `origin` (src/engine/wire/call-marks.ts), so the job finds its line by it.
   */
  | { kind: 'call'; id: number; method: EngineMethod; params: unknown; job?: string }
  /** Aborts the call with this id; the engine turns it into `notifications/cancelled`. */
  | { kind: 'cancel'; id: number }
  /**
   * The page is idle before any call: the worker may run its warm-up (src/engine/warm-up.ts), which stops once
   * a call comes. Sent once, by the composition root; a worker that has already had a call ignores it.
   */
  | { kind: 'warm' };

/**
 * A result carries the events emitted since the last flush (`events`, at most one batch), so a call answered
 * within a flush crosses the boundary once. The UI hands them over before it settles the call.
 */
export type FromEngine =
  | { kind: 'result'; id: number; ok: true; value: unknown; events?: EngineEvent[] }
  | { kind: 'result'; id: number; ok: false; error: EngineError; events?: EngineEvent[] }
  /** Events are sent in batches so a chatty server costs one postMessage per flush, not per frame. */
  | { kind: 'events'; events: EngineEvent[] };

/** The structural subset of `Worker`, `DedicatedWorkerGlobalScope` and `MessagePort` that both sides use. */
export interface Endpoint {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  start?(): void;
}
