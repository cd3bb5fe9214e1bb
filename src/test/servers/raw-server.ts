/**
 * A bare HTTP server for tests that need a server to misbehave in exact, byte-level ways no MCP SDK
 * server would: bad JSON, HTML error pages, broken SSE events. Loopback only.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RawRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
  json: unknown;
}

export type RawHandler = (request: RawRequest, response: ServerResponse) => void;

export async function startRawServer(handler: RawHandler): Promise<{ url: string; requests: RawRequest[]; close(): Promise<void> }> {
  const requests: RawRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: unknown;
      try {
        json = body ? JSON.parse(body) : undefined;
      } catch {
        json = undefined;
      }
      const request = { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, body, json };
      requests.push(request);
      handler(request, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The initialize result a well-behaved 2025-11-25 server would send. */
export function initializeResult(id: unknown) {
  return {
    jsonrpc: '2.0',
    id,
    result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'raw', version: '0.0.1' } },
  };
}
