/**
 * Hostile 2026-07-28 servers for issue 25's classes 10 to 16: plain node:http on loopback, one scenario per
 * path (/m/<name>/mcp), speaking just enough of the stateless era (server/discover, lists, tools/call,
 * and tools/call) to misbehave in exactly one way each. Full CORS, so a browser can reach them too.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

const MODERN = '2026-07-28';
const MAX_BODY = 1024 * 1024;

interface Rpc {
  id?: string | number;
  method?: string;
  params?: Record<string, unknown>;
}

type Reply = (status: number, body: string, headers?: Record<string, string>) => void;
interface Ctx {
  rpc: Rpc;
  reply: Reply;
  res: ServerResponse;
  cors: Record<string, string>;
  /** This server's own origin, and one that is not (same port on `localhost`). */
  origin: string;
  otherOrigin: string;
  /** How many times this scenario got this method. */
  count: number;
}

const ok = (id: unknown, result: Record<string, unknown>) =>
  JSON.stringify({ jsonrpc: '2.0', id, result: { resultType: 'complete', ...result } });
const rpcError = (id: unknown, code: number, message: string, data?: unknown) =>
  JSON.stringify({ jsonrpc: '2.0', id, error: { code, message, ...(data !== undefined && { data }) } });

const discover = (extra: Record<string, unknown> = {}, name = 'hostile-modern') => ({
  supportedVersions: [MODERN],
  capabilities: { tools: { listChanged: true }, prompts: {}, resources: {} },
  ttlMs: 0,
  cacheScope: 'private',
  _meta: { 'io.modelcontextprotocol/serverInfo': { name, version: '1.0.0' } },
  ...extra,
});

/** Notifications of 200 KB the listen flood sends (class 14): 2,000 is the 400 MB. */
const LISTEN_FLOOD_COUNT = 2_000;
/** Small notifications the listen burst sends at once (issue 39). */
export const LISTEN_BURST_COUNT = 100_000;

/**
 * A `subscriptions/listen` stream: the acknowledgement, `count` log notifications of `<n> <padding>` written as
 * fast as the client reads, then one log message `done`, which a test waits for.
 */
