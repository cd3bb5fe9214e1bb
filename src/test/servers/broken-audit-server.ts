/**
 * A 2025-era MCP server (plain JSON over HTTP, stateless) that is right in everything the audit checks except
 * one fault, chosen by path: `/<fault>/mcp`. Each fault is one failure class the audit must name; a fault-free
 * `/sound/mcp` shows the same server passing. Loopback only.
 */
import type { ServerResponse } from 'node:http';
import { startRawServer, type RawRequest } from './raw-server.ts';

export const AUDIT_FAULTS = {
  /** tools/list hands out a fresh cursor on every page, with the same tool: the list never ends. */
  'endless-pagination': 'tools-list',
  /** An unknown method gets -32600 (Invalid Request) instead of -32601. */
  'wrong-error-code': 'unknown-method',
  /** A tool's inputSchema is not valid JSON Schema ("type": "strnig"). */
  'invalid-schema': 'tool-schemas',
  /** tools/call of a tool that does not exist answers a result, as if it ran. */
  'phantom-tool': 'unknown-tool',
  /** ping answers a result with content instead of an empty one. */
  'chatty-ping': 'ping',
} as const;

export type AuditFault = keyof typeof AUDIT_FAULTS;

const ECHO_TOOL = {
  name: 'echo',
  description: 'Returns its message.',
  inputSchema: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
};

const INVALID_TOOL = {
  name: 'broken-schema',
  description: 'Its inputSchema names a type that does not exist.',
  inputSchema: { type: 'object', properties: { count: { type: 'strnig' } } },
};

type Reply = { result: unknown } | { error: { code: number; message: string } };

function answer(fault: AuditFault | 'sound', method: string, params: Record<string, unknown>): Reply {
  switch (method) {
    case 'initialize':
      return {
        result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: `broken-${fault}`, version: '0.0.1' } },
      };
    case 'ping':
      return { result: fault === 'chatty-ping' ? { status: 'ok' } : {} };
    case 'tools/list': {
      if (fault === 'endless-pagination') {
        const page = Number(String(params.cursor ?? 'page-0').replace('page-', ''));
        return { result: { tools: [ECHO_TOOL], nextCursor: `page-${page + 1}` } };
      }
      return { result: { tools: fault === 'invalid-schema' ? [ECHO_TOOL, INVALID_TOOL] : [ECHO_TOOL] } };
    }
    case 'tools/call':
      if (params.name === 'echo')
        return { result: { content: [{ type: 'text', text: String((params.arguments as { message?: unknown })?.message) }] } };
      if (fault === 'phantom-tool') return { result: { content: [{ type: 'text', text: 'done' }] } };
      return { error: { code: -32602, message: `Unknown tool: ${String(params.name)}` } };
    default:
      return fault === 'wrong-error-code'
        ? { error: { code: -32600, message: 'Invalid Request' } }
        : { error: { code: -32601, message: 'Method not found' } };
  }
}

function handle(request: RawRequest, res: ServerResponse): void {
  const fault = /^\/([a-z-]+)\/mcp/.exec(request.path)?.[1] as AuditFault | 'sound' | undefined;
  const message = request.json as { id?: unknown; method?: string; params?: Record<string, unknown> } | undefined;
  if (request.method !== 'POST' || fault === undefined) return void res.writeHead(request.method === 'POST' ? 404 : 405).end();
  // Notifications (notifications/initialized) get 202 and no body.
  if (message?.id === undefined) return void res.writeHead(202).end();
  // A 2025 server does not know the 2026-07-28 probe: a plain 400, so Auto settles on the 2025 era.
  if (message.method === 'server/discover')
    return void res
      .writeHead(400, { 'content-type': 'application/json' })
      .end(JSON.stringify({ jsonrpc: '2.0', id: message.id, error: { code: -32000, message: 'Bad Request: Server not initialized' } }));
  const reply = answer(fault, message.method ?? '', message.params ?? {});
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: message.id, ...reply }));
}

export async function startBrokenAuditServer(): Promise<{ urlFor(fault: AuditFault | 'sound'): string; close(): Promise<void> }> {
  const server = await startRawServer(handle);
  const base = server.url.replace(/\/mcp$/, '');
  return { urlFor: (fault) => `${base}/${fault}/mcp`, close: server.close };
}
