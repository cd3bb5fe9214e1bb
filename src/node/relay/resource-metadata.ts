import { jsonRpcError } from '../http/rpc-error.ts';
import { RELAY_UPSTREAM_HEADER, RELAY_UPSTREAM_STATUS_HEADER, relayedResourceMetadata } from '../../shared/relay.ts';

/** A protected resource metadata document is a few hundred bytes; anything this large is not one. */
const MAX_METADATA_BYTES = 64 * 1024;

/**
 * The only request headers a metadata GET passes on: what the SDK's discovery sends. Never Authorization
 * (discovery is anonymous), never a cookie.
 */
const FORWARDED_HEADERS = ['accept', 'mcp-protocol-version'];

export interface MetadataForwarder {
  /** Whether this request target is one of the two metadata paths the relay serves. */
  serves(requestTarget: string): boolean;
  handle(request: Request): Promise<Response>;
}

/**
 * Serves the target's protected resource metadata (RFC 9728) on the relay's own origin, so a browser can
 * run OAuth discovery for a server that sends no CORS headers. Narrow by construction: two fixed paths,
 * each mapped to one fixed URL on the target's origin (relayedResourceMetadata); GET only; no
 * credentials forwarded; the answer read whole up to MAX_METADATA_BYTES and passed on with its status
 * and content type alone; a redirect handed back without its Location, never followed.
 */
export function createMetadataForwarder(target: URL, declaredUpstream: string, fetchImpl: typeof fetch = fetch): MetadataForwarder {
  const routes = new Map(relayedResourceMetadata(target).map(({ relayPath, upstream }) => [relayPath, upstream]));
  return {
    serves: (requestTarget) => routes.has(requestTarget),
    async handle(request) {
      const upstreamUrl = routes.get(new URL(request.url).pathname);
      if (upstreamUrl === undefined) return jsonRpcError(404, -32000, 'Not found.');
      if (request.method !== 'GET') return jsonRpcError(405, -32000, 'Method not allowed: protected resource metadata is read with GET.');
      const headers = new Headers({ 'accept-encoding': 'identity' });
      for (const name of FORWARDED_HEADERS) {
        const value = request.headers.get(name);
        if (value !== null) headers.set(name, value);
      }
      let upstream: Response;
      try {
        upstream = await fetchImpl(upstreamUrl, { headers, redirect: 'manual', signal: request.signal });
      } catch {
        return jsonRpcError(502, -32000, `The relay could not reach ${target.origin} for its resource metadata.`, {
          [RELAY_UPSTREAM_STATUS_HEADER]: 'unreachable',
        });
      }
      const body = await readBounded(upstream, MAX_METADATA_BYTES);
      const answer = new Headers({ [RELAY_UPSTREAM_STATUS_HEADER]: String(upstream.status), [RELAY_UPSTREAM_HEADER]: declaredUpstream });
      if (body === undefined) {
        return jsonRpcError(
          502,
          -32000,
          `The target's resource metadata is over ${MAX_METADATA_BYTES} bytes; the relay does not pass it on.`,
          {
            [RELAY_UPSTREAM_STATUS_HEADER]: String(upstream.status),
          },
        );
      }
      const type = upstream.headers.get('content-type');
      if (type !== null) answer.set('content-type', type);
      return new Response(body, { status: upstream.status, headers: answer });
    },
  };
}

/** The body's bytes, or undefined once they pass `limit` (the rest is not read). */
async function readBounded(response: Response, limit: number): Promise<Uint8Array<ArrayBuffer> | undefined> {
  if (!response.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    // Leaving the loop cancels the rest of the stream.
    if (size > limit) return undefined;
    chunks.push(chunk);
  }
  return new Uint8Array(Buffer.concat(chunks));
}
