/**
 * Turns whatever went wrong — a network failure, an HTTP status, a JSON-RPC error, an SDK error — into one
 * plain sentence a person can act on, with the raw detail kept for the "details" disclosure. SDK failures
 * are told apart by their classes and `SdkErrorCode`, never by their wording; the one SDK failure that has
 * no code is recognised in sdk-client.ts, beside the other reaches into SDK internals.
 */
import {
  ProtocolError,
  ProtocolErrorCode,
  SdkError,
  SdkErrorCode,
  SdkHttpError,
  SseError,
  UnsupportedProtocolVersionError,
  UrlElicitationRequiredError,
} from '@modelcontextprotocol/client';
import { MAX_INPUT_ROUNDS } from '../../shared/client-features.ts';
import { isEngineError, type EngineError } from '../../shared/errors.ts';
import { diagnoseCors } from '../features/cors-doctor.ts';
import { INPUT_REQUIRED_NOT_ALLOWED, isUnsupportedServerVersion } from '../sdk/sdk-client.ts';
import { StreamFault } from '../guards/stream-guard.ts';
import { explainHttpStatus, jsonRpcErrorIn, type HttpStatusContext } from './http-status.ts';
import { describeError, formatCount } from '../../shared/read.ts';
import { redactUrl } from '../../shared/redact.ts';
import { headlessCommands } from '../../shared/relay.ts';
import { SUPPORTED_PROTOCOL_VERSIONS } from '../../shared/era-profile.ts';

/** What a server must send for a browser client on another origin to talk to it. */
const CORS_REQUIREMENTS = [
  "Access-Control-Allow-Origin: the app's origin (or *)",
  'Access-Control-Allow-Headers: Content-Type, Accept, Authorization, Mcp-Session-Id, Mcp-Protocol-Version, Mcp-Method, Mcp-Name, Last-Event-ID (and Mcp-Param-<Name> for each x-mcp-header its tools declare)',
  'Access-Control-Allow-Methods: GET, POST, DELETE, OPTIONS',
  'Access-Control-Expose-Headers: Mcp-Session-Id, WWW-Authenticate',
];

const BODY_EXCERPT_CHARS = 500;

const excerpt = (text: unknown) =>
  typeof text === 'string' && text !== '' ? (text.length > BODY_EXCERPT_CHARS ? `${text.slice(0, BODY_EXCERPT_CHARS)}…` : text) : undefined;

function httpError(
  status: number,
  statusText: string | undefined,
  body: unknown,
  message: string,
  context: HttpStatusContext = {},
): EngineError {
  const detail = excerpt(body) ?? message;
  const modernOnly = typeof body === 'string' ? modernOnlyRefusal(body) : undefined;
  if (modernOnly !== undefined)
    return {
      code: 'unsupported-version',
      message: `The server speaks only ${modernOnly} and refused the 2025 initialize handshake (HTTP ${status}, JSON-RPC error -32022). Choose Auto or 2026-07-28 beside Connect.`,
      httpStatus: status,
      rpcCode: ProtocolErrorCode.UnsupportedProtocolVersion,
      detail,
    };
  // A JSON-RPC error in the body is the server's answer, whatever the status: its code travels with it.
  const rpcCode = typeof body === 'string' ? jsonRpcErrorIn(body)?.code : undefined;
  return {
    code: status === 401 ? 'unauthorized' : 'http',
    message: explainHttpStatus(status, statusText, typeof body === 'string' ? body : undefined, context),
    httpStatus: status,
    ...(rpcCode !== undefined && { rpcCode }),
    detail,
  };
}

/**
 * A -32022 in an HTTP error body whose list of versions holds only 2026-07-28-era ones MCP Lens speaks: the
 * answer of a modern-only server to initialize. The versions, for the sentence; undefined for anything else.
 */
function modernOnlyRefusal(body: string): string | undefined {
  if (!body.trimStart().startsWith('{') || body.length > 100_000) return undefined;
  try {
    const { error } = JSON.parse(body) as { error?: { code?: unknown; data?: { supported?: unknown } } };
    const supported = error?.data?.supported;
    if (error?.code !== ProtocolErrorCode.UnsupportedProtocolVersion || !Array.isArray(supported)) return undefined;
    const versions = supported.filter((v): v is string => typeof v === 'string');
    const spoken = versions.filter((v) => SPOKEN.includes(v));
    return spoken.length > 0 && spoken.every((v) => v >= '2026') ? nameVersions(versions) : undefined;
  } catch {
    return undefined;
  }
}

/** The era probe (server/discover) wraps what went wrong; the cause is what a person can act on. */
export function probeFailureCause(error: unknown): unknown {
  return SdkError.isInstance(error) &&
    error.code === SdkErrorCode.EraNegotiationFailed &&
    typeof error.cause === 'object' &&
    error.cause !== null
    ? error.cause
    : error;
}