function listenStream({ rpc, res, cors }: Ctx, { count, padding, done }: { count: number; padding: string; done: string }): boolean {
  if (rpc.method !== 'subscriptions/listen') return false;
  res.writeHead(200, { ...cors, 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const meta = { 'io.modelcontextprotocol/subscriptionId': rpc.id };
  const event = (message: unknown) => `event: message\ndata: ${JSON.stringify(message)}\n\n`;
  res.write(
    event({
      jsonrpc: '2.0',
      method: 'notifications/subscriptions/acknowledged',
      params: { _meta: meta, notifications: { toolsListChanged: true } },
    }),
  );
  const log = (data: string) =>
    event({ jsonrpc: '2.0', method: 'notifications/message', params: { _meta: meta, level: 'info', logger: 'flood', data } });
  let sent = 0;
  const more = () => {
    if (res.destroyed) return;
    while (sent < count) {
      sent += 1;
      if (!res.write(log(padding === '' ? String(sent) : `${sent} ${padding}`))) return void res.once('drain', more);
    }
    res.write(log(done));
  };
  more();
  return true;
}

const TOOLS = [{ name: 'ok', description: 'Always answers.', inputSchema: { type: 'object' } }];
const list = (field: string, items: unknown[], hints: Record<string, unknown> = {}) => ({
  [field]: items,
  ttlMs: 0,
  cacheScope: 'private',
  ...hints,
});
const elicit = (message: string) => ({
  method: 'elicitation/create',
  params: { mode: 'form', message, requestedSchema: { type: 'object', properties: { password: { type: 'string' } } } },
});

/** Answers one request; returns false to fall back to the plain well-behaved answer. */
type Scenario = (ctx: Ctx) => boolean;

const MODERN_SCENARIOS: Record<string, Scenario> = {
  // Class 10: identity too big to show.
  'huge-discover': ({ rpc, reply }) => {
    if (rpc.method !== 'server/discover') return false;
    const versions = Array.from({ length: 300_000 }, (_, i) => `1999-${String(i).padStart(6, '0')}`);
    versions.push(MODERN);
    reply(200, ok(rpc.id, discover({ supportedVersions: versions, instructions: 'Read me. '.repeat(233_017) })));
    return true;
  },
  'zero-width-name': ({ rpc, reply }) => {
    if (rpc.method !== 'server/discover') return false;
    reply(200, ok(rpc.id, discover({}, '\u200b'.repeat(60_000))));
    return true;
  },
  'many-versions-32022': ({ rpc, reply }) => {
    if (rpc.method !== 'server/discover') return false;
    const supported = Array.from({ length: 26_000 }, (_, i) => `2030-${String(i).padStart(6, '0')}`);
    reply(200, rpcError(rpc.id, -32022, 'Unsupported protocol version', { supported, requested: MODERN }));
    return true;
  },
  // Class 11: a busy server's answer to the probe.
  'rate-limited': ({ rpc, reply }) => {
    if (rpc.method === 'server/discover') {
      reply(429, rpcError(rpc.id, -32000, 'Too many requests'), { 'retry-after': '2' });
      return true;
    }
    if (rpc.method === 'initialize') {
      reply(
        200,
        JSON.stringify({
          jsonrpc: '2.0',
          id: rpc.id,
          result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'rate-limited', version: '1' } },
        }),
      );
      return true;
    }
    return false;
  },
  // Class 12: input_required where the spec forbids it.
  'input-required-list': ({ rpc, reply }) => {
    if (rpc.method !== 'tools/list') return false;
    reply(
      200,
      JSON.stringify({ jsonrpc: '2.0', id: rpc.id, result: { resultType: 'input_required', inputRequests: { pw: elicit('Password?') } } }),
    );
    return true;
  },
  // Class 13: more questions in one round than anyone can answer.
  'many-inputs': ({ rpc, reply }) => {
    if (rpc.method !== 'tools/call') return false;
    const inputRequests = Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`q${i}`, elicit(`Question ${i}`)]));
    reply(200, JSON.stringify({ jsonrpc: '2.0', id: rpc.id, result: { resultType: 'input_required', inputRequests } }));
    return true;
  },
  'contradicting-32022': ({ rpc, reply }) => {
    if (rpc.method !== 'server/discover') return false;
    reply(200, rpcError(rpc.id, -32022, 'Unsupported protocol version', { supported: ['2026-08-02', MODERN], requested: MODERN }));
    return true;
  },
  // Class 14: a listen stream of large notifications: 2,000 log messages of 200 KB (about 400 MB), written as
  // fast as the client reads, then one short "listen flood: done" (what a test waits for).
  'listen-flood': (ctx) => listenStream(ctx, { count: LISTEN_FLOOD_COUNT, padding: 'x'.repeat(200 * 1024), done: 'listen flood: done' }),
  // Issue 39: many small notifications in one burst: 100,000 log messages of a few bytes each, written at
  // once, then "listen burst: done". It passed on a quiet machine and failed at load 10.
  'listen-burst': (ctx) => listenStream(ctx, { count: LISTEN_BURST_COUNT, padding: '', done: 'listen burst: done' }),
  // Class 15: cache hints the SDK's schema rejects.
  'odd-cache': ({ rpc, reply }) => {
    const id = JSON.stringify(rpc.id);
    const raw = (body: string) => reply(200, `{"jsonrpc":"2.0","id":${id},"result":${body}}`);
    if (rpc.method === 'prompts/list') raw(`{"resultType":"complete","prompts":[{"name":"p1"}],"ttlMs":-5000,"cacheScope":"private"}`);
    else if (rpc.method === 'resources/list')
      raw(`{"resultType":"complete","resources":[{"uri":"file:///a","name":"a"}],"ttlMs":1e400,"cacheScope":"public"}`);
    else if (rpc.method === 'resources/templates/list')
      raw(`{"resultType":"complete","resourceTemplates":[{"uriTemplate":"file:///{x}","name":"t"}],"ttlMs":"NaN","cacheScope":"private"}`);
    else if (rpc.method === 'tools/list')
      raw(`{"resultType":"complete","tools":${JSON.stringify(TOOLS)},"ttlMs":1000,"cacheScope":"galaxy"}`);
    else return false;
    return true;
  },
  // Class 16: redirects.
  'redirect-probe-cross': ({ rpc, reply, otherOrigin }) => {
    if (rpc.method !== 'server/discover') return false;
    reply(307, '', { location: `${otherOrigin}/m/plain/mcp` });
    return true;
  },
  'redirect-call-cross': ({ rpc, reply, otherOrigin }) => {
    if (rpc.method !== 'tools/call') return false;
    reply(307, '', { location: `${otherOrigin}/m/plain/mcp` });
    return true;
  },
  'redirect-same': ({ rpc, reply, count }) => {
    if (rpc.method !== 'tools/call' || count > 1) return false;
    reply(307, '', { location: '/m/plain/mcp' });
    return true;
  },
};

