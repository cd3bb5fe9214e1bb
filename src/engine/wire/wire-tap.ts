/**
 * The instrumented fetch the SDK transports are given. It sees the exact bytes: every request body we send,
 * every JSON body and SSE event we receive — including those that fail to parse, which the SDK would
 * only report as an error without the text. It changes nothing the SDK reads.
 */
import type { HttpExchange, MessageEntry, MessageOrigin } from '../../shared/events.ts';
import { DEFAULT_LIMITS, type Limits } from '../../shared/limits.ts';
import type { Clock } from '../clock.ts';
import type { MessageRecorder } from './message-recorder.ts';
import { sseTap } from './sse-tap.ts';
import { jsonDepthExceeds, readBounded, tooDeep, type StreamFault } from '../guards/stream-guard.ts';
import { trackExchange, type ExchangeTracker } from './wire-exchange.ts';
import { describeError } from '../../shared/read.ts';

export type FetchLike = (input: string | URL, init?: RequestInit) => Promise<Response>;

/** An HTTP request MCP Lens sent beside the session, with headers all its own (an audit probe). */
interface BesideRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** What came back to a request beside the session: its status, headers (lower-case names) and body text. */
interface BesideResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The record of one request beside the session, as it goes out; `end` records what came back. */
interface BesideRecord {
  readonly httpSeq: number;
  /** The JSON-RPC message the request carried, as its log entry; undefined for a body that is none. */
  readonly request: MessageEntry | undefined;
  /**
   * Records the answer (or why there was none) and its JSON-RPC message, `answer`, when the caller found one in
   * the body; returns the exchange as recorded (masked and bounded) and the answer's entry.
   */
  end(outcome: { response: BesideResponse; answer?: unknown } | { problem: string }): { exchange: HttpExchange; answer?: MessageEntry };
}

/** The instrumented fetch, and raw exchanges beside the session recorded the same way (`beside`). */
export interface WireTap extends FetchLike {
  /**
   * Records raw HTTP sent beside the session: the exchange and its JSON-RPC messages, classified, captured,
   * masked and bounded as the session's traffic is, each entry with the origin `mark`. They go to `onBeside`,
   * never to the session's pairing, guards or watchers: they are not on the session.
   */
  beside(mark: MessageOrigin, request: BesideRequest): BesideRecord;
}

export interface WireTapDeps {
  fetch: FetchLike;
  /** Times exchanges and runs the idle timeouts. */
  clock: Clock;
  nextSeq: () => number;
  recorder: MessageRecorder;
  onExchange: (exchange: HttpExchange) => void;
  /** Non-message SSE events (the legacy `endpoint` event) and stream anomalies worth a line in the log. */
  onNote: (text: string, level?: 'info' | 'warning') => void;
  /** The bounds in force (they come with each connect). */
  limits?: () => Limits;
  /** An SSE event arrived on any stream (with its id, if any). */
  onDelivered?: (eventId: string | undefined) => void;
  /** A server advised an SSE `retry` delay. */
  onRetry?: (ms: number) => void;
  /** A bound tripped on the response to a POST carrying these request ids. */
  onFault?: (requestIds: Array<string | number>, fault: StreamFault) => void;
  /**
   * Each message received, as sent, with the body of the POST it answers (undefined on the standalone GET
   * stream): what the message arrived in answer to. SSE messages and JSON bodies alike.
   */
  onStreamMessage?: (message: unknown, requestBody: string | undefined) => void;
  /** A person is answering a question from the server: a response stream's silence is theirs, not the server's (sse-tap.ts). */
  personAnswering?: () => boolean;
  /** Where what `beside` records goes (straight to the page); absent, it is recorded and returned only. */
  onBeside?: (event: { type: 'message'; entry: MessageEntry } | { type: 'http'; exchange: HttpExchange }) => void;
}

const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

function mediaType(contentType: string | null): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