/**
 * Synchronous classification; network failures need `explainNetworkFailure` for the CORS question. `url` is
 * the server's, when known: a network failure names its host, and a wrong scheme gets the right one.
 */
export function explainError(error: unknown, url?: string, context: HttpStatusContext = {}): EngineError {
  if (isEngineError(error)) return error;
  const cause = probeFailureCause(error);
  if (cause !== error) return explainError(cause, url, context);
  // Faults the engine raised itself (a bound tripped, a stream ended early) already carry their explanation.
  if (error instanceof StreamFault) return error.engineError;
  if (SdkHttpError.isInstance(error)) return httpError(error.status, error.statusText, error.data.text, error.message, context);
  if (SdkError.isInstance(error)) return explainSdkError(error);
  if (ProtocolError.isInstance(error)) return explainProtocolError(error);
  // The legacy HTTP+SSE transport's event stream failed; its code is the HTTP status, when there was one.
  if (SseError.isInstance(error) && error.code !== undefined) return httpError(error.code, undefined, undefined, error.message);

  const message = describeError(error);
  if (isUnsupportedServerVersion(error)) {
    return {
      code: 'unsupported-version',
      message: `The server chose a protocol version MCP Lens does not speak (it supports ${SPOKEN_VERSIONS}).`,
      detail: message,
    };
  }
  const name = error instanceof Error ? error.name : undefined;
  if (name === 'SyntaxError') {
    return {
      code: 'bad-response',
      message: 'The server sent a response that is not valid JSON. The raw bytes are in the Message log.',
      detail: message,
    };
  }
  if (name === 'ZodError' || name === '$ZodError') return notValidMcp(message);
  if (name === 'AbortError') return { code: 'cancelled', message: 'The request was cancelled.', detail: message };
  if (error instanceof TypeError) {
    // Node's fetch says why in `cause` (a browser's never does: see isOpaqueNetworkFailure).
    const cause = error.cause as { code?: unknown; message?: unknown } | undefined;
    if (typeof cause?.code === 'string')
      return explainNodeNetworkError(cause.code, typeof cause.message === 'string' ? cause.message : message, url);
  }
  return { code: 'internal', message: `Unexpected failure: ${message}`, detail: message };
}

const SPOKEN = SUPPORTED_PROTOCOL_VERSIONS;
const SPOKEN_VERSIONS = `${SPOKEN.slice(0, -1).join(', ')} and ${SPOKEN.at(-1)!}`;
/** A server's version list is untrusted: a -32022 may list 26,000 of them. */
const MAX_VERSIONS_NAMED = 8;

/** The versions a server listed, bounded for a sentence: the first few, then how many more. */
function nameVersions(listed: readonly unknown[]): string {
  const versions = listed.filter((v): v is string => typeof v === 'string');
  if (versions.length === 0) return 'none listed';
  const named = versions.slice(0, MAX_VERSIONS_NAMED).map((v) => (v.length > 40 ? `${v.slice(0, 40)}…` : v));
  const more = versions.length - named.length;
  return `${named.join(', ')}${more > 0 ? ` and ${formatCount(more)} more` : ''}`;
}

/**
 * -32022: the server refused the version asked for. When its own list names a version MCP Lens speaks (a
 * server that refuses what it claims to support), saying "supports no version MCP Lens speaks" would
 * contradict the data beside it, so the sentence says what really happened.
 */
function explainUnsupportedVersion(listed: readonly unknown[], code: number, message: string): EngineError {
  const versions = listed.filter((v): v is string => typeof v === 'string');
  const shared = SPOKEN.filter((v) => versions.includes(v));
  const text =
    shared.length > 0
      ? `The server refused protocol version ${shared[0]} although its own list of supported versions names it (the server lists: ${nameVersions(versions)}). The server contradicts itself; MCP Lens asked for ${shared[0]} and stopped rather than loop.`
      : `The server supports no protocol version MCP Lens speaks (the server lists: ${nameVersions(versions)}; MCP Lens speaks ${SPOKEN_VERSIONS}).`;
  return { code: 'unsupported-version', message: text, rpcCode: code, detail: message.slice(0, 2000) };
}

const notValidMcp = (detail: string): EngineError => ({
  code: 'bad-response',
  message: 'The server sent a message that is not valid MCP. The raw message is in the Message log.',
  detail,
});

