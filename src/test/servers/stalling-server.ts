/**
 * A 2025-11-25 server that stalls where a test says: it never answers initialize, never answers the session
 * DELETE, or holds a tool call open while the test sends its progress notifications and then its result.
 * Raw node:http on loopback (raw-server.ts), so each stall is exactly one unanswered request.
 */
import type { ServerResponse } from 'node:http';
import { startRawServer, type RawRequest } from './raw-server.ts';

export interface StallingOptions {
  /** initialize gets no answer: the handshake hangs after the era probe. */
  hangInitialize?: boolean;
  /** The session DELETE gets no answer. */
  hangDelete?: boolean;
}

/** A tool call held open: the test sends progress and the result when it chooses. */
interface HeldCall {
  progress(progress: number, total?: number): void;
  answer(text: string): void;
}

const SESSION = 'stalling-session';

export async function startStallingServer(options: StallingOptions = {}) {
  const held: HeldCall[] = [];
  const server = await startRawServer((request, res) => handle(request, res));

  function handle(request: RawRequest, res: ServerResponse) {
    if (request.method === 'DELETE') {
      if (!options.hangDelete) res.writeHead(200).end();
      return;
    }
    const message = request.json as { id?: unknown; method?: string; params?: { _meta?: { progressToken?: unknown } } } | undefined;
    const reply = (result: unknown, headers: Record<string, string> = {}) =>
      res
        .writeHead(200, { 'content-type': 'application/json', ...headers })
        .end(JSON.stringify({ jsonrpc: '2.0', id: message?.id, result }));
    if (message?.method === 'initialize') {
      if (options.hangInitialize) return;
      return reply(
        { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'stalling', version: '1.0.0' } },
        { 'mcp-session-id': SESSION },
      );
    }
    // The era probe (server/discover) and anything before initialize: a 2025 server's answer without a session.
    if (request.headers['mcp-session-id'] !== SESSION)
      return res
        .writeHead(400, { 'content-type': 'application/json' })
        .end(
          JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32000, message: 'Bad Request: Mcp-Session-Id header is required' } }),
        );
    if (message?.id === undefined) return void res.writeHead(202).end();
    if (message.method === 'tools/list')
      return reply({
        tools: [
          {
            name: 'slow',
            description: 'Works for minutes, saying so.',
            inputSchema: { type: 'object' },
            annotations: { readOnlyHint: true },
          },
        ],
      });
    if (message.method === 'tools/call') {
      const token = message.params?._meta?.progressToken;
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const send = (value: unknown) => res.write(`event: message\ndata: ${JSON.stringify(value)}\n\n`);
      held.push({
        progress: (progress, total) =>
          send({
            jsonrpc: '2.0',
            method: 'notifications/progress',
            params: { progressToken: token, progress, ...(total !== undefined && { total }) },
          }),
        answer: (text) => {
          send({ jsonrpc: '2.0', id: message.id, result: { content: [{ type: 'text', text }] } });
          res.end();
        },
      });
      return;
    }
    return reply({});
  }

  return {
    ...server,
    /** The tool calls held open, in the order they came. */
    held,
    /** How many requests of this JSON-RPC method (or HTTP method, for DELETE) reached the server. */
    count: (method: string) =>
      server.requests.filter((r) => r.method === method || (r.json as { method?: string } | undefined)?.method === method).length,
  };
}
