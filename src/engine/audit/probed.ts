/**
 * A probe as the judges read it (what was sent, the answer or why none came), how a check sends one, and the
 * requests it sends: JSON-RPC over Streamable HTTP with each era's headers, built here rather than by the
 * SDK because these checks break the rules on purpose.
 */
import { describeError, isRecord } from '../../shared/read.ts';
import type { AuditContext } from './check.ts';
import { quote } from './judge/findings.ts';
import { firstRpcResponse, type ProbeRequest, type ProbeResponse } from './probe.ts';

export interface Probed {
  /** What the line says it was for: "initialize with a forged Host". */
  label: string;
  request: ProbeRequest;
  response?: ProbeResponse;
  /** Why no HTTP answer came (a network failure, the timeout). */
  problem?: string;
  /** The JSON-RPC response in the body, when there was one. */
  rpc?: Record<string, unknown>;
}

export const MODERN_VERSION = '2026-07-28';
export const LEGACY_VERSION = '2025-11-25';
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

/** Sends one probe; a network failure or timeout is recorded, not thrown (cancellation is). */
export async function probe(ctx: Pick<AuditContext, 'http' | 'signal'>, label: string, request: ProbeRequest): Promise<Probed> {
  try {
    const response = await ctx.http.send(request);
    const rpc = firstRpcResponse(response.body);
    return { label, request, response, ...(rpc && { rpc }) };
  } catch (error) {
    if (ctx.signal.aborted) throw error;
    return { label, request, problem: describeError(error) };
  }
}

/** One line for the details: what the probe sent and what came back. */
export function probeLine(probed: Probed): string {
  const { request, response, rpc } = probed;
  const method = request.body === undefined ? '' : (methodOf(request.body) ?? '');
  const sent = `${request.method}${method ? ` ${method}` : ''}`;
  if (!response) return `${probed.label}: sent ${sent}; no answer (${probed.problem ?? 'unknown'}).`;
  const error = rpc && isRecord(rpc.error) ? `, JSON-RPC error ${String(rpc.error.code)} ${quote(rpc.error.message, 60)}` : '';
  const result = rpc && 'result' in rpc ? ', a result' : '';
  return `${probed.label}: sent ${sent}; got HTTP ${response.status}${error}${result}.`;
}

function methodOf(body: string): string | undefined {
  try {
    const message: unknown = JSON.parse(body);
    return isRecord(message) && typeof message.method === 'string' ? message.method : undefined;
  } catch {
    return undefined;
  }
}

/** The JSON-RPC error code of a probe's answer, if it carried one. */
export const errorCode = (probed: Probed): unknown => (probed.rpc && isRecord(probed.rpc.error) ? probed.rpc.error.code : undefined);
export const isSuccess = (probed: Probed) => probed.response !== undefined && probed.response.status >= 200 && probed.response.status < 300;
