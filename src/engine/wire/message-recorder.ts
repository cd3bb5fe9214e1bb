/**
 * Turns frames into message-log entries: numbers them, pairs responses with their requests for latency,
 * and marks responses that arrive after we gave up on the request.
 */
import { boundJson, withinJsonBounds } from '../../shared/bounds.ts';
import type { CallMark } from './call-marks.ts';
import type { Direction, MessageEntry, MessageOrigin } from '../../shared/events.ts';
import { classifyFrame } from './frames.ts';
import { describeError } from '../../shared/read.ts';

/** Which HTTP exchange (and SSE event) carried a frame, so the log and the HTTP view link both ways. */
interface WireOrigin {
  httpSeq: number;
  sseEventId?: string;
}

export interface MessageRecorder {
  /** A JSON text we are about to send (a request body). Returns what it parsed to (undefined if it did not). */
  outbound(text: string, origin?: WireOrigin): unknown;
  /**
   * A parsed JSON value that arrived (body or SSE event data), which the recorder may keep as is: the caller
   * parsed it for the log and does not change it. `text` is the JSON text it was parsed from, when known.
   */
  inbound(value: unknown, origin?: WireOrigin, text?: string): void;
  /** Bytes that arrived but could not be parsed as JSON. */
  inboundUnparsed(raw: string, parseError: string, origin?: WireOrigin): void;
  /**
   * A frame of raw HTTP beside the session (an audit probe), as the entry it makes, not emitted: built the one
   * way every entry is, marked with `mark`, and paired only with `answers` (the probe's own request), never with
   * the session's requests, whose ids it may share.
   */
  beside(direction: Direction, value: unknown, origin: WireOrigin, mark: MessageOrigin, answers?: MessageEntry): MessageEntry;
}

const originFields = (origin: WireOrigin | undefined) =>
  origin === undefined ? {} : { httpSeq: origin.httpSeq, ...(origin.sseEventId !== undefined && { sseEventId: origin.sseEventId }) };

/** Raw text kept for an unparsable frame; enough to see what went wrong without holding megabytes. */
const MAX_RAW_CHARS = 64 * 1024;

/**
 * A notification larger than this (as JSON text) is kept cut, with its size: nobody asked for it, and a
 * listen stream of 2,000 notifications of 200 KB would otherwise hold 400 MB in the log and the page.
 */
const MAX_NOTIFICATION_CHARS = 16 * 1024;
const NOTIFICATION_BOUNDS = { maxDepth: 16, maxStringLength: 2 * 1024, maxNodes: 500 };

/**
 * The size of a frame as JSON text, measured here in the worker so the page never has to: the length of the
 * text it arrived as when that is known (one message per body or event), else of JSON.stringify's.
 */
function jsonChars(value: unknown, text: string | undefined): number | undefined {
  if (text !== undefined) return text.length;
  try {
    return JSON.stringify(value)?.length;
  } catch {
    return undefined;
  }
}

