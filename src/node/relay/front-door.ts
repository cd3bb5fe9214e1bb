import { timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

import { localhostAllowedHostnames, validateHostHeader } from '@modelcontextprotocol/server';

import {
  RELAY_MCP_PATH,
  RELAY_TOKEN_HEADER,
  RELAY_UPSTREAM_HEADER,
  RELAY_UPSTREAM_STATUS_HEADER,
  RELAY_VERSION_HEADER,
} from '../../shared/relay.ts';

/** Who may use the relay: decided once at start, from the command line and a fresh random token. */
export interface FrontDoorPolicy {
  token: string;
  /** Origins (`scheme://host[:port]`) whose pages may send requests. */
  allowedOrigins: ReadonlySet<string>;
  /**
   * Request targets served besides the relay's endpoint: an HTTP target's protected resource metadata
   * (resource-metadata.ts), its audit probe endpoint (audit-probe.ts) and the message endpoints a legacy SSE
   * target announced (sse-endpoints.ts).
   */
  alsoServes?: { has(requestTarget: string): boolean };
}

/** A request the relay will not pass on, with the status and the sentence that says why and what to do. */
export interface Refusal {
  status: number;
  message: string;
}

export interface RequestHead {
  method: string;
  /** The request target exactly as sent: origin-form (`/mcp`) or absolute-form (`http://host/mcp`). */
  target: string;
  headers: IncomingHttpHeaders;
}

const METHODS = new Set(['GET', 'POST', 'DELETE']);

/**
 * Checks a request before anything reaches the target. The order is the order of the questions "is this
 * really for me" (Host, path), "is the page allowed" (Origin) and "does the sender hold the token"; a
 * preflight stops after the second, because browsers never send custom headers on one.
 */
export function checkRequest(head: RequestHead, policy: FrontDoorPolicy): Refusal | null {
  const host = validateHostHeader(head.headers.host, localhostAllowedHostnames());
  // A page on a rebound DNS name reaches 127.0.0.1 with its own name in Host; only loopback names pass.
  if (!host.ok) return { status: 403, message: `Forbidden: ${host.message}. The relay answers only on 127.0.0.1 or localhost.` };
  // One exact path and no query (or one of an HTTP target's two metadata paths, its audit probe endpoint, or a
  // message endpoint a legacy SSE target announced, compared as exactly): an absolute-form target, `..`, a double slash or an encoded path never names anything
  // else, and nothing in a URL can choose where the relay forwards or what it runs.
  if (head.target !== RELAY_MCP_PATH && !policy.alsoServes?.has(head.target))
    return { status: 404, message: `Not found. The relay serves one endpoint, ${RELAY_MCP_PATH}, and nothing else.` };
  if (!isOriginAllowed(head.headers.origin, policy.allowedOrigins)) {
    return {
      status: 403,
      message: `Forbidden: pages from ${head.headers.origin} may not use this relay. Restart it with --allow-origin ${head.headers.origin} to allow them.`,
    };
  }
  if (head.method === 'OPTIONS') return null;
  if (!METHODS.has(head.method)) return { status: 405, message: 'Method not allowed. Use POST, GET or DELETE.' };
  // 403, not 401: a 401 would send a client looking for an OAuth server, and the relay is not one.
  if (!hasToken(head.headers, policy.token)) {
    return {
      status: 403,
      message: `Missing or wrong ${RELAY_TOKEN_HEADER} header. Open the link the relay printed, or copy its token into Headers in MCP Lens.`,
    };
  }
  return null;
}

/** Programs (the CLI, curl) send no Origin and still need the token; pages must be on the allow-list. */
function isOriginAllowed(origin: string | undefined, allowed: ReadonlySet<string>): boolean {
  return origin === undefined || allowed.has(origin);
}

function hasToken(headers: IncomingHttpHeaders, token: string): boolean {
  const sent = headers[RELAY_TOKEN_HEADER.toLowerCase()];
  if (typeof sent !== 'string') return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(token);
  // Constant time, so the token cannot be guessed a character at a time from response timings.
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The CORS headers for an allowed page's origin; none for anyone else, so a foreign page reads nothing. */
export function corsHeaders(origin: string | undefined, allowed: ReadonlySet<string>): Record<string, string> {
  if (origin === undefined || !allowed.has(origin)) return {};
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Expose-Headers': EXPOSED_HEADERS,
    Vary: 'Origin',
  };
}

const EXPOSED_HEADERS = [
  'Mcp-Session-Id',
  'Mcp-Protocol-Version',
  'WWW-Authenticate',
  RELAY_UPSTREAM_STATUS_HEADER,
  RELAY_UPSTREAM_HEADER,
  RELAY_VERSION_HEADER,
].join(', ');

/** A request header name as HTTP defines a token; anything else in Access-Control-Request-Headers is dropped. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/;

/**
 * The answer to an allowed page's preflight. The requested headers are echoed (bounded, names only)
 * rather than listed: the relay forwards whatever headers the person set for their server, and which
 * pages may send them is already settled by the Origin check above.
 */
export function preflightHeaders(headers: IncomingHttpHeaders, allowed: ReadonlySet<string>): Record<string, string> {
  const requested = String(headers['access-control-request-headers'] ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => HEADER_NAME.test(name))
    .slice(0, 50);
  const answer: Record<string, string> = {
    ...corsHeaders(headers.origin, allowed),
    'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
    'Access-Control-Allow-Headers': [RELAY_TOKEN_HEADER, ...requested].join(', '),
    'Access-Control-Max-Age': '600',
  };
  // Chrome's Private Network Access asks before a public page (a hosted MCP Lens) may call loopback.
  if (headers['access-control-request-private-network'] === 'true') answer['Access-Control-Allow-Private-Network'] = 'true';
  return answer;
}
