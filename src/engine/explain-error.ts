/**
 * Turns whatever went wrong — a network failure, an HTTP status, a JSON-RPC error, an SDK error — into one
 * plain sentence a person can act on, with the raw detail kept for the "details" disclosure.
 */
import { isEngineError, type EngineError } from '../shared/errors.ts';
import { diagnoseCors } from './cors-doctor.ts';
import { explainHttpStatus } from './http-status.ts';
import { MAX_INPUT_ROUNDS } from '../shared/client-features.ts';

/** What a server must send for a browser client on another origin to talk to it. */
export const CORS_REQUIREMENTS = [
  "Access-Control-Allow-Origin: the app's origin (or *)",
  'Access-Control-Allow-Headers: Content-Type, Accept, Authorization, Mcp-Session-Id, Mcp-Protocol-Version, Mcp-Method, Mcp-Name, Last-Event-ID (and Mcp-Param-<Name> for each x-mcp-header its tools declare)',
  'Access-Control-Allow-Methods: GET, POST, DELETE, OPTIONS',
  'Access-Control-Expose-Headers: Mcp-Session-Id, WWW-Authenticate',
];

const BODY_EXCERPT_CHARS = 500;

interface ErrorShape {
  name?: string;
  message?: string;
  code?: unknown;
  data?: { status?: number; statusText?: string; text?: string | null; contentType?: string | null };
  cause?: { code?: string; message?: string };
}

const excerpt = (text: string | null | undefined) =>
  text ? (text.length > BODY_EXCERPT_CHARS ? `${text.slice(0, BODY_EXCERPT_CHARS)}…` : text) : undefined;

/** The era probe (server/discover) wraps what went wrong; the cause is what a person can act on. */
export function probeFailureCause(error: unknown): unknown {
  const { code, cause } = (error ?? {}) as { code?: unknown; cause?: unknown };
  return code === 'ERA_NEGOTIATION_FAILED' && typeof cause === 'object' && cause !== null ? cause : error;
}