export function createWireTap(deps: WireTapDeps): WireTap {
  const tracking = { now: () => deps.clock.now(), nextSeq: deps.nextSeq, onExchange: deps.onExchange };
  /** Response streams still open, by the request id they answer: a cancellation marks its stream. */
  const openStreams = new Map<string, ExchangeTracker>();
  const idKey = (id: string | number) => `${typeof id}:${id}`;
  const tapped: FetchLike = async (input, init) => {
    // The request leaves first, and is recorded while it is on the wire: the log's work (parsing, bounding,
    // masking) then costs the call nothing (in Chromium about 70 µs of a 3 ms round trip). Nothing can come
    // back before this function awaits, so the request's entry still comes before anything that answers it.
    // (An async wrapper, so that a fetch that throws at once rejects here like any other.)
    const responded = (async () => deps.fetch(input, init))();
    const method = (init?.method ?? 'GET').toUpperCase();
    const url = String(input);
    // Only read here: the transport's own Headers object needs no copy.
    const requestHeaders = init?.headers instanceof Headers ? init.headers : new Headers(init?.headers);
    const exchange = trackExchange(tracking, method, url, requestHeaders);
    const origin = { httpSeq: exchange.seq };
    // Parsed once, by the recorder, for the log and for the ids below.
    let sent: unknown;
    if (typeof init?.body === 'string') {
      exchange.sent(init.body);
      sent = deps.recorder.outbound(init.body, origin);
      for (const id of cancelledIdsOf(sent)) openStreams.get(idKey(id))?.cancelled();
    }

    let response: Response;
    try {
      response = await responded;
    } catch (error) {
      exchange.failed(error);
      throw error;
    }
    exchange.responded(response);
    const sentSession = requestHeaders.get('mcp-session-id');
    const gotSession = response.headers.get('mcp-session-id');
    if (sentSession && gotSession && gotSession !== sentSession) {
      // The spec fixes the session id at the handshake; the SDK ignores a later one, and so do we — but say so.
      deps.onNote(
        `The server sent a different Mcp-Session-Id mid-session (${gotSession.slice(0, 80)}); it was ignored — the session id is only taken from the initialize response.`,
        'warning',
      );
    }
    if (response.body === null || NULL_BODY_STATUSES.has(response.status)) {
      exchange.ended();
      return response;
    }

    const limits = deps.limits?.() ?? DEFAULT_LIMITS;
    const requestIds = method === 'POST' ? requestIdsOf(sent) : [];
    const requestBody = typeof init?.body === 'string' ? init.body : undefined;
    const onFault = (fault: StreamFault) => deps.onFault?.(requestIds, fault);
    const init2 = { status: response.status, statusText: response.statusText, headers: response.headers };
    const type = mediaType(response.headers.get('content-type'));
    if (type === 'text/event-stream') {
      // Bounded by what the SDK has in flight: each entry leaves when its stream ends.
      for (const id of requestIds) openStreams.set(idKey(id), exchange);
      const stream: ExchangeTracker = {
        ...exchange,
        ended() {
          for (const id of requestIds) if (openStreams.get(idKey(id)) === exchange) openStreams.delete(idKey(id));
          exchange.ended();
        },
      };
      const tap = sseTap({
        recorder: deps.recorder,
        limits,
        clock: deps.clock,
        onNote: (level, text) => deps.onNote(text, level),
        onDelivered: (eventId) => deps.onDelivered?.(eventId),
        onRetry: (ms) => deps.onRetry?.(ms),
        onFault,
        // A subscriptions/listen stream (2026-07-28) is long-lived and may be silent: no idle timeout.
        idleTimeout: requestIds.length > 0 && !requestBody?.includes('"subscriptions/listen"'),
        ...(deps.personAnswering && { personAnswering: deps.personAnswering }),
        onMessage: (message) => deps.onStreamMessage?.(message, requestBody),
        exchange: stream,
      });
      return new Response(response.body.pipeThrough(tap), init2);
    }
    const what = `HTTP ${response.status} ${type || 'untyped'} body`;
    let body;
    try {
      body = await readBounded(response.body, limits, deps.clock, (partial) => {
        exchange.received(partial);
        deps.recorder.inboundUnparsed(partial, `${what}, cut off at the limit`, origin);
      });
    } catch (fault) {
      exchange.ended();
      onFault(fault as StreamFault);
      throw fault;
    }
    exchange.bytes(body.text.length);
    exchange.received(body.text);
    exchange.ended();
    if (body.invalidUtf8At !== undefined) {
      deps.onNote(
        `The ${what} is not valid UTF-8 (first bad byte at offset ${body.invalidUtf8At}); it was read with U+FFFD in its place.`,
        'warning',
      );
    }
    if (jsonDepthExceeds(body.text, limits.maxJsonDepth)) {
      const fault = tooDeep(limits);
      deps.recorder.inboundUnparsed(body.text, fault.message, origin);
      onFault(fault);
      throw fault;
    }
    const message = recordBody(body.text, response, type, method, deps, origin);
    if (message !== undefined) deps.onStreamMessage?.(message, requestBody);
    return new ReadResponse(body.text, init2);
  };
  return Object.assign(tapped, { beside: (mark: MessageOrigin, request: BesideRequest) => recordBeside(deps, mark, request) });
}

