/** The engine against servers that misbehave: every failure explained, every received byte kept. */
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness } from './support/engine-harness.ts';
import { initializeResult, startRawServer, type RawHandler, type RawRequest } from './servers/raw-server.ts';
import type { EraChoice } from '../shared/model.ts';

const servers: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function serve(handler: RawHandler) {
  const server = await startRawServer(handler);
  servers.push(server);
  return server;
}

const idOf = (request: RawRequest) => (request.json as { id?: unknown } | undefined)?.id;
const isInitialize = (request: RawRequest) => (request.json as { method?: string } | undefined)?.method === 'initialize';

function json(res: ServerResponse, status: number, body: string, type = 'application/json') {
  res.writeHead(status, { 'content-type': type }).end(body);
}

const connect = (url: string, extra: Partial<{ requestTimeoutMs: number; transport: 'auto' | 'streamable-http'; era: EraChoice }> = {}) => {
  const h = createHarness();
  return { h, attempt: h.engine.call('connect', { url, headers: [], transport: 'auto', era: 'legacy', ...extra }) };
};

describe('engine faults', () => {
  it('keeps a truncated JSON body raw in the log and explains it', async () => {
    const server = await serve((req, res) => json(res, 200, '{"jsonrpc":"2.0","id":0,"result":{'));
    const { h, attempt } = connect(server.url);
    await expect(attempt).rejects.toMatchObject({ code: 'bad-response' });
    const invalid = h.messages().find((m) => m.kind === 'invalid');
    expect(invalid).toMatchObject({ direction: 'in', raw: '{"jsonrpc":"2.0","id":0,"result":{' });
    expect(invalid?.parseError).toMatch(/HTTP 200 application\/json body is not JSON/);
  });

  it('keeps an unparsable SSE event and still takes the valid response after it', async () => {
    const server = await serve((req, res) => {
      if (req.method !== 'POST') return json(res, 405, '');
      if (!isInitialize(req)) return json(res, 202, '');
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: this is not json\n\n');
      res.end(`data: ${JSON.stringify(initializeResult(idOf(req)))}\n\n`);
    });
    const { h, attempt } = connect(server.url);
    await expect(attempt).resolves.toMatchObject({ server: { name: 'raw' } });
    expect(h.messages().find((m) => m.kind === 'invalid')).toMatchObject({
      raw: 'this is not json',
      parseError: expect.stringMatching(/SSE event data is not JSON/),
    });
  });

  it('explains an HTML 500 page with an excerpt and does not fall back', async () => {
    const server = await serve((req, res) => json(res, 500, '<html><body>Internal Server Error: db down</body></html>', 'text/html'));
    const { h, attempt } = connect(server.url);
    await expect(attempt).rejects.toMatchObject({ code: 'http', httpStatus: 500, detail: expect.stringContaining('db down') });
    expect(server.requests.map((r) => r.method)).toEqual(['POST']);
    expect(h.messages().some((m) => m.raw?.includes('db down'))).toBe(true);
  });

  it('never falls back on 401', async () => {
    const server = await serve((req, res) => {
      res.writeHead(401, { 'www-authenticate': 'Bearer realm="x"' }).end();
    });
    const { attempt } = connect(server.url);
    await expect(attempt).rejects.toMatchObject({ code: 'unauthorized', httpStatus: 401 });
    // The 401 starts OAuth discovery (well-known GETs), never a legacy GET of the MCP endpoint itself.
    const mcpPath = new URL(server.url).pathname;
    expect(server.requests.filter((r) => r.path === mcpPath).map((r) => r.method)).toEqual(['POST']);
  });

  it('explains a wrong content type', async () => {
    const server = await serve((req, res) => json(res, 200, 'hello', 'text/plain'));
    await expect(connect(server.url).attempt).rejects.toMatchObject({
      code: 'bad-response',
      message: expect.stringContaining('text/plain'),
    });
  });

  it('explains an unsupported protocol version', async () => {
    const server = await serve((req, res) => {
      if (!isInitialize(req)) return json(res, 202, '');
      const result = initializeResult(idOf(req));
      result.result.protocolVersion = '1999-01-01';
      json(res, 200, JSON.stringify(result));
    });
    await expect(connect(server.url).attempt).rejects.toMatchObject({ code: 'unsupported-version' });
  });

  it('explains a server that never answers', async () => {
    const server = await serve(() => undefined);
    await expect(connect(server.url, { requestTimeoutMs: 300 }).attempt).rejects.toMatchObject({ code: 'timeout' });
  });

  it('sends custom headers on every request', async () => {
    const server = await serve((req, res) => {
      if (req.method !== 'POST') return json(res, 405, '');
      if (!isInitialize(req)) return json(res, 202, '');
      json(res, 200, JSON.stringify(initializeResult(idOf(req))));
    });
    const h = createHarness();
    await h.engine.call('connect', { url: server.url, headers: [{ name: 'X-Api-Key', value: 'k-123' }], transport: 'auto', era: 'legacy' });
    await h.engine.call('disconnect', undefined);
    expect(server.requests.length).toBeGreaterThanOrEqual(2);
    expect(server.requests.every((r) => r.headers['x-api-key'] === 'k-123')).toBe(true);
  });
});
