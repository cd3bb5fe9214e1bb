/** What each feature's handlers get from the engine: effects, the live session, and a way to speak up. */
import type { EngineApi, EngineMethod } from '../../shared/boundary.ts';
import type { EngineEvent } from '../../shared/events.ts';
import type { CallMark } from '../wire/call-marks.ts';
import type { Clock } from '../clock.ts';
import type { Session } from '../session/session.ts';
import type { FetchLike, WireTap } from '../wire/wire-tap.ts';

export interface FeatureContext {
  /** The untapped fetch, for requests that are not MCP traffic (icons, probes). */
  fetch: FetchLike;
  clock: Clock;
  emit: (event: EngineEvent) => void;
  /**
   * Records raw HTTP a feature sends beside the session (the audit's probes) through the wire tap, the one
   * recorder: the exchange and its messages go to the page, never to the session's pairing or `watchWire`.
   */
  beside: WireTap['beside'];
  note: (level: 'info' | 'warning' | 'error', text: string) => void;
  /** The current session, or a `not-connected` EngineError thrown for the UI. */
  requireSession: () => Session;
  /**
   * Runs `send` (one request) marked in the message log as asked for by the MCP App `app`, when there is
   * one; otherwise just runs it.
   */
  onBehalfOf: <T>(app: string | undefined, method: string, target: string, send: () => Promise<T>, job?: string) => Promise<T>;
  /**
   * Runs `send` (one request) for the registry's job `job`, when there is one: the first outgoing frame that
   * `matches` gets the origin `{ feature: 'job', id: job }`, by which the job finds its line in the log.
   */
  asJob: <T>(job: string | undefined, matches: (frame: unknown) => boolean, send: () => Promise<T>) => Promise<T>;
  /** Runs `send` (one request) with `mark` on the log entry of the first outgoing frame that `matches`. */
  marked: <T>(mark: CallMark, matches: (frame: unknown) => boolean, send: () => Promise<T>) => Promise<T>;
  /**
   * Calls `listener` with each message-log entry and HTTP exchange as it is emitted, until the returned
   * function is called: how a feature learns the log ids of the requests it sent (the audit cites them).
   */
  watchWire: (listener: (event: WireEvent) => void) => () => void;
}

/** The events that describe the wire: a message-log entry or an HTTP exchange (each exchange updates as it goes). */
export type WireEvent = Extract<EngineEvent, { type: 'message' | 'http' }>;

/** `job`: the id of the UI registry's job making the call (src/app/calls.ts), for `FeatureContext.asJob`. */
type Handler<M extends EngineMethod> = (
  params: EngineApi[M]['params'],
  signal?: AbortSignal,
  job?: string,
) => Promise<EngineApi[M]['result']>;

/** The handlers one feature contributes, for the methods of its API interface. */
export type Handlers<Api> = { [M in keyof Api & EngineMethod]: Handler<M> };
