/**
 * The hostile MCP fixture: plain node:http on loopback, one scenario per path (/s/<name>/mcp, see
 * scenarios.ts), full CORS unless the scenario gets CORS wrong on purpose, and /control/<name> reporting
 * what the fixture received, so a test can assert what reached the server (or did not).
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { SCENARIOS, type Received, type Scenario } from './scenarios.ts';
import { SCHEMA_SCENARIOS } from './schema-scenarios.ts';

/** The path names a scenario; `constructor` or `__proto__` in a path must not find an Object.prototype member. */
const scenarioNamed = (name: string): Scenario | undefined =>
  Object.hasOwn(SCENARIOS, name) ? SCENARIOS[name] : Object.hasOwn(SCHEMA_SCENARIOS, name) ? SCHEMA_SCENARIOS[name] : undefined;

const FULL_ALLOW_HEADERS = 'Content-Type, Accept, Authorization, Mcp-Session-Id, Mcp-Protocol-Version, Last-Event-ID';
const MAX_BODY = 1024 * 1024;

function corsHeaders(req: IncomingMessage, scenario: Scenario): Record<string, string> {
  if (scenario.cors?.none) return {};
  return {
    'access-control-allow-origin': req.headers.origin ?? '*',
    'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
    'access-control-allow-headers': scenario.cors?.allowHeaders ?? req.headers['access-control-request-headers'] ?? FULL_ALLOW_HEADERS,
    'access-control-expose-headers': scenario.cors?.exposeHeaders ?? 'Mcp-Session-Id, WWW-Authenticate',
    vary: 'Origin',
  };
}

const tools = (scenario: Scenario) =>
  scenario.tools ?? [
    {
      name: 'probe',
      description: 'Misbehaves in the way this scenario is named after.',
      inputSchema: { type: 'object' },
      annotations: { readOnlyHint: true },
    },
    { name: 'ok', description: 'Always answers.', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } },
  ];