/** Synchronous classification; network failures need `explainNetworkFailure` for the CORS question. */
export function explainError(error: unknown): EngineError {
  if (isEngineError(error)) return error;
  const e = (typeof error === 'object' && error !== null ? error : { message: String(error) }) as ErrorShape;
  const message = e.message ?? String(error);
  const cause = probeFailureCause(error);
  if (cause !== error) return explainError(cause);
  // Faults the engine raised itself (a bound tripped, a stream ended early) already carry their explanation.
  const own = (error as { engineError?: unknown }).engineError ?? (e.data as { mcpLensFault?: unknown } | undefined)?.mcpLensFault;
  if (isEngineError(own)) return own;

  if (typeof e.data?.status === 'number') {
    const status = e.data.status;
    const body = excerpt(e.data.text);
    return {
      code: status === 401 ? 'unauthorized' : 'http',
      message: explainHttpStatus(status, e.data.statusText, e.data.text),
      httpStatus: status,
      ...(body !== undefined ? { detail: body } : { detail: message }),
    };
  }
  if (e.code === 'CLIENT_HTTP_UNEXPECTED_CONTENT') {
    return {
      code: 'bad-response',
      message: `The server answered with ${e.data?.contentType ?? 'no content type'}, not JSON or an event stream. Is this URL an MCP endpoint?`,
      detail: message,
    };
  }
  if (e.code === 'REQUEST_TIMEOUT') {
    return {
      code: 'timeout',
      message: 'The server did not answer in time. It may be busy or stuck; try again, or raise the timeout.',
      detail: message,
    };
  }
  if (e.code === 'CONNECTION_CLOSED' || e.code === 'NOT_CONNECTED') {
    return { code: 'not-connected', message: 'The connection is closed. Connect again.', detail: message };
  }
  if (e.code === UNSUPPORTED_PROTOCOL_VERSION) {
    const supported = (e.data as { supported?: unknown } | undefined)?.supported;
    const list = Array.isArray(supported) ? supported.filter((v) => typeof v === 'string').join(', ') : 'none listed';
    return {
      code: 'unsupported-version',
      message: `The server supports no protocol version MCP Lens speaks (the server lists: ${list}; MCP Lens speaks 2026-07-28, 2025-11-25, 2025-06-18, 2025-03-26 and 2024-11-05).`,
      rpcCode: UNSUPPORTED_PROTOCOL_VERSION,
      detail: message,
    };
  }
  if (e.code === 'INPUT_REQUIRED_ROUNDS_EXCEEDED') {
    return {
      code: 'protocol',
      message: `The server kept asking for more input: MCP Lens stopped after ${MAX_INPUT_ROUNDS} rounds of this request. The server may be looping; its last question is in the Message log.`,
      detail: message,
    };
  }
  if (e.code === 'ERA_NEGOTIATION_FAILED') {
    return {
      code: 'unsupported-version',
      message: `${message.replace(/^Version negotiation (probe )?failed: /, 'The protocol era could not be agreed: ')}. Choose "Auto" or the other era beside Connect.`,
      detail: message,
    };
  }
  if (/protocol version is not supported/i.test(message)) {
    return {
      code: 'unsupported-version',
      message:
        'The server chose a protocol version MCP Lens does not speak (it supports 2026-07-28, 2025-11-25, 2025-06-18, 2025-03-26 and 2024-11-05).',
      detail: message,
    };
  }
  if (e.name === 'SyntaxError') {
    return {
      code: 'bad-response',
      message: 'The server sent a response that is not valid JSON. The raw bytes are in the Message log.',
      detail: message,
    };
  }
  if (e.code === 'UNSUPPORTED_RESULT_TYPE') return explainResultType(e, message);
  if (e.name === 'ZodError' || e.name === '$ZodError' || e.code === 'INVALID_RESULT') {
    return {
      code: 'bad-response',
      message: 'The server sent a message that is not valid MCP. The raw message is in the Message log.',
      detail: message,
    };
  }
  if (e.name === 'AbortError') {
    return { code: 'cancelled', message: 'The request was cancelled.', detail: message };
  }
  if (e.code === URL_ELICITATION_REQUIRED) return explainUrlElicitationRequired(e, message);
  if (typeof e.code === 'number' && (e.data as { mcpLensRefused?: unknown } | undefined)?.mcpLensRefused === true) {
    return {
      code: 'protocol',
      message: `MCP Lens refused the server's request for input: ${message} In MCP 2026-07-28 a refusal cannot be sent back to the server, so the call ends here.`,
      rpcCode: e.code,
      detail: message,
    };
  }
  if (typeof e.code === 'number') {
    return { code: 'protocol', message: `The server answered with JSON-RPC error ${e.code}: ${message}`, rpcCode: e.code, detail: message };
  }
  if (e.name === 'TypeError' && e.cause?.code) return explainNodeNetworkError(e.cause.code, e.cause.message ?? message);
  return { code: 'internal', message: `Unexpected failure: ${message}`, detail: message };
}

/** A `resultType` MCP Lens did not agree to: "task" without the tasks extension in force, or one no revision defines. */
function explainResultType(e: ErrorShape, message: string): EngineError {
  const { resultType, method } = (e.data ?? {}) as { resultType?: unknown; method?: unknown };
  const what = typeof method === 'string' ? method.slice(0, 100) : 'the request';
  if (resultType === 'task') {
    return {
      code: 'bad-response',
      message: `The server answered ${what} with a task, but the tasks extension (io.modelcontextprotocol/tasks) is not in force: the server's server/discover does not offer it, so MCP Lens did not declare it, and the spec makes such an answer invalid. The answer is in the Message log.`,
      detail: message,
    };
  }
  return {
    code: 'bad-response',
    message: `The server answered ${what} with resultType ${JSON.stringify(String(resultType)).slice(0, 100)}, which MCP 2026-07-28 does not define. The answer is in the Message log.`,
    detail: message,
  };
}

