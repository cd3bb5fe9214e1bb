/**
 * What the authorized fetch (authorized-fetch.ts) says about a server's challenge, and how its errors leave
 * through the SDK's auth seam. Apart from the flow's words (describe.ts) because the fetch runs on every
 * request, while the flow loads only when a server asks for authorization.
 */
import type { extractWWWAuthenticateParams } from '@modelcontextprotocol/client';
import type { EngineError } from '../../shared/errors.ts';

/** The server's answer that started the flow stays on the error, as for any other HTTP failure. */
export function withStatus(error: unknown, httpStatus: number): unknown {
  return typeof error === 'object' && error !== null && (error as EngineError).code === 'unauthorized'
    ? { ...(error as EngineError), httpStatus }
    : error;
}

/**
 * The SDK's provenance stamp for errors that leave a transport's auth seam. Its version-negotiation
 * probe (`server/discover`, sent first in Auto) routes a stamped error out of `connect()` unchanged;
 * anything else thrown by the fetch counts as a network failure and comes back wrapped as "Version
 * negotiation probe failed: [object Object]", losing our "press Authorize" message. The SDK stamps its
 * own seams with `markAuthSeamEscape`, which 2.4.0 exports at runtime but not in its types; the symbol
 * is `Symbol.for`, shared by design, so we set it the same way (non-enumerable: it never crosses the
 * worker boundary).
 */
const AUTH_SEAM_ESCAPE = Symbol.for('mcp.authSeamEscape');

export function asAuthSeamEscape(error: unknown): unknown {
  if (typeof error === 'object' && error !== null && !Object.isFrozen(error))
    Object.defineProperty(error, AUTH_SEAM_ESCAPE, { value: true, configurable: true });
  return error;
}

export function describeChallenge(response: Response, challenge: ReturnType<typeof extractWWWAuthenticateParams>): string {
  if (!response.headers.has('www-authenticate')) {
    return 'HTTP 401 without a readable WWW-Authenticate header (a browser only sees it if the server exposes it via Access-Control-Expose-Headers). Falling back to well-known discovery.';
  }
  const parts = [
    challenge.resourceMetadataUrl && `resource_metadata=${challenge.resourceMetadataUrl.href}`,
    challenge.scope !== undefined && `scope="${challenge.scope}"`,
    challenge.error && `error=${challenge.error}`,
  ].filter(Boolean);
  return parts.length > 0 ? `WWW-Authenticate: ${parts.join(', ')}` : 'WWW-Authenticate without parameters; using well-known discovery.';
}
