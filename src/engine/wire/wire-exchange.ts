/**
 * One HTTP exchange as the wire view shows it: reported when the response headers arrive (so a stream that
 * stays open is visible at once), again when the server advises a new `retry`, and once more when the body
 * ends. Each report is a complete, immutable `HttpExchange` with the same `seq`; the UI keeps the latest.
 */
import type { HttpExchange } from '../../shared/events.ts';
import { redactHeaders, redactResponseHeaders, redactUrl, redactUrlsIn } from '../../shared/redact.ts';
import { createBodyCapture, wireBody } from './wire-body.ts';
import { describeError } from '../../shared/read.ts';

/** A response's status line and headers, from a `Response` or from raw HTTP (lower-case names). */
interface ResponseHead {
  status: number;
  statusText?: string;
  headers: Iterable<[string, string]>;
}

export interface ExchangeTracker {
  readonly seq: number;
  responded(response: ResponseHead): void;
  failed(error: unknown): void;
  bytes(count: number): void;
  /** The request body as sent; reported with the next report (headers or failure). */
  sent(text: string): void;
  /** Response body text as it arrives; reported, bounded, when the body ends. */
  received(text: string): void;
  sseEvent(id: string | undefined): void;
  retry(ms: number): void;
  /** The client cancelled the request this response answers (notifications/cancelled went out). */
  cancelled(): void;
  ended(): void;
}

interface TrackerDeps {
  now: () => number;
  nextSeq: () => number;
  onExchange: (exchange: HttpExchange) => void;
}

const header = (pairs: Array<[string, string]>, name: string) => pairs.find(([key]) => key.toLowerCase() === name)?.[1];

/** The last URL masked, and its mask: a connection sends every request to the same URL, and parsing it costs. */
let lastUrl: { url: string; masked: string } | undefined;
function maskedUrl(url: string): string {
  if (lastUrl?.url !== url) lastUrl = { url, masked: redactUrl(url) };
  return lastUrl.masked;
}

/**
 * `ownHeaders`: every request header is MCP Lens's own (an audit probe's), none the person's, so only
 * secret-looking names are masked and a forged Host stays readable; otherwise only known protocol headers keep
 * their values. Headers come as pairs, not a `Headers`, which would refuse the malformed values a probe sends.
 */
export function trackExchange(
  deps: TrackerDeps,
  method: string,
  url: string,
  headers: Iterable<[string, string]>,
  ownHeaders = false,
): ExchangeTracker {
  const requestHeaders = ownHeaders ? redactResponseHeaders(headers) : redactHeaders(headers);
  const started = deps.now();
  const sessionId = header(requestHeaders, 'mcp-session-id');
  const lastEventId = header(requestHeaders, 'last-event-id');
  let current: HttpExchange = {
    seq: deps.nextSeq(),
    time: started,
    method,
    // Masked here, at capture: an `?api_key=` in the server URL never reaches the HTTP view, HAR or a file.
    url: maskedUrl(url),
    requestHeaders,
    durationMs: 0,
    ...(sessionId !== undefined && { sessionId }),
    ...(lastEventId !== undefined && { lastEventId }),
  };
  let done = false;
  const capture = createBodyCapture();
  // Counted here and folded into the next report: a flood's 20,000 events must not copy the exchange each.
  let bodyBytes: number | undefined;
  let sseEvents: number | undefined;
  let lastSseEventId: string | undefined;
  const report = (changes: Partial<HttpExchange>) => {
    const counted =
      sseEvents !== undefined ? { events: sseEvents, ...(lastSseEventId !== undefined && { lastEventId: lastSseEventId }) } : undefined;
    const sse = counted || changes.sse ? { events: 0, ...current.sse, ...changes.sse, ...counted } : undefined;
    current = { ...current, ...changes, ...(bodyBytes !== undefined && { bodyBytes }), ...(sse && { sse }) };
    deps.onExchange(current);
  };
  return {
    seq: current.seq,
    responded(response) {
      const received = [...response.headers];
      const responseHeaders = redactResponseHeaders(received);
      const contentType = header(received, 'content-type');
      const assigned = header(received, 'mcp-session-id');
      report({
        status: response.status,
        ...(response.statusText !== undefined && { statusText: response.statusText }),
        responseHeaders,
        ...(contentType !== undefined && { contentType }),
        ...(assigned !== undefined && { sessionId: assigned }),
        durationMs: deps.now() - started,
      });
    },
    failed(error) {
      done = true;
      report({ durationMs: deps.now() - started, error: redactUrlsIn(describeError(error)) });
    },
    sent(text) {
      current = { ...current, requestBody: wireBody(text) };
    },
    received(text) {
      capture.add(text);
    },
    bytes(count) {
      // Not reported on its own: a byte count is not worth a UI update per chunk.
      bodyBytes = (bodyBytes ?? 0) + count;
    },
    sseEvent(id) {
      sseEvents = (sseEvents ?? 0) + 1;
      if (id !== undefined && id !== '') lastSseEventId = id;
    },
    retry(ms) {
      report({ sse: { events: 0, ...current.sse, retryMs: ms } });
    },
    cancelled() {
      if (done || current.cancelledMs !== undefined) return;
      report({ cancelledMs: deps.now() - started });
    },
    ended() {
      if (done) return;
      done = true;
      const responseBody = capture.body();
      report({ endedMs: deps.now() - started, ...(responseBody && { responseBody }) });
    },
  };
}
