import { jsonRpcError } from '../demo-server/rpc-error.ts';
import { RELAY_TOKEN_HEADER, RELAY_UPSTREAM_STATUS_HEADER } from '../../shared/relay.ts';

/** Answers one request that passed the front door; the relay's two kinds of target both fit it. */
export type RelayHandler = (request: Request) => Promise<Response>;

/**
 * Request headers that describe the browser's hop, not the person's request to their server: the page's
 * origin and cookies, fetch metadata, hop-by-hop headers, and the relay's own token, which is for the
 * relay alone. `Authorization` and every other header the person set go on, to the one target.
 */
const DROPPED_REQUEST_HEADERS = new Set([
  'host',
  'origin',
  'referer',
  'cookie',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'te',
  'upgrade',
  'content-length',
  // Node's fetch decodes compressed bodies; asking for none keeps the bytes (and their length) as sent.
  'accept-encoding',
  RELAY_TOKEN_HEADER.toLowerCase(),
]);

/** The upstream's own CORS answer means nothing to the browser, which only ever talks to the relay. */
const DROPPED_RESPONSE_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding']);

/**
 * Forwards every request to the one URL given on the command line, bytes and headers as they are, both
 * protocol eras alike (Mcp-Session-Id, MCP-Protocol-Version, Mcp-Method, Mcp-Name and Mcp-Param-* are
 * ordinary headers here). Response bodies, SSE streams included, are passed on as they arrive. Redirects
 * are handed back rather than followed, so a request and its Authorization never reach another host.
 */
export function createHttpForwarder(target: URL, fetchImpl: typeof fetch = fetch): RelayHandler {
  return async (request) => {
    const headers = new Headers();
    request.headers.forEach((value, name) => {
      if (!DROPPED_REQUEST_HEADERS.has(name) && !name.startsWith('sec-') && !name.startsWith('proxy-')) headers.set(name, value);
    });
    headers.set('accept-encoding', 'identity');
    let upstream: Response;
    try {
      upstream = await fetchImpl(target, {
        method: request.method,
        headers,
        body: request.method === 'POST' ? await request.arrayBuffer() : undefined,
        redirect: 'manual',
        signal: request.signal,
      });
    } catch (error) {
      return unreachable(target, error);
    }
    const answer = new Headers();
    upstream.headers.forEach((value, name) => {
      if (!DROPPED_RESPONSE_HEADERS.has(name) && !name.startsWith('access-control-')) answer.append(name, value);
    });
    answer.set(RELAY_UPSTREAM_STATUS_HEADER, String(upstream.status));
    return new Response(upstream.body, { status: upstream.status, statusText: upstream.statusText, headers: answer });
  };
}

function unreachable(target: URL, error: unknown): Response {
  const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
  const message = `The relay could not reach ${target.origin} (${cause}). Check that the server is running and the URL is right.`;
  return jsonRpcError(502, -32000, message, { [RELAY_UPSTREAM_STATUS_HEADER]: 'unreachable' });
}