/** A failure the SDK raised locally (never an answer from the server), by its stable code. */
function explainSdkError(error: SdkError): EngineError {
  const { message } = error;
  const data = (error.data ?? {}) as Record<string, unknown>;
  switch (error.code) {
    case SdkErrorCode.ClientHttpUnexpectedContent: {
      const type = typeof data.contentType === 'string' ? data.contentType.slice(0, 100) : undefined;
      return {
        code: 'bad-response',
        message: /^text\/html\b/i.test(type ?? '')
          ? 'This URL serves a web page (text/html), not MCP. Check the path: MCP servers often use /mcp (or /sse for the legacy transport).'
          : `The server answered with ${type ?? 'no content type'}, not JSON or an event stream. Is this URL an MCP endpoint?`,
        detail: message,
      };
    }
    case SdkErrorCode.RequestTimeout:
      return {
        code: 'timeout',
        message: 'The server did not answer in time. It may be busy or stuck; try again, or raise the timeout.',
        detail: message,
      };
    case SdkErrorCode.ConnectionClosed:
    case SdkErrorCode.NotConnected:
      return { code: 'not-connected', message: 'The connection is closed. Connect again.', detail: message };
    case SdkErrorCode.InputRequiredRoundsExceeded:
      return {
        code: 'protocol',
        message: `The server kept asking for more input: MCP Lens stopped after ${MAX_INPUT_ROUNDS} rounds of this request. The server may be looping; its last question is in the Message log.`,
        detail: message,
      };
    case SdkErrorCode.EraNegotiationFailed:
      return {
        code: 'unsupported-version',
        message: `${message.replace(/^Version negotiation (probe )?failed: /, 'The protocol era could not be agreed: ')}. Choose "Auto" or the other era beside Connect.`,
        detail: message,
      };
    case SdkErrorCode.UnsupportedResultType:
      return explainResultType(data, message);
    case SdkErrorCode.InvalidResult:
      if (data.violation === INPUT_REQUIRED_NOT_ALLOWED) {
        const method = typeof data.method === 'string' ? data.method.slice(0, 100) : 'this request';
        return {
          code: 'bad-response',
          message: `Spec violation: the server answered ${method} with input_required, which MCP 2026-07-28 allows only on tools/call, prompts/get and resources/read. MCP Lens refused it and asked you nothing; the answer is in the Message log.`,
          detail: message,
        };
      }
      return notValidMcp(message);
    // The SDK refuses, before sending, a spec method the negotiated revision does not have (ping on 2026-07-28).
    case SdkErrorCode.MethodNotSupportedByProtocolVersion: {
      const method = typeof data.method === 'string' ? data.method.slice(0, 100) : 'This method';
      const era = typeof data.era === 'string' ? data.era.slice(0, 40) : 'this';
      return {
        code: 'protocol',
        message: `${method} is not part of MCP ${era}, the revision this connection speaks, so MCP Lens did not send it; a 2025 connection has it.`,
        detail: message,
      };
    }
    case SdkErrorCode.CapabilityNotSupported:
      return {
        code: 'protocol',
        message: `${message}. The server did not declare this in its capabilities, so MCP Lens did not ask.`,
        detail: message,
      };
    default:
      return { code: 'internal', message: `Unexpected failure: ${message}`, detail: message };
  }
}

/** A JSON-RPC error: the server's answer, or a refusal MCP Lens raised while answering the server. */
function explainProtocolError(error: ProtocolError): EngineError {
  const { code, message } = error;
  const data = (error.data ?? {}) as { mcpLensFault?: unknown; mcpLensRefused?: unknown };
  if (isEngineError(data.mcpLensFault)) return data.mcpLensFault;
  if (code === ProtocolErrorCode.UnsupportedProtocolVersion)
    return explainUnsupportedVersion(UnsupportedProtocolVersionError.isInstance(error) ? error.supported : [], code, message);
  if (code === ProtocolErrorCode.UrlElicitationRequired)
    return explainUrlElicitationRequired(UrlElicitationRequiredError.isInstance(error) ? error.elicitations : [], message);
  if (data.mcpLensRefused === true) {
    return {
      code: 'protocol',
      message: `MCP Lens refused the server's request for input: ${message} In MCP 2026-07-28 a refusal cannot be sent back to the server, so the call ends here.`,
      rpcCode: code,
      detail: message,
    };
  }
  return { code: 'protocol', message: `The server answered with JSON-RPC error ${code}: ${message}`, rpcCode: code, detail: message };
}

/** A `resultType` MCP Lens did not agree to: "task" without the tasks extension in force, or one no revision defines. */
function explainResultType(data: { resultType?: unknown; method?: unknown }, message: string): EngineError {
  const { resultType, method } = data;
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

const MAX_URL_ELICITATIONS = 20;

/** -32042: the server needs the person to visit URLs first; the elicitations travel in `error.data`. */
function explainUrlElicitationRequired(raw: unknown, message: string): EngineError {
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
    rpcCode: ProtocolErrorCode.UrlElicitationRequired,
    detail: message,
    urlElicitations,
  };
}

