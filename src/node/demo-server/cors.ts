import type { IncomingHttpHeaders } from 'node:http';

import { MIRRORED_PARAMS } from './header-tools.ts';

/**
 * The request headers a page may send, named one by one rather than reflected from the preflight's
 * Access-Control-Request-Headers: the list says what this server understands, which is what someone
 * debugging CORS wants to read, and a header outside it fails in the preflight, where it is easy to spot.
 * CORS has no prefix wildcard, so each `Mcp-Param-*` header a tool declares (x-mcp-header) is listed;
 * demo-server.test.ts checks the list against the tools.
 */
export const ALLOWED_REQUEST_HEADERS = [
  'Content-Type',
  'Accept',
  'Authorization',
  'Last-Event-ID',
  'Mcp-Session-Id',
  'Mcp-Protocol-Version',
  'Mcp-Method',
  'Mcp-Name',
  ...Object.values(MIRRORED_PARAMS).map((name) => `Mcp-Param-${name}`),
];

/**
 * Sent on every response. `*` rather than the request's origin: no credentials are involved, and which
 * pages may use the server is decided by the Origin check (origin.ts), which refuses the request itself —
 * CORS only decides whether a page may read the answer.
 */
export const CORS_HEADERS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'Mcp-Session-Id, Mcp-Protocol-Version, WWW-Authenticate',
};

/** The answer to a preflight (OPTIONS). */
export function preflightHeaders(requestHeaders: IncomingHttpHeaders): Record<string, string> {
  const headers: Record<string, string> = {
    ...CORS_HEADERS,
    'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
    'Access-Control-Allow-Headers': ALLOWED_REQUEST_HEADERS.join(', '),
    'Access-Control-Max-Age': '600',
  };
  // Chrome's Private Network Access asks before a public page may call loopback.
  if (requestHeaders['access-control-request-private-network'] === 'true') headers['Access-Control-Allow-Private-Network'] = 'true';
  return headers;
}