function fallback({ rpc, reply }: Ctx, name: string): void {
  const id = rpc.id;
  switch (rpc.method) {
    case 'server/discover':
      return reply(200, ok(id, discover({}, `hostile-${name}`)));
    case 'tools/list':
      return reply(200, ok(id, list('tools', TOOLS)));
    case 'prompts/list':
      return reply(200, ok(id, list('prompts', [])));
    case 'resources/list':
      return reply(200, ok(id, list('resources', [])));
    case 'resources/templates/list':
      return reply(200, ok(id, list('resourceTemplates', [])));
    case 'tools/call':
      return reply(200, ok(id, { content: [{ type: 'text', text: `ok from ${name}` }] }));
    case 'ping':
      return reply(200, ok(id, {}));
    default:
      return reply(200, rpcError(id, -32601, `Method not found: ${String(rpc.method)}`));
  }
}

export function createHostileModernServer(): Server {
  const counts = new Map<string, number>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fixture');
    const cors = {
      'access-control-allow-origin': req.headers.origin ?? '*',
      'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
      'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*',
      'access-control-expose-headers': 'Mcp-Session-Id, Mcp-Protocol-Version, WWW-Authenticate, Location',
      vary: 'Origin',
    };
    if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end();
    const name = /^\/m\/([\w-]+)\/mcp$/.exec(url.pathname)?.[1];
    const scenario = name === 'plain' ? () => false : name && Object.hasOwn(MODERN_SCENARIOS, name) ? MODERN_SCENARIOS[name] : undefined;
    if (!name || !scenario) return void res.writeHead(404, { ...cors, 'content-type': 'text/plain' }).end('no such scenario\n');
    if (req.method !== 'POST') return void res.writeHead(405, cors).end();
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
    });
    req.on('end', () => {
      let rpc: Rpc = {};
      try {
        rpc = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Rpc;
      } catch {
        // An unreadable body gets the fallback's "method not found".
      }
      const key = `${name}\u0000${String(rpc.method)}`;
      const count = (counts.get(key) ?? 0) + 1;
      counts.set(key, count);
      if (rpc.id === undefined) return void res.writeHead(202, cors).end();
      const reply: Reply = (status, body, headers = {}) =>
        // No keep-alive: a test right after a flood must not get a socket the flood left behind.
        res
          .writeHead(status, { ...cors, connection: 'close', ...(body !== '' && { 'content-type': 'application/json' }), ...headers })
          .end(body);
      const port = (server.address() as { port: number }).port;
      const ctx: Ctx = { rpc, reply, res, cors, origin: `http://127.0.0.1:${port}`, otherOrigin: `http://localhost:${port}`, count };
      if (!scenario(ctx)) fallback(ctx, name);
    });
  });
  return server;
}