/** TLS spoken to a port that answers in plain http: OpenSSL reads the http answer as a bad TLS record. */
const PLAIN_HTTP_ON_TLS = /WRONG_VERSION_NUMBER|PACKET_LENGTH_TOO_LONG|HTTP_REQUEST|wrong version number|packet length too long/i;

/** The same address over http://, for a port that answered https:// in plain http. */
function plainHttpOf(url: string | undefined): string | undefined {
  if (url === undefined || !url.startsWith('https:')) return undefined;
  try {
    const plain = new URL(url);
    plain.protocol = 'http:';
    return plain.href;
  } catch {
    return undefined;
  }
}

/**
 * "did you mean …?" and the one-click fix for a URL, masked for the sentence. An error is shown, logged and
 * saved, so a URL whose query carries a secret (`?api_key=…`) is named masked and offered as no fix.
 */
function offer(plain: string): { said: string; suggestedUrl?: string } {
  const said = redactUrl(plain);
  return said === plain ? { said, suggestedUrl: plain } : { said };
}

const hostOf = (url: string | undefined): string => {
  try {
    return url === undefined ? 'the server' : new URL(url).host;
  } catch {
    return 'the server';
  }
};

/**
 * Node's fetch names the cause (a browser's never does): each gets its own sentence and the fix that fits.
 * `url` is the server's, for naming the host and offering http:// where https:// met plain http.
 */
function explainNodeNetworkError(code: string, detail: string, url: string | undefined): EngineError {
  const raw = `${code}: ${detail}`;
  const host = hostOf(url);
  if (code === 'ECONNREFUSED')
    return {
      code: 'unreachable',
      message: `Nothing is listening at ${host}: the connection was refused. Start the server, or check the host and port.`,
      detail: raw,
    };
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME')
    return {
      code: 'unreachable',
      message: `The host name ${hostOf(url).replace(/:\d+$/, '')} could not be resolved (DNS). Check its spelling, or the network (VPN, proxy) it is only known on.`,
      detail: raw,
    };
  if (PLAIN_HTTP_ON_TLS.test(code) || PLAIN_HTTP_ON_TLS.test(detail)) {
    const plain = plainHttpOf(url);
    const fix = plain === undefined ? undefined : offer(plain);
    return {
      code: 'unreachable',
      message: `${host} answered the https:// handshake in plain http: this port does not speak TLS.${fix ? ` Use http:// — did you mean ${fix.said}?` : ' Use http:// instead of https://.'}`,
      detail: raw,
      ...(fix?.suggestedUrl !== undefined && { suggestedUrl: fix.suggestedUrl }),
    };
  }
  if (/CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER/i.test(code))
    return {
      code: 'unreachable',
      message: `The TLS handshake with ${host} failed: its certificate was not accepted (${code}). Give the server a certificate this machine trusts, or for a private authority set NODE_EXTRA_CA_CERTS to its certificate.`,
      detail: raw,
    };
  if (code === 'ETIMEDOUT' || code === 'UND_ERR_CONNECT_TIMEOUT')
    return {
      code: 'unreachable',
      message: `The connection to ${host} timed out: the host did not answer. Check that it is up and that no firewall drops the port.`,
      detail: raw,
    };
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET')
    return {
      code: 'unreachable',
      message: `${host} closed the connection before answering. Check that this port serves HTTP, and the server's log.`,
      detail: raw,
    };
  return { code: 'unreachable', message: `${host} could not be reached (${code}).`, detail: raw };
}

/** A fetch that failed without saying why: in a browser, CORS and an unreachable host look the same. */
export function isOpaqueNetworkFailure(error: unknown): boolean {
  const e = probeFailureCause(error);
  return e instanceof TypeError && !(e.cause as { code?: unknown } | undefined)?.code;
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
  const detail = describeError(error);
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
  // https:// to a port that speaks plain http fails like a host that is down; the same address over http:// tells them apart.
  const plain = plainHttpOf(url);
  // Only the origin is asked over plain http: the URL's path and query may carry a credential, and this
  // request would send it in clear.
  if (
    plain !== undefined &&
    (await fetch(`${new URL(plain).origin}/`, {
      mode: 'no-cors',
      credentials: 'omit',
      cache: 'no-store',
      referrerPolicy: 'no-referrer',
    }).then(
      () => true,
      () => false,
    ))
  ) {
    const fix = offer(plain);
    return {
      code: 'unreachable',
      message: `${hostOf(url)} answers plain http, not https: this port does not speak TLS. Use http:// — did you mean ${fix.said}?`,
      detail,
      ...(fix.suggestedUrl !== undefined && { suggestedUrl: fix.suggestedUrl }),
    };
  }
  return {
    code: 'unreachable',
    message: `No answer from ${hostOf(url)}: the server may be down, its name may not resolve, or the TLS handshake failed. A browser does not say which; the command-line client names the cause (${headlessCommands([redactUrl(url)])}).`,
    detail,
  };
}
