/**
 * A small MCP server that speaks only revision 2026-07-28 (the SDK's `createMcpHandler` with
 * `legacy: 'reject'`), on loopback, for tests that need a server refusing 2025 (the demo server speaks
 * both eras). Paths:
 * - `/mcp` — modern only, CORS allowing every header a modern request carries;
 * - `/cors-2025/mcp` — dual era (2025 served statelessly), behind the 2025 CORS allow-list that lacks
 *   Mcp-Method and Mcp-Name: what a server upgraded without updating its CORS setup looks like.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createMcpHandler, fromJsonSchema, McpServer, type JsonSchemaType, type McpHttpHandler } from '@modelcontextprotocol/server';

export const MODERN_FIXTURE_INFO = { name: 'lens-modern-fixture', title: 'Modern fixture', version: '0.1.0' };

/** The 2025-era CORS allow-list: enough for initialize and sessions, not for a 2026-07-28 request. */
const ALLOW_HEADERS_2025 = 'Content-Type, Accept, Authorization, Mcp-Session-Id, Mcp-Protocol-Version, Last-Event-ID';
const ALLOW_HEADERS_MODERN = 'Content-Type, Accept, Authorization, Mcp-Protocol-Version, Mcp-Method, Mcp-Name, Mcp-Param-Region';
const MAX_BODY = 1024 * 1024;

function createFixtureMcpServer(): McpServer {
  const server = new McpServer(MODERN_FIXTURE_INFO, {
    capabilities: { logging: {} },
    instructions: 'A modern-only fixture for MCP Lens tests.',
  });
  server.registerTool(
    'greet',
    {
      description: 'Greets someone in a region; the region travels as the Mcp-Param-Region header too.',
      annotations: { readOnlyHint: true },
      inputSchema: fromJsonSchema<{ name: string; region?: string }>({
        type: 'object',
        properties: {
          name: { type: 'string', description: 'Who to greet' },
          region: { type: 'string', description: 'Where they are', 'x-mcp-header': 'Region' },
        },
        required: ['name'],
      } as JsonSchemaType),
    },
    async ({ name, region }, ctx) => {
      await ctx.mcpReq.log('info', `greeting ${name}`, 'greeter');
      await ctx.mcpReq.log('debug', { name, region: region ?? null }, 'greeter');
      return { content: [{ type: 'text', text: `Hello, ${name}${region ? ` in ${region}` : ''}!` }] };
    },
  );
  // A name that is not plain ASCII travels in Mcp-Name Base64-encoded (=?base64?…?=). The SDK warns
  // about such a name on every registration (once per request here); the name is the point, so hush it.
  const warn = console.warn;
  console.warn = () => undefined;
  try {
    server.registerTool(
      'grüße',
      { description: 'Says hello in German; its name is not ASCII.', annotations: { readOnlyHint: true } },
      () => ({ content: [{ type: 'text', text: 'Grüß Gott!' }] }),
    );
  } finally {
    console.warn = warn;
  }
  return server;
}

function cors(req: IncomingMessage, allowHeaders: string): Record<string, string> {
  return {
    'access-control-allow-origin': req.headers.origin ?? '*',
    'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
    'access-control-allow-headers': allowHeaders,
    'access-control-expose-headers': 'Mcp-Session-Id, Mcp-Protocol-Version, WWW-Authenticate',
    vary: 'Origin',
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) throw new Error('body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function serve(
  handler: McpHttpHandler,
  req: IncomingMessage,
  res: ServerResponse,
  corsHeaders: Record<string, string>,
  origin: string,
) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, v);
  }
  const body = req.method === 'POST' ? await readBody(req) : undefined;
  const abort = new AbortController();
  res.on('close', () => abort.abort());
  const response = await handler.fetch(
    new Request(new URL(req.url ?? '/', origin), {
      method: req.method ?? 'GET',
      headers,
      signal: abort.signal,
      ...(body !== undefined && { body }),
    }),
  );
  const out: Record<string, string> = { ...corsHeaders };
  response.headers.forEach((value, name) => (out[name] = value));
  res.writeHead(response.status, out);
  if (!response.body) return void res.end();
  res.flushHeaders();
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || res.destroyed) break;
      res.write(value);
    }
  } catch {
    // The client went away mid-stream.
  } finally {
    res.end();
  }
}

export function createModernFixture(): Server {
  const modern = createMcpHandler(createFixtureMcpServer, { legacy: 'reject' });
  const dual = createMcpHandler(createFixtureMcpServer);
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://fixture').pathname;
    if (path === '/') return void res.writeHead(200, { 'content-type': 'text/plain' }).end('modern fixture\n');
    const route =
      path === '/mcp'
        ? { handler: modern, allow: ALLOW_HEADERS_MODERN }
        : path === '/cors-2025/mcp'
          ? { handler: dual, allow: ALLOW_HEADERS_2025 }
          : undefined;
    if (!route) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
    const corsHeaders = cors(req, route.allow);
    if (req.method === 'OPTIONS') return void res.writeHead(204, corsHeaders).end();
    const address = server.address();
    const origin = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : 'http://127.0.0.1';
    serve(route.handler, req, res, corsHeaders, origin).catch(() => {
      if (!res.headersSent) res.writeHead(500, corsHeaders);
      res.end();
    });
  });
  server.on('close', () => {
    void modern.close();
    void dual.close();
  });
  return server;
}
