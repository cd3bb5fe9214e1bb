/**
 * One sentence for an HTTP status a server answered with, read together with its body: a 403 from a
 * server that checks `Host` needs a different fix than one that checks `Origin`, and only the body says
 * which (the CLI sends no Origin at all, so blaming Origin there is simply wrong).
 */

/** What a 403 body most likely objects to. */
export type ForbiddenCause = 'host' | 'origin' | 'unknown';

export function forbiddenCause(body: string | null | undefined): ForbiddenCause {
  const text = (body ?? '').slice(0, 2000);
  // "Invalid Host header", "Access is only allowed at localhost:8931", "host not allowed" …
  if (/\bhost\b|only allowed at|dns rebinding/i.test(text)) return 'host';
  if (/\borigin\b|cors/i.test(text)) return 'origin';
  return 'unknown';
}

const HOST_ADVICE =
  'The server checks the Host header against the host names it allows (a guard against DNS rebinding). Use the host name it allows: often http://localhost:<port> instead of http://127.0.0.1:<port>, or the other way round. Or start the server with its allowed-hosts option (e.g. --allowed-hosts).';
const ORIGIN_ADVICE =
  "The server checks the Origin header that browsers send: it must allow this app's origin (the command-line client sends no Origin).";

const SAID_CHARS = 200;

/**
 * The server's own words in an error body, when they are a short sentence a person can read: plain text, or
 * a JSON-RPC error's message. An HTML page, or text past the bound, stays in the details.
 */
export function serverWords(body: string | null | undefined): string | undefined {
  const text = (body ?? '').trim();
  if (text === '' || text.length > 2000 || text.startsWith('<')) return undefined;
  const said = (text.startsWith('{') ? jsonRpcErrorIn(text)?.message : text)?.trim().split('\n')[0]!.trim();
  if (!said) return undefined;
  return said.length > SAID_CHARS ? `${said.slice(0, SAID_CHARS)}…` : said;
}

/** JSON-RPC's "Method not found": the server answered MCP, and what it refused is the method. */
const METHOD_NOT_FOUND = -32601;

/**
 * The JSON-RPC error an HTTP error body carries (`{"error": {"code", "message"}}`), when it is one: read once
 * here for the sentence, the error's `rpcCode` and the CLI's JSON. Bounded: a long body is not parsed.
 */
export function jsonRpcErrorIn(body: string | null | undefined): { code?: number; message?: string } | undefined {
  const text = (body ?? '').trim();
  if (!text.startsWith('{') || text.length > 100_000) return undefined;
  try {
    const error = (JSON.parse(text) as { error?: { code?: unknown; message?: unknown } }).error;
    if (typeof error !== 'object' || error === null) return undefined;
    const { code, message } = error;
    return {
      ...(typeof code === 'number' && Number.isInteger(code) && { code }),
      ...(typeof message === 'string' && { message }),
    };
  } catch {
    return undefined;
  }
}

/** How the failed request was reached, where that changes the advice. */
export interface HttpStatusContext {
  /**
   * The answer is to POST on Streamable HTTP, and the legacy HTTP+SSE transport was tried after it and failed
   * too: advice to try the other transport could not be followed.
   */
  bothTransportsTried?: boolean;
}

export function explainHttpStatus(
  status: number,
  statusText: string | undefined,
  body?: string | null,
  context: HttpStatusContext = {},
): string {
  const label = `HTTP ${status}${statusText ? ` ${statusText}` : ''}`;
  const words = status === 401 || status === 403 ? undefined : serverWords(body);
  // The server's own words first: they often name the fix ("The MCP endpoint is /mcp."). Words that end
  // without a full stop get one after the quote, so the advice that follows reads as its own sentence.
  const said = words === undefined ? '' : ` The server says: “${words}”${/[.!?…]$/.test(words) ? '' : '.'}`;
  if (status === 401) return `The server requires authorization (${label}). Add an Authorization header with a token, then connect again.`;
  if (status === 403) {
    const cause = forbiddenCause(body);
    if (cause === 'host') return `The server refused the request (${label}). ${HOST_ADVICE}`;
    if (cause === 'origin') return `The server refused the request (${label}). ${ORIGIN_ADVICE}`;
    return `The server refused the request (${label}); its answer is in the details. Servers on this machine often check the Host header (try localhost instead of 127.0.0.1, or the server's --allowed-hosts option) or a browser's Origin header (allow this app's origin). A token without the needed permission is also refused this way.`;
  }
  // An MCP server that does not know a method may say so with a 404 (as a 2026-07-28 server routing on
  // Mcp-Method can): the URL is right, so advice about the path would send the person the wrong way.
  if (status === 404 && jsonRpcErrorIn(body)?.code === METHOD_NOT_FOUND)
    return `The server does not know this method (${label}, JSON-RPC error -32601).${said} The URL is an MCP endpoint: check the method's name, and whether this server's protocol version has it.`;
  if (status === 404)
    return `Nothing answers MCP at this URL (${label}).${said} Check the path; servers often use /mcp (or /sse for the legacy transport).`;
  if (status === 405 && context.bothTransportsTried)
    return `The server does not accept POST at this URL (${label}).${said} The legacy HTTP+SSE transport, tried next with a GET, did not work there either (both are in the Message log). Check the path; servers often use /mcp (or /sse for the legacy transport).`;
  if (status === 405)
    return `The server does not accept this request method at this URL (${label}).${said} Check the URL, or try the other transport.`;
  // A gateway's answer (a proxy, the local relay): the server behind it is what failed or did not answer.
  if (status === 502 || status === 504)
    return `The gateway in front of the server got no usable answer from it (${label}).${said} Check that the server behind it is running.`;
  if (status >= 500) return `The server failed while handling the request (${label}).${said} Its logs should say why.`;
  // A 2xx here is an answer of the wrong kind (a page where an event stream was expected), not a refusal.
  if (status >= 200 && status < 300)
    return `The server answered ${label}, but not with what MCP expects here (a JSON-RPC message or an event stream). Is this URL an MCP endpoint?`;
  return `The server rejected the request (${label}).${said}`;
}
