/**
 * Probes: raw HTTP requests a check sends beside the session, for the rules the SDK client would never break
 * (a second initialize, a DELETE of a session, a forged Host, a wrong Mcp-Method header, a CORS preflight).
 * They carry none of the person's headers or tokens and do not touch the session. Each is recorded in the
 * Message log and the HTTP view marked as an audit probe (probe-log.ts), and a check cites it like any other
 * request; its details say what each sent and got.
 *
 * Two kinds, passed in as an effect (EngineEnv.rawHttp), never sniffed: the engine's own fetch, which a
 * browser limits (no Host or Origin of our choosing, only the response headers CORS exposes), and an
 * unrestricted one the command line and the Node tests give (src/node/http/raw-http.ts).
 */
import { PROBE_MAX_BODY_BYTES, type NamedProbe, type ProbeRequest, type ProbeResponse } from '../../shared/audit-probe.ts';
import { isRecord } from '../../shared/read.ts';
import type { RawHttp } from '../wire/raw-http.ts';
import type { FetchLike } from '../wire/wire-tap.ts';

export type { ProbeRequest, ProbeResponse };

export interface HttpProbe {
  /**
   * True when the named probes (a forged Host or Origin, a preflight whose answer is read) can be sent: by the
   * command line's node:http, or by the local relay the connection goes through. Never by a page itself.
   */
  unrestricted: boolean;
  /** Set when the named probes go through the local relay's probe endpoint (the checks' details say so). */
  via?: 'relay';
  /** The server the probes reach: the connection's URL, or through a relay, the server the relay fronts. */
  target: URL;
  /** Where plain probes go: the connection's URL (through a relay, the relay's). */
  url: URL;
  send(request: ProbeRequest): Promise<ProbeResponse>;
  /** One named probe (shared/audit-probe.ts); only where `unrestricted`. */
  sendNamed(probe: NamedProbe): Promise<ProbeResponse>;
}

/**
 * Reads a body up to its first JSON-RPC response (an event stream may stay open after it) or the bound. The
 * reader is cancelled when done, so an open stream does not outlive the probe.
 */
export async function readProbeBody(body: ReadableStream<Uint8Array> | null, eventStream: boolean): Promise<string> {
  if (!body) return '';
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      if (text.length >= PROBE_MAX_BODY_BYTES || (eventStream && firstRpcResponse(text, true) !== undefined)) break;
    }
  } finally {
    void reader.cancel().catch(() => undefined);
  }
  return text.slice(0, PROBE_MAX_BODY_BYTES);
}

/** Whether a response's Content-Type says its body is an event stream (server-sent events). */
export const isEventStream = (contentType: string | undefined) => (contentType ?? '').includes('text/event-stream');

/**
 * The first JSON-RPC response (a `result` or an `error`) in a body, read the way its Content-Type says: a JSON
 * body whole, an event stream only from its events' `data:` lines (a stream with none carries nothing a client
 * can read, whatever its bytes look like).
 */
export function firstRpcResponse(text: string, eventStream: boolean): Record<string, unknown> | undefined {
  for (const candidate of eventStream ? eventData(text) : [text]) {
    let value: unknown;
    try {
      value = JSON.parse(candidate);
    } catch {
      continue;
    }
    for (const message of Array.isArray(value) ? (value as unknown[]) : [value])
      if (isRecord(message) && ('result' in message || 'error' in message)) return message;
  }
  return undefined;
}

/** Each event's data: its `data:` lines (one leading space dropped) joined by newlines, as EventSource reads them. */
function eventData(text: string): string[] {
  return text.split(/\r?\n\r?\n/).flatMap((event) => {
    const lines = event.split(/\r?\n/).flatMap((line) => (line.startsWith('data:') ? [line.slice(5).replace(/^ /, '')] : []));
    return lines.length > 0 ? [lines.join('\n')] : [];
  });
}

/** The engine's fetch as a probe: what a browser allows (the command line passes an unrestricted one). */
export function fetchRawHttp(fetch: FetchLike): RawHttp {
  return async (url, request, { signal, timeoutMs }) => {
    const response = await fetch(url, {
      method: request.method,
      headers: request.headers,
      ...(request.body !== undefined && { body: request.body }),
      credentials: 'omit',
      cache: 'no-store',
      redirect: 'manual',
      signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
    });
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => (headers[name.toLowerCase()] = value));
    const eventStream = isEventStream(headers['content-type']);
    return { status: response.status, headers, body: await readProbeBody(response.body, eventStream) };
  };
}
