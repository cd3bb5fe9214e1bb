/**
 * What both provider clients share: one POST that must open an event stream, its failures in words, and the
 * stream read event by event. The key may appear in what a provider sends back (some echo part of a wrong
 * key), so every text taken from a response is masked before it leaves here.
 */
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { EngineError } from '../../shared/errors.ts';
import { describeError } from '../../shared/read.ts';
import type { Clock } from '../clock.ts';
import type { FetchLike } from '../wire-tap.ts';

/** A provider that sends nothing for this long mid-answer is given up on (a model may think a while first). */
const PROVIDER_IDLE_MS = 120_000;
const EXCERPT_CHARS = 1_000;

export interface ProviderCall {
  fetch: FetchLike;
  clock: Clock;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  /** The key in force, only to mask it out of what comes back. */
  key?: string;
  signal?: AbortSignal;
}

/** Replaces every occurrence of the key (and of its last 8 characters, which some providers quote) with the mask. */
export function maskKey(text: string, key: string | undefined): string {
  if (!key) return text;
  let out = text.split(key).join('••••');
  if (key.length >= 16) out = out.split(key.slice(-8)).join('••••');
  return out;
}

const cancelled = (): EngineError => ({ code: 'cancelled', message: 'Stopped.' });

/** Posts the request and reads its answer as server-sent events, calling `onEvent` for each until the body ends. */
export async function streamEvents(call: ProviderCall, onEvent: (event: EventSourceMessage) => void): Promise<void> {
  const { url, key, signal, clock } = call;
  const origin = new URL(url).origin;
  // One controller for Stop and for the idle timeout, so either ends the fetch and the read alike.
  const controller = new AbortController();
  let idleFault: EngineError | undefined;
  const onAbort = () => controller.abort();
  if (signal?.aborted) throw cancelled();
  signal?.addEventListener('abort', onAbort, { once: true });
  let cancelIdle = () => {};
  const armIdle = () => {
    cancelIdle();
    cancelIdle = clock.after(PROVIDER_IDLE_MS, () => {
      idleFault = {
        code: 'timeout',
        message: `The provider at ${origin} sent nothing for ${PROVIDER_IDLE_MS / 1000} s, so the answer was given up. Try again, or pick a faster model.`,
      };
      controller.abort();
    });
  };
  const failure = (error: unknown): EngineError => idleFault ?? (signal?.aborted ? cancelled() : refusedOrBroken(error, origin, false));
  try {
    armIdle();
    let response: Response;
    try {
      response = await call.fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...call.headers },
        body: JSON.stringify(call.body),
        signal: controller.signal,
        // The page's cookies and referrer are nobody's business at the provider.
        credentials: 'omit',
        referrerPolicy: 'no-referrer',
      });
    } catch (error) {
      throw failure(error);
    }
    if (!response.ok) throw await httpFailure(response, origin, key);
    if (!response.body) throw { code: 'bad-response', message: `The provider at ${origin} answered with no body. Check the base URL.` };
    const parser = createParser({ onEvent });
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      let chunk: ReadableStreamReadResult<string>;
      try {
        chunk = await reader.read();
      } catch (error) {
        const fault = failure(error);
        throw fault.code === 'cors' ? refusedOrBroken(error, origin, true) : fault;
      }
      if (chunk.done) return;
      armIdle();
      parser.feed(chunk.value);
    }
  } finally {
    cancelIdle();
    signal?.removeEventListener('abort', onAbort);
  }
}

/** A fetch that threw: before any answer the browser refused (CORS) or found nothing; after, the stream broke. */
function refusedOrBroken(error: unknown, origin: string, midStream: boolean): EngineError {
  if (midStream)
    return {
      code: 'bad-response',
      message: `The provider's stream from ${origin} broke off mid-answer. Try again; if it keeps happening, the network or a proxy is cutting long responses.`,
      detail: describeError(error),
    };
  return {
    code: 'cors',
    message: `The browser could not call ${origin}: nothing answers there, or the provider does not allow calls from a web page (CORS). ${browserRefusalHelp(origin)}`,
    detail: describeError(error),
  };
}

/** How to get round a browser refusal, by what the origin looks like. */
export function browserRefusalHelp(origin: string): string {
  const { hostname, port } = new URL(origin);
  const local = hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';
  if (local && port === '11434')
    return "For Ollama, start it with this page's origin allowed: OLLAMA_ORIGINS=<this page's origin> ollama serve (or OLLAMA_ORIGINS=* for any page).";
  if (local && port === '1234')
    return 'For LM Studio, turn on “Enable CORS” in its Developer → Server settings, and check the server is started.';
  if (local) return 'Check the local server is running, and that it sends CORS headers allowing this page’s origin.';
  return 'OpenAI, OpenRouter and Anthropic accept browser calls; for a provider that does not, put a proxy of your own that adds CORS headers in front of it (MCP Lens’s relay forwards MCP traffic only).';
}

async function httpFailure(response: Response, origin: string, key: string | undefined): Promise<EngineError> {
  const text = await response.text().catch(() => '');
  const detail = maskKey(text.slice(0, EXCERPT_CHARS), key);
  const said = providerMessage(text, key);
  const status = response.status;
  const base = { httpStatus: status, ...(detail && { detail }) };
  if (status === 401 || status === 403)
    return {
      ...base,
      code: 'unauthorized',
      message: `The provider at ${origin} refused the key (HTTP ${status})${said}. Check the key is right, still valid, and made for this provider.`,
    };
  if (status === 429) {
    const retry = response.headers.get('retry-after');
    return {
      ...base,
      code: 'http',
      message: `The provider at ${origin} is limiting requests (HTTP 429)${said}. ${retry ? `Wait ${retry} s` : 'Wait a little'} and try again, or check the account's rate limits and credit.`,
    };
  }
  if (status === 404)
    return {
      ...base,
      code: 'http',
      message: `The provider at ${origin} has no such endpoint or model (HTTP 404)${said}. Check the base URL (up to the version, e.g. …/v1) and the model name.`,
    };
  return {
    ...base,
    code: 'http',
    message: `The provider at ${origin} answered HTTP ${status}${said}. Check the model name and the settings, then try again.`,
  };
}

/** The provider's own error sentence, when its body is the usual `{error: {message}}`, quoted and masked. */
function providerMessage(text: string, key: string | undefined): string {
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown } | string };
    const message = typeof body.error === 'string' ? body.error : body.error?.message;
    const words = typeof message === 'string' ? maskKey(message.slice(0, 300), key).replace(/[.\s]+$/, '') : '';
    return words !== '' ? `: “${words}”` : '';
  } catch {
    return '';
  }
}

/** A stream event's data as JSON, or a broken-stream error saying which provider sent what. */
export function parseData(event: EventSourceMessage, origin: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(event.data);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // fall through to the error
  }
  throw {
    code: 'bad-response',
    message: `The provider at ${origin} sent a stream event that is not a JSON object. Check the base URL points at the provider's API.`,
    detail: event.data.slice(0, EXCERPT_CHARS),
  } satisfies EngineError;
}
