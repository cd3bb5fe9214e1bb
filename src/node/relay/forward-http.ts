import { jsonRpcError } from '../http/rpc-error.ts';
import {
  RELAY_MCP_PATH,
  RELAY_TOKEN_HEADER,
  RELAY_UPSTREAM_HEADER,
  RELAY_UPSTREAM_STATUS_HEADER,
  RELAY_VERSION_HEADER,
} from '../../shared/relay.ts';
import { requestIdOfBytes } from './request-id.ts';
import { createMetadataForwarder } from './resource-metadata.ts';
import { createSseEndpoints } from './sse-endpoints.ts';

/** Answers one request that passed the front door; the relay's two kinds of target both fit it. */
export type RelayHandler = (request: Request) => Promise<Response>;

export interface HttpForwarder {
  handle: RelayHandler;
  /**
   * The request targets served besides the endpoint: the target's two protected resource metadata
   * documents (resource-metadata.ts), and the message endpoints a legacy HTTP+SSE target announced.
   */
  alsoServes: { has(requestTarget: string): boolean };
}

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

/**
 * Hop-by-hop headers and the body's framing, which Node writes anew for the decoded body. Access-Control-*
 * headers go too (below): the upstream's CORS answer means nothing to a browser that only talks to the relay.
 */
// The relay's version is the relay's to say (relay.ts), never the upstream's.
const DROPPED_RESPONSE_HEADERS = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'content-encoding',
  RELAY_VERSION_HEADER.toLowerCase(),
]);

/**
 * Forwards every request to the one URL given on the command line (and, for a legacy HTTP+SSE target, to
 * the message endpoints it announced; see sse-endpoints.ts), bytes and headers as they are, both
 * protocol eras alike (Mcp-Session-Id, MCP-Protocol-Version, Mcp-Method, Mcp-Name and Mcp-Param-* are
 * ordinary headers here). Response bodies, SSE streams included, are passed on as they arrive. Redirects
 * are handed back rather than followed, so a request and its Authorization never reach another host.
 */
export function createHttpForwarder(target: URL, fetchImpl: typeof fetch = fetch): HttpForwarder {
  const endpoints = createSseEndpoints(target);
  // Who the relay fronts, for OAuth discovery (docs/relay.md#oauth-through-the-relay): without the query,
  // which may hold an API key and would otherwise land in the browser's HTTP view and HAR files.
  const declaredUpstream = `${target.origin}${target.pathname}`;
  const metadata = createMetadataForwarder(target, declaredUpstream, fetchImpl);
  const handle: RelayHandler = async (request) => {
    const { pathname, search } = new URL(request.url);
    if (metadata.serves(`${pathname}${search}`)) return metadata.handle(request);
    const upstreamUrl = `${pathname}${search}` === RELAY_MCP_PATH ? target : endpoints.upstreamFor(`${pathname}${search}`);
    const sent = request.method === 'POST' ? new Uint8Array(await request.arrayBuffer()) : undefined;
    if (upstreamUrl === undefined) return jsonRpcError(404, -32000, 'Not found.', {}, { id: requestIdOfBytes(sent) });
    const headers = new Headers();
    request.headers.forEach((value, name) => {
      if (!DROPPED_REQUEST_HEADERS.has(name) && !name.startsWith('sec-') && !name.startsWith('proxy-')) headers.set(name, value);
    });
    headers.set('accept-encoding', 'identity');
    let upstream: Response;
    try {
      upstream = await fetchImpl(upstreamUrl, {
        method: request.method,
        headers,
        ...(sent !== undefined && { body: sent }),
        redirect: 'manual',
        signal: request.signal,
      });
    } catch (error) {
      return unreachable(target, error, requestIdOfBytes(sent));
    }
    const answer = new Headers();
    upstream.headers.forEach((value, name) => {
      if (!DROPPED_RESPONSE_HEADERS.has(name) && !name.startsWith('access-control-')) answer.append(name, value);
    });
    answer.set(RELAY_UPSTREAM_STATUS_HEADER, String(upstream.status));
    // Set, never passed on: only the relay says whom it fronts.
    answer.set(RELAY_UPSTREAM_HEADER, declaredUpstream);
    let body = upstream.body;
    // A GET without a session to the target itself may open a legacy HTTP+SSE stream: read a copy of its
    // first event for the message endpoint. (A Streamable HTTP GET stream always names its session.)
    const mayAnnounce = request.method === 'GET' && !request.headers.has('mcp-session-id') && upstreamUrl === target;
    if (body && mayAnnounce && upstream.headers.get('content-type')?.startsWith('text/event-stream')) {
      const [forBrowser, forWatch] = body.tee();
      void endpoints.watch(forWatch);
      body = forBrowser;
    }
    return new Response(body, { status: upstream.status, statusText: upstream.statusText, headers: answer });
  };
  return { handle, alsoServes: { has: (requestTarget) => metadata.serves(requestTarget) || endpoints.has(requestTarget) } };
}

function unreachable(target: URL, error: unknown, id: string | number | null): Response {
  const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
  const message = `The relay could not reach ${target.origin} (${cause}). Check that the server is running and the URL is right.`;
  return jsonRpcError(502, -32000, message, { [RELAY_UPSTREAM_STATUS_HEADER]: 'unreachable' }, { id });
}
