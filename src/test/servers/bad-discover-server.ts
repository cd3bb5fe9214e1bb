/**
 * A 2026-07-28 server whose `server/discover` result lacks `capabilities`: what a hand-written server that
 * forgot the field looks like. It refuses `initialize` as a modern-only server does (HTTP 400, -32022 naming
 * 2026-07-28) and answers GET with 405, so a client that takes the bad result for a 2025 answer ends, through
 * its fallbacks, at an HTTP 405 that says nothing about the real fault. CORS allows every origin. Loopback only.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
  'access-control-allow-headers': 'Content-Type, Accept, Authorization, Mcp-Protocol-Version, Mcp-Method, Mcp-Name, Mcp-Session-Id',
};
const MAX_BODY = 64 * 1024;

function send(res: ServerResponse, status: number, body?: unknown) {
  res
    .writeHead(status, { ...CORS, ...(body !== undefined && { 'content-type': 'application/json' }) })
    .end(body === undefined ? undefined : JSON.stringify(body));
}

async function readJson(req: IncomingMessage): Promise<{ id?: unknown; method?: unknown } | undefined> {
  let text = '';
  for await (const chunk of req as AsyncIterable<Buffer>) {
    text += chunk.toString('utf8');
    if (text.length > MAX_BODY) return undefined;
  }
  try {
    return JSON.parse(text) as { id?: unknown; method?: unknown };
  } catch {
    return undefined;
  }
}

export function createBadDiscoverServer(): Server {
  return createServer((req, res) => {
    if (req.method === 'OPTIONS') return send(res, 204);
    if (req.method !== 'POST') return send(res, 405);
    void readJson(req).then((message) => {
      const id = message?.id ?? null;
      if (message?.method === 'server/discover')
        return send(res, 200, {
          jsonrpc: '2.0',
          id,
          // No `capabilities`: the fault this fixture exists for.
          result: { supportedVersions: ['2026-07-28'], serverInfo: { name: 'bad-discover', version: '0.0.1' } },
        });
      send(res, 400, {
        jsonrpc: '2.0',
        id,
        error: { code: -32022, message: 'Unsupported protocol version', data: { supported: ['2026-07-28'] } },
      });
    });
  });
}
