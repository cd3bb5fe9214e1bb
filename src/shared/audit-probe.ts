/**
 * The audit's raw probes as data, shared by the engine (src/engine/audit/) and the local relay
 * (src/node/relay/audit-probe.ts). Most probes are plain JSON-RPC POSTs any fetch can send. A few break rules
 * a browser enforces (a forged Host or Origin, a CORS preflight whose answer is read): those are *named
 * probes*, a small fixed set of kinds with bounded parameters. The command line builds a named probe here and
 * sends it with node:http; a page connected through the relay sends only the name and parameters to the
 * relay's probe endpoint, and the relay builds the same request here and sends it to its own target. Nothing in
 * a named probe can choose a URL, a method, a body or a header beyond what its kind fixes.
 */
import { isRecord } from './read.ts';
import { profileOf } from './era-profile.ts';
import type { ProtocolEra } from './model.ts';

export interface ProbeRequest {
  method: 'GET' | 'POST' | 'DELETE' | 'OPTIONS';
  headers: Record<string, string>;
  body?: string;
}

export interface ProbeResponse {
  status: number;
  /** Lower-case names. */
  headers: Record<string, string>;
  /** The body, bounded; for an event stream, the events up to the first JSON-RPC response. */
  body: string;
}

/** Far more than any JSON-RPC answer a probe expects; a stream is cut there. */
export const PROBE_MAX_BODY_BYTES = 256 * 1024;

export const MODERN_VERSION = profileOf('modern').protocolVersion;
export const LEGACY_VERSION = profileOf('legacy').protocolVersion;
const CLIENT_INFO = { name: 'mcp-lens-audit', version: '1' };

/** The per-request `_meta` a 2026-07-28 request carries. */
export const MODERN_META = {
  'io.modelcontextprotocol/protocolVersion': MODERN_VERSION,
  'io.modelcontextprotocol/clientInfo': CLIENT_INFO,
  'io.modelcontextprotocol/clientCapabilities': {},
};

/** A JSON-RPC POST; `headers` override or add (a header set to '' is left out). */
export function rpcPost(message: Record<string, unknown>, headers: Record<string, string> = {}): ProbeRequest {
  const all: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers };
  return {
    method: 'POST',
    headers: Object.fromEntries(Object.entries(all).filter(([, value]) => value !== '')),
    body: JSON.stringify({ jsonrpc: '2.0', ...message }),
  };
}

/** The 2025 handshake's first request. */
export const initializeRequest = (id: number, headers: Record<string, string> = {}) =>
  rpcPost(
    { id, method: 'initialize', params: { protocolVersion: LEGACY_VERSION, capabilities: {}, clientInfo: CLIENT_INFO } },
    { 'MCP-Protocol-Version': LEGACY_VERSION, ...headers },
  );

/** A 2026-07-28 request with the headers the spec asks for (Mcp-Method, and Mcp-Name where there is a name). */
export function modernRequest(id: number, method: string, params: Record<string, unknown>, headers: Record<string, string> = {}) {
  const name = typeof params.name === 'string' ? params.name : typeof params.uri === 'string' ? params.uri : undefined;
  return rpcPost(
    { id, method, params: { ...params, _meta: MODERN_META } },
    { 'MCP-Protocol-Version': MODERN_VERSION, 'Mcp-Method': method, ...(name !== undefined && { 'Mcp-Name': name }), ...headers },
  );
}

/** The relay's probe endpoint: GET says whom the relay fronts, POST sends one named probe there. */
export const RELAY_PROBE_PATH = '/audit-probe';

/** The Host and Origin the DNS-rebinding probe forges: a name no server of the person's answers to. */
export const FORGED_HOST = 'evil.example.com';

/** The first request of each era: 2025's initialize, 2026-07-28's server/discover. */
type FirstRequest = 'initialize' | 'discover';

/** The named probes' word for the request an era starts with (its profile's `firstRequest`). */
export const firstProbeOf = (era: ProtocolEra): FirstRequest => (profileOf(era).firstRequest === 'initialize' ? 'initialize' : 'discover');

/**
 * Every probe a browser cannot send, by name. `own-host` uses the target's own Host, whatever URL the page
 * knows it by; `sessionId` is one the server gave a probe of this set (an ASCII header value; a 2025 server without
 * sessions gives none, so `initialized` may go without).
 */