const URL_ELICITATION_REQUIRED = -32042;
/** MCP 2026-07-28: the server refuses the requested revision and lists the ones it speaks in `data.supported`. */
const UNSUPPORTED_PROTOCOL_VERSION = -32022;
const MAX_URL_ELICITATIONS = 20;

/** -32042: the server needs the person to visit URLs first; the elicitations travel in `error.data`. */
function explainUrlElicitationRequired(e: ErrorShape, message: string): EngineError {
  const raw = (e.data as { elicitations?: unknown } | undefined)?.elicitations;
  const urlElicitations = (Array.isArray(raw) ? raw : []).slice(0, MAX_URL_ELICITATIONS).flatMap((item) => {
    const { elicitationId, url, message: text } = (item ?? {}) as Record<string, unknown>;
    return typeof elicitationId === 'string' && typeof url === 'string'
      ? [
          {
            elicitationId: elicitationId.slice(0, 512),
            url: url.slice(0, 8192),
            message: typeof text === 'string' ? text.slice(0, 4096) : '',
          },
        ]
      : [];
  });
  const count = urlElicitations.length;
  return {
    code: 'protocol',
    message:
      count > 0
        ? `The server needs you to complete ${count === 1 ? 'a step' : `${count} steps`} in the browser first (URL elicitation required). Open ${count === 1 ? 'it' : 'them'} below, then retry.`
        : 'The server answered -32042 (URL elicitation required) but sent no usable elicitations, so there is nothing to open.',
    rpcCode: URL_ELICITATION_REQUIRED,
    detail: message,
    urlElicitations,
  };
}

function explainNodeNetworkError(code: string, detail: string): EngineError {
  if (code === 'ECONNREFUSED')
    return {
      code: 'unreachable',
      message: 'The connection was refused: nothing is listening at this host and port. Is the server running?',
      detail: `${code}: ${detail}`,
    };
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return {
      code: 'unreachable',
      message: 'The host name could not be resolved. Check the spelling of the URL.',
      detail: `${code}: ${detail}`,
    };
  if (/CERT|SSL|TLS/i.test(code))
    return {
      code: 'unreachable',
      message: "The TLS handshake failed: the server's certificate was not accepted.",
      detail: `${code}: ${detail}`,
    };
  return { code: 'unreachable', message: 'The server could not be reached.', detail: `${code}: ${detail}` };
}

export function isOpaqueNetworkFailure(error: unknown): boolean {
  const e = probeFailureCause(error) as ErrorShape | null;
  return e?.name === 'TypeError' && !e.cause?.code;
}

/**
 * A browser reports CORS refusals, refused connections and TLS failures all as the same TypeError. A
 * `no-cors` request tells them apart: it succeeds (opaquely) when the server is reachable, so the earlier
 * failure was the browser withholding the response — CORS.
 */
export async function explainNetworkFailure(
  error: unknown,
  url: string,
  fetch: (url: string, init: RequestInit) => Promise<Response>,
  customHeaders: string[] = [],
): Promise<EngineError> {
  const detail = error instanceof Error ? error.message : String(error);
  const reachable = await fetch(url, { mode: 'no-cors', credentials: 'omit', cache: 'no-store' }).then(
    () => true,
    () => false,
  );
  if (reachable) {
    const cors = await diagnoseCors(url, customHeaders, fetch);
    return {
      code: 'cors',
      message: `The server is reachable, but the browser blocked the response: the server does not allow cross-origin (CORS) requests from this app. ${cors.sentence}`,
      detail,
      corsRequirements: CORS_REQUIREMENTS,
      cors,
    };
  }
  return {
    code: 'unreachable',
    message: 'Could not reach the server: the host is down or unreachable, refused the connection, or its TLS certificate was rejected.',
    detail,
  };
}
