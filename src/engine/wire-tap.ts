/**
 * The instrumented fetch the SDK transports are given. It sees the exact bytes: every request body we send,
 * every JSON body and SSE event we receive — including those that fail to parse, which the SDK would
 * only report as an error without the text. It changes nothing the SDK reads.
 */
import { createParser } from 'eventsource-parser';
import type { HttpExchange } from '../shared/events.ts';
import { redactHeaders } from '../shared/redact.ts';
import type { MessageRecorder } from './message-recorder.ts';

export type FetchLike = (input: string | URL, init?: RequestInit) => Promise<Response>;

export interface WireTapDeps {
  fetch: FetchLike;
  now: () => number;
  nextSeq: () => number;
  recorder: MessageRecorder;
  onExchange: (exchange: HttpExchange) => void;
  /** Non-message SSE events (the legacy `endpoint` event) worth a line in the log. */
  onNote: (text: string) => void;
  /**
   * Each message received on an SSE stream, as sent, with the body of the POST whose response the stream is
   * (undefined on the standalone GET stream): what the message arrived in answer to.
   */
  onStreamMessage?: (message: unknown, requestBody: string | undefined) => void;
}

const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

export function mediaType(contentType: string | null): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

export function createWireTap(deps: WireTapDeps): FetchLike {
  return async (input, init) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    const url = String(input);
    const requestHeaders = redactHeaders(new Headers(init?.headers));
    if (typeof init?.body === 'string') deps.recorder.outbound(init.body);

    const started = deps.now();
    const exchange = { seq: deps.nextSeq(), time: started, method, url, requestHeaders };
    let response: Response;
    try {
      response = await deps.fetch(input, init);
    } catch (error) {
      deps.onExchange({ ...exchange, durationMs: deps.now() - started, error: error instanceof Error ? error.message : String(error) });
      throw error;
    }
    const contentType = response.headers.get('content-type') ?? undefined;
    deps.onExchange({
      ...exchange,
      status: response.status,
      statusText: response.statusText,
      responseHeaders: redactHeaders(response.headers),
      ...(contentType !== undefined && { contentType }),
      durationMs: deps.now() - started,
    });
    if (response.body === null || NULL_BODY_STATUSES.has(response.status)) return response;

    const init2 = { status: response.status, statusText: response.statusText, headers: response.headers };
    if (mediaType(response.headers.get('content-type')) === 'text/event-stream') {
      const body = typeof init?.body === 'string' ? init.body : undefined;
      return new Response(response.body.pipeThrough(sseTap(deps, body)), init2);
    }
    const text = await response.text();
    recordBody(text, response, deps.recorder);
    return new Response(text, init2);
  };
}

function recordBody(text: string, response: Response, recorder: MessageRecorder): void {
  if (text.trim() === '') return;
  try {
    recorder.inbound(JSON.parse(text));
  } catch (error) {
    const what = mediaType(response.headers.get('content-type')) || 'untyped';
    const reason = error instanceof Error ? error.message : String(error);
    recorder.inboundUnparsed(text, `HTTP ${response.status} ${what} body is not JSON: ${reason}`);
  }
}

/** Passes the stream through untouched while parsing a copy of it as SSE. */
function sseTap(deps: WireTapDeps, requestBody: string | undefined): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder();
  const parser = createParser({
    onEvent(event) {
      if (event.event === 'endpoint') {
        deps.onNote(`Legacy SSE endpoint announced: ${event.data}`);
        return;
      }
      // An event with an id and no data primes the stream for resumption; it carries no message.
      if (event.data === '') return;
      let message: unknown;
      try {
        message = JSON.parse(event.data);
        deps.recorder.inbound(message);
      } catch (error) {
        deps.recorder.inboundUnparsed(event.data, `SSE event data is not JSON: ${error instanceof Error ? error.message : String(error)}`);
        return;
      }
      deps.onStreamMessage?.(message, requestBody);
    },
  });
  return new TransformStream({
    transform(chunk, controller) {
      controller.enqueue(chunk);
      parser.feed(decoder.decode(chunk, { stream: true }));
    },
    flush() {
      parser.feed(decoder.decode());
    },
  });
}
