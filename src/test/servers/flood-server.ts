/**
 * A minimal Streamable HTTP MCP server for the benchmark, on loopback only. Written by hand (not on the SDK
 * server) so the rate and size of what it sends are exactly what the benchmark asks for. Bounded: at most
 * 200,000 notifications and 120 s per call, results at most 32 MB.
 *
 * Tools: `flood {count, perSecond}` streams notifications/message on the call's SSE response, then answers;
 * `big {kind: text|json|image, bytes}` returns one large content block; `echo {message}` answers at once.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';

const MAX_NOTIFICATIONS = 200_000;
const MAX_SECONDS = 120;
const MAX_BYTES = 32 * 1024 * 1024;

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'Mcp-Session-Id, Mcp-Protocol-Version',
};
const PREFLIGHT = {
  ...CORS,
  'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
  // Mcp-Method and Mcp-Name too, as a 2025 server that allows 2026-07-28 clients does: Auto's server/discover
  // probe then reaches it and is refused, rather than blocked by CORS (which is never remembered as an era).
  'access-control-allow-headers':
    'Content-Type, Accept, Authorization, Mcp-Session-Id, Mcp-Protocol-Version, Mcp-Method, Mcp-Name, Last-Event-ID',
};

const TOOLS = [
  {
    name: 'flood',
    description: 'Streams notifications',
    inputSchema: { type: 'object', properties: { count: { type: 'integer' }, perSecond: { type: 'integer' } } },
    annotations: { readOnlyHint: true },
  },
  {
    name: 'big',
    description: 'A large result',
    inputSchema: { type: 'object', properties: { kind: { type: 'string', enum: ['text', 'json', 'image'] }, bytes: { type: 'integer' } } },
    annotations: { readOnlyHint: true },
  },
  {
    name: 'echo',
    description: 'Echo',
    inputSchema: { type: 'object', properties: { message: { type: 'string' } } },
    annotations: { readOnlyHint: true },
  },
];

type Json = Record<string, unknown>;

async function body(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > 1024 * 1024) throw new Error('body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function json(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { ...CORS, 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(value));
}

/** A PNG of about `bytes` bytes: a valid 1×1 image followed by padding in an ancillary chunk browsers skip. */
function bigPng(bytes: number): string {
  const tiny = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
  const iend = tiny.subarray(tiny.length - 12);
  const head = tiny.subarray(0, tiny.length - 12);
  const padding = Math.max(0, bytes - tiny.length - 12);
  const chunk = Buffer.alloc(12 + padding);
  chunk.writeUInt32BE(padding, 0);
  // An ancillary, private chunk type: decoders skip it, but its CRC must be right.
  chunk.write('bnCh', 4, 'latin1');
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + padding)), 8 + padding);
  return Buffer.concat([head, chunk, iend]).toString('base64');
}

function bigResult(kind: string, bytes: number): Json {
  const size = Math.min(MAX_BYTES, Math.max(1, bytes));
  if (kind === 'image') return { content: [{ type: 'image', mimeType: 'image/png', data: bigPng(Math.floor((size * 3) / 4)) }] };
  if (kind === 'json') {
    const rows = Math.ceil(size / 100);
    const items = Array.from({ length: rows }, (_, index) => ({
      id: index,
      name: `row ${index}`,
      tags: ['alpha', 'beta'],
      value: index * 1.5,
    }));
    return { content: [{ type: 'text', text: JSON.stringify({ items }) }], structuredContent: { count: rows } };
  }
  const line = 'The quick brown fox jumps over the lazy dog. 0123456789 abcdefghijklmnopqrstuvwxyz\n';
  return { content: [{ type: 'text', text: line.repeat(Math.ceil(size / line.length)).slice(0, size) }] };
}

async function flood(res: ServerResponse, id: unknown, count: number, perSecond: number, sessionId: string): Promise<void> {
  res.writeHead(200, { ...CORS, 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'mcp-session-id': sessionId });
  res.flushHeaders();
  const total = Math.min(MAX_NOTIFICATIONS, Math.max(0, count));
  const rate = Math.max(1, perSecond);
  const tick = 50;
  const perTick = Math.max(1, Math.round((rate * tick) / 1000));
  const started = Date.now();
  let sent = 0;
  while (sent < total && !res.destroyed && Date.now() - started < MAX_SECONDS * 1000) {
    const batch: string[] = [];
    for (let index = 0; index < perTick && sent < total; index += 1, sent += 1) {
      batch.push(
        `id: f${sent}\ndata: ${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', logger: 'flood', data: `flood ${sent}` } })}\n\n`,
      );
    }
    res.write(batch.join(''));
    const due = started + (sent / perTick) * tick;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now())));
  }
  res.end(`data: ${JSON.stringify({ jsonrpc: '2.0', id, result: { content: [{ type: 'text', text: `sent ${sent}` }] } })}\n\n`);
}

export async function startFloodServer(port = 0): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) json(res, 500, { error: String(error) });
      else res.end();
    });
  });
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, PREFLIGHT);
      res.end();
      return;
    }
    if (req.method === 'GET') return json(res, 405, { error: 'no standalone stream' }, { allow: 'POST, DELETE' });
    if (req.method === 'DELETE') return json(res, 200, {});
    const message = JSON.parse(await body(req)) as Json;
    const sessionId = (req.headers['mcp-session-id'] as string | undefined) ?? randomUUID();
    const headers = { 'mcp-session-id': sessionId };
    if (message.id === undefined) {
      res.writeHead(202, CORS);
      res.end();
      return;
    }
    const reply = (result: Json) => json(res, 200, { jsonrpc: '2.0', id: message.id, result }, headers);
    const params = (message.params ?? {}) as Json;
    switch (message.method) {
      case 'initialize':
        return reply({
          protocolVersion: '2025-11-25',
          capabilities: { tools: {}, logging: {} },
          serverInfo: { name: 'lens-bench-flood', version: '1.0.0' },
        });
      case 'tools/list':
        return reply({ tools: TOOLS });
      case 'ping':
        return reply({});
      case 'tools/call': {
        const args = (params.arguments ?? {}) as Json;
        if (params.name === 'flood') return flood(res, message.id, Number(args.count ?? 1000), Number(args.perSecond ?? 20_000), sessionId);
        if (params.name === 'big') return reply(bigResult(String(args.kind ?? 'text'), Number(args.bytes ?? 10 * 1024 * 1024)));
        return reply({ content: [{ type: 'text', text: String(args.message ?? '') }] });
      }
      default:
        return json(res, 200, { jsonrpc: '2.0', id: message.id, error: { code: -32601, message: 'Method not found' } }, headers);
    }
  };
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}/mcp`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