export type NamedProbe =
  | { kind: 'forged-host'; first: FirstRequest }
  | { kind: 'own-host'; first: FirstRequest }
  | { kind: 'initialized'; sessionId?: string }
  | { kind: 'end-session'; sessionId: string }
  | { kind: 'preflight'; origin: string; requestHeaders: string[] }
  | { kind: 'page-origin'; first: FirstRequest; origin: string };

export const NAMED_PROBE_KINDS = ['forged-host', 'own-host', 'initialized', 'end-session', 'preflight', 'page-origin'] as const;

const FIELDS: Record<NamedProbe['kind'], readonly string[]> = {
  'forged-host': ['first'],
  'own-host': ['first'],
  initialized: ['sessionId'],
  'end-session': ['sessionId'],
  preflight: ['origin', 'requestHeaders'],
  'page-origin': ['first', 'origin'],
};

/** A session id as the spec allows one (visible ASCII), bounded. */
const SESSION_ID = /^[\x21-\x7e]{1,256}$/;
/** An HTTP header name (RFC 9110 token), bounded. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/;
const MAX_REQUEST_HEADERS = 50;

/** An origin, `http(s)://host[:port]` and nothing else. */
function isOrigin(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 200 || !URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value;
}

/** A named probe from untrusted JSON, or the sentence that says what is wrong with it. */
export function parseNamedProbe(value: unknown): NamedProbe | { refused: string } {
  if (!isRecord(value) || typeof value.kind !== 'string' || !Object.hasOwn(FIELDS, value.kind))
    return { refused: `Unknown probe kind. The relay sends only these: ${NAMED_PROBE_KINDS.join(', ')}.` };
  const kind = value.kind as NamedProbe['kind'];
  const extra = Object.keys(value).filter((key) => key !== 'kind' && !FIELDS[kind].includes(key));
  if (extra.length > 0) return { refused: `A ${kind} probe takes only ${FIELDS[kind].join(', ')}; not ${extra.slice(0, 5).join(', ')}.` };
  const { first, sessionId, origin, requestHeaders } = value;
  if (FIELDS[kind].includes('first') && first !== 'initialize' && first !== 'discover')
    return { refused: 'first must be "initialize" or "discover".' };
  const optional = kind === 'initialized' && sessionId === undefined;
  if (FIELDS[kind].includes('sessionId') && !optional && (typeof sessionId !== 'string' || !SESSION_ID.test(sessionId)))
    return { refused: 'sessionId must be 1 to 256 visible ASCII characters.' };
  if (FIELDS[kind].includes('origin') && !isOrigin(origin)) return { refused: 'origin must be an http(s) origin (scheme://host[:port]).' };
  if (
    FIELDS[kind].includes('requestHeaders') &&
    !(
      Array.isArray(requestHeaders) &&
      requestHeaders.length <= MAX_REQUEST_HEADERS &&
      requestHeaders.every((name) => typeof name === 'string' && HEADER_NAME.test(name))
    )
  )
    return { refused: `requestHeaders must be at most ${MAX_REQUEST_HEADERS} header names.` };
  return value as NamedProbe;
}

function firstRequest(first: FirstRequest, headers: Record<string, string>): ProbeRequest {
  return first === 'discover' ? modernRequest(1, 'server/discover', {}, headers) : initializeRequest(1, headers);
}

/** The one request a named probe stands for, to `target` (whose Host the own-host kinds send). */
export function buildNamedProbe(probe: NamedProbe, target: URL): ProbeRequest {
  const own = { Host: target.host, Origin: `http://${target.host}` };
  switch (probe.kind) {
    case 'forged-host':
      return firstRequest(probe.first, { Host: FORGED_HOST, Origin: `http://${FORGED_HOST}` });
    case 'own-host':
      return firstRequest(probe.first, own);
    case 'initialized':
      return rpcPost(
        { method: 'notifications/initialized' },
        { ...own, 'MCP-Protocol-Version': LEGACY_VERSION, ...(probe.sessionId !== undefined && { 'Mcp-Session-Id': probe.sessionId }) },
      );
    case 'end-session':
      return { method: 'DELETE', headers: { 'Mcp-Session-Id': probe.sessionId, 'MCP-Protocol-Version': LEGACY_VERSION } };
    case 'preflight':
      return {
        method: 'OPTIONS',
        headers: {
          Origin: probe.origin,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': probe.requestHeaders.join(',').toLowerCase(),
        },
      };
    case 'page-origin':
      return firstRequest(probe.first, { Origin: probe.origin });
  }
}

/** What the relay's probe endpoint answers to a GET: the server it fronts (origin and path, never the query). */
export interface RelayProbeInfo {
  target: string;
}
