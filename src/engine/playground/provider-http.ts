/**
 * What both provider clients share: one POST that must open an event stream, its failures in words, and the
 * stream read event by event. The key may appear in what a provider sends back (some echo part of a wrong
 * key), so every text taken from a response is masked before it leaves here.
 */
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { EngineError } from '../../shared/errors.ts';
import { describeError } from '../../shared/read.ts';
import type { Clock } from '../clock.ts';
import type { FetchLike } from '../wire/wire-tap.ts';

/** A provider that sends nothing for this long mid-answer is given up on (a model may think a while first). */
const PROVIDER_IDLE_MS = 120_000;
/** No answer streams for longer than this in all, however often it sends a keep-alive. */
const PROVIDER_TOTAL_MS = 10 * 60_000;
/** No answer is longer than this (in characters of the event stream): far above any model's output limit. */
const PROVIDER_MAX_CHARS = 8 * 1024 * 1024;
/** Of an error body, this much is read; the rest is never waited for. */
const ERROR_BODY_CHARS = 64 * 1024;
const EXCERPT_CHARS = 1_000;
/** Tool calls one answer may ask for; an index beyond it is a broken or hostile stream, not a plan. */
export const MAX_TOOL_CALLS_PER_ANSWER = 64;

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
  const cancelTotal = clock.after(PROVIDER_TOTAL_MS, () => {
    idleFault = {
      code: 'timeout',
      message: `The provider at ${origin} was still streaming after ${PROVIDER_TOTAL_MS / 60_000} minutes, so the answer was given up. Ask for a shorter answer, or lower the output token limit.`,
    };
    controller.abort();
  });
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
        // The key travels in a header that the browser keeps across origins (only Authorization is dropped), so a
        // redirect would hand it to whoever the provider points at. A redirect is reported instead.
        redirect: 'manual',
        // The page's cookies and referrer are nobody's business at the provider.
        credentials: 'omit',
        referrerPolicy: 'no-referrer',
      });
    } catch (error) {
      throw failure(error);
    }
    if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) throw redirected(response, origin);
    if (!response.ok) throw await httpFailure(response, origin, key);
    if (!response.body) throw { code: 'bad-response', message: `The provider at ${origin} answered with no body. Check the base URL.` };
    const parser = createParser({ onEvent });
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let received = 0;
    for (;;) {
      let chunk: ReadableStreamReadResult<string>;
      try {
        chunk = await reader.read();
      } catch (error) {
        const fault = failure(error);
        throw fault.code === 'cors' ? refusedOrBroken(error, origin, true) : fault;
      }
      if (chunk.done) return;
      received += chunk.value.length;
      if (received > PROVIDER_MAX_CHARS) {
        void reader.cancel().catch(() => {});
        throw {
          code: 'bad-response',
          message: `The provider at ${origin} sent more than ${PROVIDER_MAX_CHARS / 1024 / 1024} MB for one answer, so the rest was not read. Lower the output token limit, or check the base URL points at a model API.`,
        } satisfies EngineError;
      }
      armIdle();
      parser.feed(chunk.value);
    }
  } finally {
    cancelIdle();
    cancelTotal();
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

/** A redirect is never followed with the key; where it pointed is said when the answer shows it. */
function redirected(response: Response, origin: string): EngineError {
  const location = response.headers.get('location');
  const to = location ? ` to ${location.slice(0, 300)}` : '';
  return {
    code: 'http',
    ...(response.status !== 0 && { httpStatus: response.status }),
    message: `The provider at ${origin} answered with a redirect${to}. MCP Lens does not send your key on to another address: set the base URL to the provider's API itself.`,
  };
}

/** The start of a body, never waiting for more than `limit` characters of it (an endless body still ends here). */
async function readStart(response: Response, limit: number): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  try {
    while (text.length < limit) {
      const chunk = await reader.read();
      if (chunk.done) break;
      text += chunk.value;
    }
  } catch {
    // What arrived before the break is still worth showing.
  } finally {
    void reader.cancel().catch(() => {});
  }
  return text.slice(0, limit);
}

async function httpFailure(response: Response, origin: string, key: string | undefined): Promise<EngineError> {
  // Masked before any cut: a cut through the key would leave the part before it in clear.
  const text = maskKey(await readStart(response, ERROR_BODY_CHARS), key);
  const detail = text.slice(0, EXCERPT_CHARS);
  const said = providerMessage(text);
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

/** The provider's own error sentence, when its (already masked) body is the usual `{error: {message}}`, quoted. */
function providerMessage(text: string): string {
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown } | string };
    const message = typeof body.error === 'string' ? body.error : body.error?.message;
    const words = typeof message === 'string' ? message.slice(0, 300).replace(/[.\s]+$/, '') : '';
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

/**
 * Tool-call fragments by the index the provider gives them. Kept sparse (a Map, not an array: an index of
 * 4,294,967,294 made an array the engine then walked slot by slot for minutes) and capped, so one answer
 * cannot ask for more calls than a person could review.
 */
export function toolCallSlots<T>(origin: string) {
  const slots = new Map<number, T>();
  const refuse = (why: string): EngineError => ({
    code: 'bad-response',
    message: `The provider at ${origin} ${why}, so the answer was not used. Try again; if it repeats, the provider or a proxy is sending a broken stream.`,
  });
  return {
    /** The slot at `index`, made with `create` the first time. */
    at(index: number, create: () => T): T {
      if (!Number.isSafeInteger(index) || index < 0) throw refuse(`sent a tool call at index ${String(index).slice(0, 40)}`);
      const slot = slots.get(index);
      if (slot !== undefined) return slot;
      if (slots.size >= MAX_TOOL_CALLS_PER_ANSWER)
        throw refuse(`asked for more than ${MAX_TOOL_CALLS_PER_ANSWER} tool calls in one answer`);
      const made = create();
      slots.set(index, made);
      return made;
    },
    get: (index: number): T | undefined => slots.get(index),
    size: (): number => slots.size,
    /** The slots in index order. */
    inOrder: (): T[] => [...slots.entries()].sort(([a], [b]) => a - b).map(([, slot]) => slot),
  };
}