export function createMessageRecorder(deps: {
  now: () => number;
  emit: (entry: MessageEntry) => void;
  nextSeq: () => number;
  /** The origin of an outgoing request (a job, an MCP App, a re-send, an audit check), if it has one (call-marks.ts). */
  claimMark?: (frame: unknown) => CallMark | undefined;
}): MessageRecorder {
  /** Keyed by direction of the request + id, since both sides number their own requests. */
  const pending = new Map<string, { time: number; seq: number; httpSeq?: number }>();
  /**
   * The one request each HTTP exchange carried (null for a batch of several). A server that cannot read a
   * request's id answers with `"id": null`, e.g. a 2025 server's 400 to the era probe; the exchange it came back
   * on still says which request it answers.
   */
  const requestOfExchange = new Map<number, string | null>();
  /** Ids of our requests we cancelled (or that timed out): a response to them is late and ignored. */
  const abandoned = new Set<string>();
  const key = (requestDirection: Direction, id: string | number) => `${requestDirection}:${typeof id}:${id}`;

  const record = (direction: Direction, value: unknown, origin?: WireOrigin, text?: string) => {
    // Once cancelled, a request stops being pending: whatever answers it later is late, not a match.
    const { entry, facts } = entryOf(direction, value, origin, text, deps);
    const time = entry.time;
    const mark = direction === 'out' && facts.kind === 'request' ? deps.claimMark?.(value) : undefined;
    if (mark !== undefined) entry.origin = mark;
    if (facts.kind === 'request' && facts.rpcId !== undefined) {
      const requestKey = key(direction, facts.rpcId);
      pending.set(requestKey, { time, seq: entry.seq, ...(direction === 'out' && origin && { httpSeq: origin.httpSeq }) });
      if (direction === 'out' && origin) {
        requestOfExchange.set(origin.httpSeq, requestOfExchange.has(origin.httpSeq) ? null : requestKey);
      }
    }
    const answerKey =
      facts.rpcId !== undefined
        ? key(direction === 'in' ? 'out' : 'in', facts.rpcId)
        : facts.kind === 'error' && direction === 'in' && origin
          ? requestOfExchange.get(origin.httpSeq)
          : undefined;
    if ((facts.kind === 'response' || facts.kind === 'error') && answerKey) {
      const request = pending.get(answerKey);
      if (request) {
        entry.latencyMs = time - request.time;
        entry.requestSeq = request.seq;
        pending.delete(answerKey);
        if (request.httpSeq !== undefined) requestOfExchange.delete(request.httpSeq);
      }
      if (abandoned.delete(answerKey)) entry.late = true;
      else if (!request && facts.rpcId !== undefined) entry.unmatched = true;
    }
    if (direction === 'out' && facts.method === 'notifications/cancelled') {
      const requestId = (value as { params?: { requestId?: unknown } }).params?.requestId;
      if (typeof requestId === 'string' || typeof requestId === 'number') {
        const requestKey = key('out', requestId);
        abandoned.add(requestKey);
        const httpSeq = pending.get(requestKey)?.httpSeq;
        if (httpSeq !== undefined) requestOfExchange.delete(httpSeq);
        pending.delete(requestKey);
      }
    }
    deps.emit(entry);
  };

  return {
    outbound(text, origin) {
      try {
        const value: unknown = JSON.parse(text);
        // A body may hold a batch (a 2025-03-26 server): each frame its own entry; one message is the whole text.
        if (Array.isArray(value)) for (const frame of value) record('out', frame, origin);
        else record('out', value, origin, text);
        return value;
      } catch (error) {
        // We only send what the SDK serialised, so this is a bug of ours; still, keep it visible.
        deps.emit({ ...unparsed('out', text, error, deps), ...originFields(origin) });
        return undefined;
      }
    },
    inbound(value, origin, text) {
      if (Array.isArray(value)) for (const frame of value) record('in', frame, origin);
      else record('in', value, origin, text);
    },
    inboundUnparsed(raw, parseError, origin) {
      deps.emit({ ...unparsed('in', raw, parseError, deps), ...originFields(origin) });
    },
    beside(direction, value, origin, mark, answers) {
      const { entry } = entryOf(direction, value, origin, undefined, deps);
      entry.origin = mark;
      if (answers && answers.kind === 'request') {
        entry.requestSeq = answers.seq;
        entry.latencyMs = entry.time - answers.time;
      }
      return entry;
    },
  };
}

/** One frame as a log entry: classified, sized and bounded the one way every entry is. */
function entryOf(
  direction: Direction,
  value: unknown,
  origin: WireOrigin | undefined,
  text: string | undefined,
  deps: { now: () => number; nextSeq: () => number },
) {
  const facts = classifyFrame(value);
  const size = jsonChars(value, text);
  const cut = facts.kind === 'notification' && size !== undefined && size > MAX_NOTIFICATION_CHARS;
  const entry: MessageEntry = {
    seq: deps.nextSeq(),
    time: deps.now(),
    direction,
    kind: facts.kind,
    ...(facts.method !== undefined && { method: facts.method }),
    ...(facts.rpcId !== undefined && { rpcId: facts.rpcId }),
    // Parsed by the wire tap (or here) for the log alone: kept as is unless it is past a bound.
    message: cut ? boundJson(value, NOTIFICATION_BOUNDS) : withinJsonBounds(value),
    ...(size !== undefined && { size }),
    ...(cut && { cut: true as const }),
    ...(facts.problem !== undefined && { parseError: facts.problem }),
    ...originFields(origin),
  };
  if (facts.kind === 'request' && facts.method?.startsWith('notifications/')) {
    entry.violation = `"${facts.method}" is a notification, but it carries an id, which makes it a request: the client answers it with "method not found". Notifications must not have an id.`;
  }
  return { entry, facts };
}

function unparsed(direction: Direction, raw: string, error: unknown, deps: { now: () => number; nextSeq: () => number }): MessageEntry {
  return {
    seq: deps.nextSeq(),
    time: deps.now(),
    direction,
    kind: 'invalid',
    raw: raw.length > MAX_RAW_CHARS ? `${raw.slice(0, MAX_RAW_CHARS)}…[truncated ${raw.length - MAX_RAW_CHARS} chars]` : raw,
    parseError: describeError(error),
  };
}
