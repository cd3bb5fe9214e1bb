/**
 * The RFC 8707 `resource` indicator, byte for byte. RFC 9728 §3.3 and the MCP spec make the protected
 * resource metadata's `resource` the identifier the client sends, and the conformance suite compares it
 * as a string: `http://host:8080` must go out as `http://host:8080`, not `http://host:8080/`.
 *
 * The SDK seam (verified on @modelcontextprotocol/client 2.4.0): `auth()` sends
 * `resourceMetadata.resource` verbatim only when the provider has no `validateResourceURL`. With one (we
 * need it: it refuses a metadata `resource` that does not cover the server with a sentence a person can
 * act on, and sends a resource indicator even when a 2025-03-26 server publishes no metadata), the SDK
 * sends the returned `URL`'s `href`, and the WHATWG URL parser appends "/" to a pathless origin. The
 * hook's return type is `Promise<URL | undefined>`, so we return a URL whose `href` (and string forms)
 * are the published string itself. The SDK only ever serializes it (`resourceIndicatorToString` reads
 * `href`) on the authorization request, the token request and the refresh.
 */
import { resourceUrlFromServerUrl } from '@modelcontextprotocol/client';

/** A URL that serializes as exactly `published` (still parsed, so a malformed value throws here). */
export function publishedResource(published: string): URL {
  const url = new URL(published);
  if (url.href === published) return url;
  const verbatim = { get: () => published, enumerable: true, configurable: true };
  return Object.defineProperties(url, {
    href: verbatim,
    toString: { value: () => published, configurable: true },
    toJSON: { value: () => published, configurable: true },
  });
}

/**
 * The MCP server's own canonical URI, for a server that publishes no resource metadata: no fragment,
 * and no lone "/" path, since the MCP spec asks clients to use the form without a trailing slash
 * (a longer path keeps its slash: there it may be significant).
 */
export function canonicalResource(serverUrl: string | URL): URL {
  const url = resourceUrlFromServerUrl(serverUrl);
  if (url.pathname !== '/' || url.search !== '') return url;
  return publishedResource(url.href.slice(0, -1));
}
