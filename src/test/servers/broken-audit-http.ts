/**
 * The transport half of the broken audit fixture (./broken-audit-server.ts): what a careful Streamable HTTP
 * server checks before it reads a message. Host and Origin must be loopback; preflights are answered; 2025
 * sessions are opened, checked and ended; a 2026-07-28 request must carry its _meta and headers that match
 * its body. Each rule can be switched off by the fault that breaks it.
 */
import type { ServerResponse } from 'node:http';
import type { RawRequest } from './raw-server.ts';

type Fault = string;
type Refusal = { status: number; headers?: Record<string, string>; body?: unknown };

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'Mcp-Session-Id',
};
const PREFLIGHT = {
  ...CORS,
  'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
  'access-control-allow-headers':
    'Content-Type, Accept, Authorization, Mcp-Session-Id, MCP-Protocol-Version, Mcp-Method, Mcp-Name, Mcp-Param-Region, Last-Event-ID',
};

const MODERN = '2026-07-28';
const LOOPBACK = /^(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

/** Open 2025 sessions, across every fixture instance (ids never repeat). */
const sessions = new Set<string>();
let nextSession = 0;

/** `prefix`: "session " makes an id that breaks the visible-ASCII rule (the session-id-not-ascii fault). */
export function openSession(prefix = 'session-'): string {
  const id = `${prefix}${++nextSession}`;
  sessions.add(id);
  return id;
}

export function send(res: ServerResponse, status: number, headers: Record<string, string> = {}, body?: unknown): void {
  const json = body === undefined ? {} : { 'content-type': 'application/json' };
  res.writeHead(status, { ...CORS, ...json, ...headers }).end(body === undefined ? undefined : JSON.stringify(body));
}

const rpcError = (id: unknown, code: number, message: string, data?: unknown) => ({
  jsonrpc: '2.0',
  id: id ?? null,
  error: { code, message, ...(data !== undefined && { data }) },
});

const header = (request: RawRequest, name: string) => {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim();
};

/** A refusal before the message is read, or undefined to go on to the answer. */
export function refuseAtTheDoor(request: RawRequest, fault: Fault, era: 'legacy' | 'modern'): Refusal | undefined {
  const origin = header(request, 'origin');
  const originHost = origin === undefined ? undefined : origin.replace(/^https?:\/\//, '');
  if (
    fault !== 'no-dns-rebinding-protection' &&
    (!LOOPBACK.test(header(request, 'host') ?? '') || (originHost !== undefined && !LOOPBACK.test(originHost)))
  )
    return { status: 403, body: rpcError(null, -32000, 'Forbidden: Host and Origin must be loopback.') };
  if (request.method === 'OPTIONS') return { status: 204, headers: PREFLIGHT };
  const sessionId = header(request, 'mcp-session-id');
  if (request.method === 'DELETE') {
    if (era === 'modern' || sessionId === undefined) return { status: 405 };
    if (!sessions.has(sessionId)) return { status: 404 };
    if (fault !== 'undying-session') sessions.delete(sessionId);
    return { status: 200 };
  }
  if (request.method !== 'POST') return { status: 405 };
  const message = request.json as { id?: unknown; method?: unknown; params?: Record<string, unknown> } | undefined;
  if (typeof message?.method !== 'string') return { status: 400, body: rpcError(null, -32600, 'Invalid Request') };
  if (era === 'legacy') {
    if (sessionId !== undefined && !sessions.has(sessionId))
      return { status: 404, body: rpcError(message.id, -32001, 'Session not found') };
    return undefined;
  }
  return modernRefusal(message as { id?: unknown; method: string; params?: Record<string, unknown> }, request, fault);
}

/** 2026-07-28: per-request _meta, the version, and the standard headers, in that order. */
function modernRefusal(
  message: { id?: unknown; method: string; params?: Record<string, unknown> },
  request: RawRequest,
  fault: Fault,
): Refusal | undefined {
  const { id, method, params = {} } = message;
  const meta = params._meta as Record<string, unknown> | undefined;
  const version = meta?.['io.modelcontextprotocol/protocolVersion'];
  if (
    fault !== 'meta-not-required' &&
    (typeof version !== 'string' || typeof meta?.['io.modelcontextprotocol/clientCapabilities'] !== 'object')
  )
    return { status: 400, body: rpcError(id, -32602, 'Invalid params: _meta needs protocolVersion and clientCapabilities.') };
  const headerVersion = header(request, 'mcp-protocol-version');
  if (version !== undefined && headerVersion !== version)
    return { status: 400, body: rpcError(id, -32020, 'Header mismatch: MCP-Protocol-Version differs from _meta.') };
  if (version !== undefined && version !== MODERN)
    return { status: 400, body: rpcError(id, -32022, 'Unsupported protocol version', { supported: [MODERN], requested: version }) };
  const param = fault === 'unchecked-param-headers' ? undefined : paramHeaderProblem(method, params, request);
  if (param !== undefined) return { status: 400, body: rpcError(id, -32020, `Header mismatch: ${param}`) };
  if (fault === 'unchecked-headers') return undefined;
  if (header(request, 'mcp-method') !== method)
    return { status: 400, body: rpcError(id, -32020, 'Header mismatch: Mcp-Method differs from the method.') };
  const name = params.name ?? params.uri;
  if (['tools/call', 'resources/read', 'prompts/get'].includes(method) && name !== undefined && header(request, 'mcp-name') !== name)
    return { status: 400, body: rpcError(id, -32020, 'Header mismatch: Mcp-Name differs from the name.') };
  return undefined;
}

/** The 2026-07-28 tool whose `region` argument is mirrored as Mcp-Param-Region (x-mcp-header). */
export const HEADER_TOOL = {
  name: 'lookup',
  description: 'Looks up a region.',
  annotations: { readOnlyHint: true },
  inputSchema: { type: 'object', properties: { region: { type: 'string', 'x-mcp-header': 'Region' } } },
};

const SENTINEL = /^=\?base64\?(.*)\?=$/;

/** Why Mcp-Param-Region does not match a tools/call of HEADER_TOOL's `region`, or undefined when it does. */
function paramHeaderProblem(method: string, params: Record<string, unknown>, request: RawRequest): string | undefined {
  if (method !== 'tools/call' || params.name !== HEADER_TOOL.name) return undefined;
  const value = (params.arguments as { region?: unknown } | undefined)?.region;
  if (value === undefined) return undefined;
  const sent = header(request, 'mcp-param-region');
  if (sent === undefined) return 'Mcp-Param-Region is missing while the body has region.';
  const encoded = SENTINEL.exec(sent)?.[1];
  if (encoded !== undefined && (!/^[A-Za-z0-9+/]*={0,2}$/.test(encoded) || encoded.length % 4 !== 0))
    return 'Mcp-Param-Region is not valid Base64.';
  const decoded = encoded === undefined ? sent : Buffer.from(encoded, 'base64').toString('utf8');
  return decoded === String(value) ? undefined : 'Mcp-Param-Region differs from region.';
}