export function createHostileServer(): Server {
  const received = new Map<string, Received[]>();
  const sessions = new Map<string, Set<string>>();
  const counts = new Map<string, number>();

  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fixture');
    if (url.pathname === '/') return void res.writeHead(200, { 'content-type': 'text/plain' }).end('hostile fixture\n');
    const control = /^\/control\/([\w-]+)$/.exec(url.pathname);
    if (control) {
      res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
      return void res.end(JSON.stringify(received.get(control[1]!) ?? []));
    }
    // A scenario's assets: whatever a hostile app tries to load from here is recorded, so a test can show it never arrived.
    const asset = /^\/s\/([\w-]+)\/asset\/([\w.-]+)$/.exec(url.pathname);
    if (asset) {
      const log = received.get(asset[1]!) ?? [];
      received.set(asset[1]!, log);
      log.push({ method: req.method ?? '', rpcMethod: `asset ${asset[2]}`, headers: req.headers });
      return void res
        .writeHead(200, { 'content-type': 'text/javascript', 'access-control-allow-origin': '*' })
        .end('window.escaped = true;');
    }
    const match = /^\/s\/([\w-]+)\/mcp$/.exec(url.pathname);
    const name = match?.[1];
    const scenario = name ? scenarioNamed(name) : undefined;
    if (!name || !scenario) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('no such scenario\n');

    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
    });
    req.on('end', () => {
      let message: { id?: unknown; method?: string } | undefined;
      try {
        message = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined;
      } catch {
        message = undefined;
      }
      const log = received.get(name) ?? [];
      received.set(name, log);
      log.push({
        method: req.method ?? '',
        ...(message?.method && { rpcMethod: message.method }),
        ...(message?.id !== undefined && { id: message.id }),
        ...(message?.method === 'tools/call' && { toolName: String((message as { params?: { name?: unknown } }).params?.name) }),
        headers: req.headers,
      });
      handle(name, scenario, req, res, message);
    });
  });

  function handle(
    name: string,
    scenario: Scenario,
    req: IncomingMessage,
    res: ServerResponse,
    message: { id?: unknown; method?: string; params?: { name?: string; uri?: string; cursor?: unknown } } | undefined,
  ) {
    const cors = corsHeaders(req, scenario);
    if (req.method === 'OPTIONS') return void res.writeHead(scenario.cors?.none ? 404 : 204, cors).end();
    if (req.method === 'GET') return scenario.getStream ? scenario.getStream(res, cors, req) : void res.writeHead(405, cors).end();
    if (req.method === 'DELETE') return void res.writeHead(200, cors).end();
    const known = sessions.get(name) ?? new Set<string>();
    sessions.set(name, known);
    const reply = (status: number, body: string, extra: Record<string, string> = {}) =>
      res.writeHead(status, { ...cors, 'content-type': 'application/json', ...extra }).end(body);

    if (message?.method === 'initialize') {
      const sessionId = scenario.sessionId === undefined ? randomUUID() : scenario.sessionId;
      if (sessionId) known.add(sessionId);
      const result = {
        protocolVersion: '2025-11-25',
        capabilities: { tools: {}, logging: {}, ...(scenario.resources && { resources: {} }), ...(scenario.prompts && { prompts: {} }) },
        serverInfo: { name: `hostile-${name}`, version: '1.0.0' },
        ...scenario.initialize,
      };
      return reply(200, JSON.stringify({ jsonrpc: '2.0', id: message.id, result }), sessionId ? { 'mcp-session-id': sessionId } : {});
    }
    if (scenario.sessionId !== null) {
      const given = req.headers['mcp-session-id'];
      if (typeof given !== 'string')
        return reply(
          400,
          JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32000, message: 'Bad Request: Mcp-Session-Id header is required' } }),
        );
      if (!known.has(given))
        return reply(404, JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32001, message: 'Session not found' } }));
    }
    if (message?.id === undefined) return void res.writeHead(202, cors).end();
    if (message.method === 'ping') return reply(200, JSON.stringify({ jsonrpc: '2.0', id: message.id, result: {} }));
    if (message.method === 'tools/list') {
      const cursor = typeof message.params?.cursor === 'string' ? message.params.cursor : undefined;
      const result = scenario.listTools?.(cursor) ?? { tools: tools(scenario) };
      return reply(200, JSON.stringify({ jsonrpc: '2.0', id: message.id, result }));
    }
    if (message.method === 'resources/list' && scenario.resources)
      return reply(200, JSON.stringify({ jsonrpc: '2.0', id: message.id, result: { resources: scenario.resources } }));
    if (message.method === 'resources/templates/list' && scenario.resources)
      return reply(200, JSON.stringify({ jsonrpc: '2.0', id: message.id, result: { resourceTemplates: [] } }));
    if (message.method === 'resources/read' && scenario.readResult) {
      const uri = (message.params as { uri?: unknown } | undefined)?.uri;
      const result = scenario.readResult(String(uri), `http://${req.headers.host ?? 'localhost'}/s/${name}/asset`);
      if (result) return reply(200, JSON.stringify({ jsonrpc: '2.0', id: message.id, result }));
    }
    if (message.method === 'prompts/list' && scenario.prompts)
      return reply(200, JSON.stringify({ jsonrpc: '2.0', id: message.id, result: { prompts: scenario.prompts } }));
    if (message.method === 'resources/read' && scenario.read)
      return scenario.read({ id: message.id, rpcMethod: message.method, res, base: cors, count: 0 }, String(message.params?.uri));
    if (message.method === 'tools/call' && message.params?.name === 'probe' && scenario.probe) {
      const count = (counts.get(name) ?? 0) + 1;
      counts.set(name, count);
      const sessionId = req.headers['mcp-session-id'];
      if (name === 'session-404' && count === 1 && typeof sessionId === 'string') known.delete(sessionId);
      return scenario.probe({ id: message.id, rpcMethod: message.method, res, base: cors, count });
    }
    const answer =
      message.method !== undefined && scenario.methods && Object.hasOwn(scenario.methods, message.method)
        ? scenario.methods[message.method]
        : undefined;
    if (answer) return answer({ id: message.id, rpcMethod: message.method, res, base: cors, count: 0 }, { ...message.params });
    if (message.method === 'tools/call') {
      return reply(
        200,
        JSON.stringify({ jsonrpc: '2.0', id: message.id, result: { content: [{ type: 'text', text: `ok from ${name}` }] } }),
      );
    }
    return reply(
      200,
      JSON.stringify({ jsonrpc: '2.0', id: message.id, error: { code: -32601, message: `Method not found: ${message.method}` } }),
    );
  }
}
