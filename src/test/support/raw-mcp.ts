/**
 * Helpers on top of raw-server.ts for scripting a misbehaving MCP server: a well-behaved handshake, and a
 * hook for everything after it, so each test only writes the part that misbehaves.
 */
import type { ServerResponse } from 'node:http';
import { initializeResult, startRawServer, type RawRequest } from '../servers/raw-server.ts';

export const idOf = (request: RawRequest) => (request.json as { id?: unknown } | undefined)?.id;
const methodOf = (request: RawRequest) => (request.json as { method?: string } | undefined)?.method;

export function send(
  res: ServerResponse,
  status: number,
  body: string | Buffer,
  headers: Record<string, string> = { 'content-type': 'application/json' },
) {
  res.writeHead(status, headers).end(body);
}

export const sse = (res: ServerResponse, headers: Record<string, string> = {}) =>
  res.writeHead(200, { 'content-type': 'text/event-stream', ...headers });
export const event = (value: unknown) => `data: ${JSON.stringify(value)}\n\n`;

/**
 * A server that answers initialize properly (with `sessionId` when given), acknowledges notifications,
 * answers ping, refuses the GET stream with 405, and hands every other request to `onRequest`.
 */
export async function startMcp(
  onRequest: (req: RawRequest, res: ServerResponse) => void,
  options: { sessionId?: string; onGet?: (req: RawRequest, res: ServerResponse) => void } = {},
) {
  return startRawServer((req, res) => {
    const session: Record<string, string> = options.sessionId ? { 'mcp-session-id': options.sessionId } : {};
    if (req.method === 'GET') return options.onGet ? options.onGet(req, res) : send(res, 405, '');
    if (req.method === 'DELETE') return send(res, 200, '');
    const method = methodOf(req);
    if (method === 'initialize')
      return send(res, 200, JSON.stringify(initializeResult(idOf(req))), { 'content-type': 'application/json', ...session });
    if (idOf(req) === undefined) return send(res, 202, '');
    if (method === 'ping') return send(res, 200, JSON.stringify({ jsonrpc: '2.0', id: idOf(req), result: {} }));
    onRequest(req, res);
  });
}