function recordBeside(deps: WireTapDeps, mark: MessageOrigin, request: BesideRequest): BesideRecord {
  const emit = deps.onBeside ?? (() => undefined);
  let last: HttpExchange | undefined;
  const tracking = {
    now: () => deps.clock.now(),
    nextSeq: deps.nextSeq,
    onExchange: (exchange: HttpExchange) => {
      last = exchange;
      emit({ type: 'http', exchange });
    },
  };
  // Lower-case, as fetch's Headers are; pairs, since a probe's values may be ones Headers refuses.
  const headers = Object.entries(request.headers).map(([name, value]): [string, string] => [name.toLowerCase(), value]);
  const exchange = trackExchange(tracking, request.method, request.url, headers, true);
  const origin = { httpSeq: exchange.seq };
  let sent: MessageEntry | undefined;
  if (request.body !== undefined) {
    exchange.sent(request.body);
    const value = parsedJson(request.body);
    if (value !== undefined) sent = deps.recorder.beside('out', value, origin, mark);
    if (sent) emit({ type: 'message', entry: sent });
  }
  return {
    httpSeq: exchange.seq,
    request: sent,
    end(outcome) {
      if ('problem' in outcome) {
        exchange.failed(outcome.problem);
        return { exchange: last! };
      }
      const { response } = outcome;
      exchange.responded({ status: response.status, headers: Object.entries(response.headers) });
      exchange.bytes(response.body.length);
      exchange.received(response.body);
      exchange.ended();
      const answer = outcome.answer === undefined ? undefined : deps.recorder.beside('in', outcome.answer, origin, mark, sent);
      if (answer) emit({ type: 'message', entry: answer });
      return { exchange: last!, ...(answer && { answer }) };
    },
  };
}

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The response the SDK gets for a body the tap has already read: `json()` and `text()` answer from that text
 * at once. A plain `new Response(text)` would have the browser read its body again, asynchronously, over
 * several tasks: in Chromium that added about 0.4 ms to every call through the engine (bench/call-cost.ts,
 * the overhead bench). Everything else (status, headers, `body`, `clone()`) is a Response's own.
 */
class ReadResponse extends Response {
  readonly #text: string;

  constructor(text: string, init: ResponseInit) {
    super(text, init);
    this.#text = text;
  }

  override json(): Promise<unknown> {
    // Parsed in a later microtask, as a Response would: a body that is not JSON rejects, it does not throw.
    return Promise.resolve(this.#text).then((text) => JSON.parse(text) as unknown);
  }

  override text(): Promise<string> {
    return Promise.resolve(this.#text);
  }
}

type SentMessage = { id?: unknown; method?: unknown; params?: { requestId?: unknown } };

/**
 * `pick` of each message of a parsed POST body (one message or a batch), each read without trusting its
 * shape; undefined is left out. One message, the usual body, costs no array of its own.
 */
function pickFrom(sent: unknown, pick: (message: SentMessage) => unknown): Array<string | number> {
  const picked: Array<string | number> = [];
  const visit = (m: unknown) => {
    const value = typeof m === 'object' && m !== null ? pick(m as SentMessage) : undefined;
    if (typeof value === 'string' || typeof value === 'number') picked.push(value);
  };
  if (Array.isArray(sent)) for (const m of sent) visit(m);
  else if (sent !== undefined) visit(sent);
  return picked;
}

/** The ids of the requests in a parsed POST body; notifications have none. */
const requestIdsOf = (sent: unknown) => pickFrom(sent, (m) => (typeof m.method === 'string' ? m.id : undefined));

/** The request ids a parsed POST of notifications/cancelled names. */
const cancelledIdsOf = (sent: unknown) => pickFrom(sent, (m) => (m.method === 'notifications/cancelled' ? m.params?.requestId : undefined));

/**
 * Logs a JSON body and returns what it parsed to (undefined when empty or not JSON). Only a success that
 * should carry messages makes a body that is not JSON-RPC a fault. A 202's body, an HTML 404 to Auto's probe,
 * an OAuth 401 or a 405 to the optional GET stream are HTTP answering as HTTP does: they stay out of the
 * message log's red, and their bodies are in the HTTP view.
 */
function recordBody(
  text: string,
  response: Response,
  type: string,
  method: string,
  deps: Pick<WireTapDeps, 'recorder' | 'onNote'>,
  origin: { httpSeq: number },
): unknown {
  if (text.trim() === '') return undefined;
  const what = type || 'untyped';
  // A 5xx is a real fault: its page stays in the log, raw and red, where the person looks first.
  const carriesMessages = (response.ok && response.status !== 202) || response.status >= 500;
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch (error) {
    if (!carriesMessages) return noteHttpAnswer(response, method, what, deps.onNote);
    const reason = describeError(error);
    deps.recorder.inboundUnparsed(text, `HTTP ${response.status} ${what} body is not JSON: ${reason}`, origin);
    return undefined;
  }
  if (!carriesMessages && !isJsonRpcShaped(message)) return noteHttpAnswer(response, method, what, deps.onNote);
  deps.recorder.inbound(message, origin, text);
  return message;
}

/** A JSON-RPC message or a batch of them (an error answer to a 400 is still a message worth its log row). */
const isJsonRpcShaped = (value: unknown): boolean =>
  Array.isArray(value) ? value.some(isJsonRpcShaped) : typeof value === 'object' && value !== null && 'jsonrpc' in value;

/** One quiet line for a 4xx answer; none at all where the spec expects it (202, 405 to the optional GET). */
function noteHttpAnswer(response: Response, method: string, what: string, onNote: WireTapDeps['onNote']): undefined {
  if (response.status === 202 || (response.status === 405 && method === 'GET')) return undefined;
  onNote(`HTTP ${response.status} to ${method}: a ${what} body, not a JSON-RPC message (it is in the HTTP view).`, 'info');
  return undefined;
}
