/**
 * HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/) from the wire view, for browser devtools and
 * HAR viewers. Headers, URLs and body secrets were masked when they were recorded; the export applies the
 * same policy (redact.ts) once more, so a body rebuilt from the log, an exchange from an older session file,
 * or a rule newer than the capture cannot let a secret through.
 * Bodies are the text the wire tap kept — what the browser actually sent and received, bodies that did
 * not parse included, even when the log evicted their messages. Only where the tap has no text (a stream
 * still open, a body dropped for memory, a file from an older MCP Lens) is a body rebuilt from the logged
 * messages, and the HAR says so in a comment.
 */
import type { HttpExchange, MessageEntry, WireBody } from '../shared/events.ts';
import { redactBodyText, redactHeaders, redactResponseHeaders, redactUrl, redactUrlsIn } from '../shared/redact.ts';
import { LENS_VERSION } from '../shared/version.ts';

interface HarHeader {
  name: string;
  value: string;
}

export interface HarLog {
  log: {
    version: '1.2';
    creator: { name: string; version: string };
    entries: unknown[];
  };
}

const headers = (pairs: Array<[string, string]>): HarHeader[] => pairs.map(([name, value]) => ({ name, value }));

function queryString(url: string): HarHeader[] {
  try {
    return Array.from(new URL(url).searchParams, ([name, value]) => ({ name, value }));
  } catch {
    return [];
  }
}

function bodyText(messages: readonly MessageEntry[]): string {
  const frames = messages.map((entry) => (entry.kind === 'invalid' ? (entry.raw ?? '') : JSON.stringify(entry.message)));
  return frames.join('\n');
}

/** The body's text and, when it is not the whole wire body, a HAR comment saying what it is instead. */
function body(wire: WireBody | undefined, messages: readonly MessageEntry[]): { text: string; comment?: string } {
  if (wire && !wire.dropped) {
    const text = redactBodyText(wire.text);
    return wire.truncated ? { text, comment: `Truncated: the first ${wire.text.length} of ${wire.size} characters were kept.` } : { text };
  }
  const rebuilt = redactBodyText(bodyText(messages));
  if (rebuilt === '') return { text: '' };
  const why = wire?.dropped ? 'its text was dropped to bound memory' : 'no wire text was kept';
  return { text: rebuilt, comment: `Rebuilt from the logged messages (${why}); the bytes on the wire may differ.` };
}

/** `carried(seq)` returns the messages an exchange carried, in order (both directions). */
export function toHar(
  exchanges: readonly HttpExchange[],
  carried: (seq: number) => readonly MessageEntry[],
  creatorVersion = LENS_VERSION,
): HarLog {
  const entries = exchanges.map((exchange) => {
    const messages = carried(exchange.seq);
    const sent = messages.filter((entry) => entry.direction === 'out');
    const received = messages.filter((entry) => entry.direction === 'in');
    const wait = Math.max(0, exchange.durationMs);
    const receive = Math.max(0, (exchange.endedMs ?? exchange.durationMs) - exchange.durationMs);
    const url = redactUrl(exchange.url);
    const error = exchange.error === undefined ? undefined : redactUrlsIn(exchange.error);
    const requestType = exchange.requestHeaders.find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? 'application/json';
    const request = body(exchange.requestBody, sent);
    const response = body(exchange.responseBody, received);
    return {
      startedDateTime: new Date(exchange.time).toISOString(),
      time: wait + receive,
      request: {
        method: exchange.method,
        url,
        httpVersion: 'HTTP/1.1',
        cookies: [],
        headers: headers(redactHeaders(exchange.requestHeaders)),
        queryString: queryString(url),
        ...((exchange.requestBody !== undefined || sent.length > 0) && {
          postData: { mimeType: requestType, text: request.text, ...(request.comment !== undefined && { comment: request.comment }) },
        }),
        headersSize: -1,
        bodySize: -1,
      },
      response: {
        // HAR has no "no response": status 0 with the error, as browsers export failed requests.
        status: exchange.status ?? 0,
        statusText: exchange.statusText ?? error ?? '',
        httpVersion: 'HTTP/1.1',
        cookies: [],
        headers: headers(redactResponseHeaders(exchange.responseHeaders ?? [])),
        content: {
          size: exchange.bodyBytes ?? exchange.responseBody?.size ?? -1,
          mimeType: exchange.contentType ?? '',
          text: response.text,
          ...(response.comment !== undefined && { comment: response.comment }),
        },
        redirectURL: '',
        headersSize: -1,
        bodySize: exchange.bodyBytes ?? -1,
      },
      cache: {},
      timings: { send: 0, wait, receive },
      _mcp: {
        seq: exchange.seq,
        ...(exchange.sessionId !== undefined && { sessionId: exchange.sessionId }),
        ...(exchange.lastEventId !== undefined && { lastEventId: exchange.lastEventId }),
        ...(exchange.sse !== undefined && { sse: exchange.sse }),
        ...(error !== undefined && { error }),
        messageSeqs: messages.map((entry) => entry.seq),
      },
    };
  });
  return { log: { version: '1.2', creator: { name: 'MCP Lens', version: creatorVersion }, entries } };
}
