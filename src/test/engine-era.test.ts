/**
 * The two protocol eras through the real engine: Auto probes with server/discover and decides on real
 * evidence only; the demo server speaks both eras from one endpoint, so the same flows run in each.
 */
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startDemoServer, type RunningDemoServer } from '../node/demo-server/index.ts';
import type { PendingServerRequest } from '../shared/client-features.ts';
import type { EngineEvent } from '../shared/events.ts';
import { createHarness, type Harness } from './support/engine-harness.ts';
import { initializeResult, startRawServer, type RawRequest } from './servers/raw-server.ts';
import { waitFor } from './support/wait-for.ts';

let demo: RunningDemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0 });
});
afterAll(() => demo.close());

const methods = (h: Harness) =>
  h
    .messages()
    .filter((m) => m.direction === 'out' && m.kind === 'request')
    .map((m) => m.method);

/** The first server request that arrived and is not one of `seen`. */
async function nextServerRequest(h: Harness, seen: PendingServerRequest[] = []): Promise<PendingServerRequest> {
  const next = () =>
    h.events.flatMap((e: EngineEvent) => (e.type === 'server-request' && !seen.some((r) => r.id === e.request.id) ? [e.request] : []))[0];
  await waitFor(() => next() !== undefined, 'the next server request');
  return next()!;
}

describe('Auto against the dual-era demo server', () => {
  it('probes with server/discover, speaks 2026-07-28 without a session, and says why', async () => {
    const h = createHarness();
    const summary = await h.engine.call('connect', { url: demo.url, headers: [], transport: 'auto' });
    expect(summary).toMatchObject({ era: 'modern', protocolVersion: '2026-07-28', server: { name: 'mcp-lens-demo' } });
    expect(summary.supportedVersions).toContain('2026-07-28');
    expect(summary.sessionId).toBeUndefined();
    expect(summary.eraReason).toMatch(/server\/discover answered/);
    expect(methods(h)[0]).toBe('server/discover');
    expect(methods(h)).not.toContain('initialize');
    await h.engine.call('disconnect', undefined);
  });

  it('mirrors x-mcp-header arguments into Mcp-Param-* headers, Base64 where the value is not plain ASCII', async () => {
    const h = createHarness();
    await h.engine.call('connect', { url: demo.url, headers: [], transport: 'auto' });
    const { tools } = await h.engine.call('listTools', undefined);
    expect(tools.find((t) => t.name === 'lookup-order')?.paramHeaders?.map((p) => p.name)).toEqual(['Region', 'Priority', 'Express']);
    const outcome = await h.engine.call('callTool', {
      name: 'lookup-order',
      arguments: { orderId: 'B-7', region: 'São Paulo', priority: 5, express: true },
    });
    expect(JSON.stringify(outcome.content)).toContain('mcp-param-region: São Paulo');
    const call = h
      .exchanges()
      .find((x) => x.requestHeaders.some(([name, value]) => name.toLowerCase() === 'mcp-method' && value === 'tools/call'));
    const sent = new Map(call?.requestHeaders.map(([name, value]) => [name.toLowerCase(), value]));
    expect(sent.get('mcp-name')).toBe('lookup-order');
    expect(sent.get('mcp-param-priority')).toBe('5');
    expect(sent.get('mcp-param-region')).toMatch(/^=\?base64\?.+\?=$/);
    await h.engine.call('disconnect', undefined);
  });

  it('answers an input_required elicitation through the same queue as a 2025 server request', async () => {
    const h = createHarness();
    await h.engine.call('connect', { url: demo.url, headers: [], transport: 'auto' });
    const call = h.engine.call('callTool', { name: 'ask-two-at-once', arguments: {} });
    const first = await nextServerRequest(h);
    expect(first).toMatchObject({ kind: 'elicitation-form' });
    await h.engine.call('answerServerRequest', { id: first.id, answer: { action: 'accept', content: { team: 'Lens' } } });
    const second = await nextServerRequest(h, [first]);
    await h.engine.call('answerServerRequest', { id: second.id, answer: { action: 'accept', content: { city: 'Lisbon' } } });
    expect(JSON.stringify((await call).content)).toContain('Both answered.');
    // The retry is a new request that carries the answers.
    const calls = h.messages().filter((m) => m.direction === 'out' && m.method === 'tools/call');
    expect(calls).toHaveLength(2);
    expect(JSON.stringify(calls[1]?.message)).toContain('inputResponses');
    await h.engine.call('disconnect', undefined);
  });

  it('ties each round of a multi round-trip call to the call, and echoes requestState untouched', async () => {
    const h = createHarness();
    await h.engine.call('connect', { url: demo.url, headers: [], transport: 'auto' });
    const call = h.engine.call('callTool', { name: 'ask-twice', arguments: {}, trackingId: 'twice' });
    const first = await nextServerRequest(h);
    expect(first.related).toMatchObject({ method: 'tools/call', target: 'ask-twice', round: 1 });
    await h.engine.call('answerServerRequest', { id: first.id, answer: { action: 'accept', content: { name: 'Atlas' } } });
    const second = await nextServerRequest(h, [first]);
    expect(second.related).toMatchObject({ target: 'ask-twice', round: 2 });
    await h.engine.call('answerServerRequest', { id: second.id, answer: { action: 'accept', content: { confirm: true } } });
    expect(JSON.stringify((await call).content)).toContain('Created project \\"Atlas\\"');
    const state = (m: unknown) => (m as { params?: { requestState?: string } }).params?.requestState;
    const answers = h.messages().filter((m) => m.direction === 'in' && m.kind === 'response');
    const sentState = h
      .messages()
      .filter((m) => m.direction === 'out' && m.method === 'tools/call')
      .map((m) => state(m.message))
      .filter(Boolean);
    const gotState = answers.map((m) => (m.message as { result?: { requestState?: string } }).result?.requestState).filter(Boolean);
    expect(sentState).toEqual(gotState);
    // The server sent no progress: the SDK's own note of each round ("Fulfilling input required …") is not shown as such.
    expect(h.events.filter((e: EngineEvent) => e.type === 'call-progress' && e.trackingId === 'twice' && e.progress)).toEqual([]);
    await h.engine.call('disconnect', undefined);
  });

  it('listens for changes on subscriptions/listen, re-listens to subscribe to a resource, and closes the stream on disconnect', async () => {
    const h = createHarness();
    await h.engine.call('connect', { url: demo.url, headers: [], transport: 'auto' });
    const listens = () => h.events.flatMap((e) => (e.type === 'listen' ? [e.state] : []));
    await waitFor(() => listens().some((s) => s.status === 'listening'), 'a listening stream');
    expect(listens().find((s) => s.status === 'listening')?.honoured).toMatchObject({ toolsListChanged: true });

    await h.engine.call('callTool', { name: 'toggle-bonus-tool', arguments: {} });
    await waitFor(
      () => h.messages().some((m) => m.direction === 'in' && m.method === 'notifications/tools/list_changed'),
      'tools/list_changed',
    );

    await h.engine.call('subscribeResource', { uri: 'demo://notes' });
    await waitFor(
      () => listens().some((s) => s.status === 'listening' && s.honoured?.resourceSubscriptions?.includes('demo://notes') === true),
      'the subscription honoured by the listen',
    );
    await h.engine.call('callTool', { name: 'add-note', arguments: { text: 'listen test' } });
    await waitFor(
      () => h.messages().some((m) => m.direction === 'in' && m.method === 'notifications/resources/updated'),
      'resources/updated',
    );

    await h.engine.call('disconnect', undefined);
    expect(listens().at(-1)).toMatchObject({ status: 'closed', closedBy: 'local' });
    expect(h.messages().some((m) => m.method === 'resources/subscribe')).toBe(false);
  });

  it('serves a list the server marked fresh from its cache, says so, and asks again on Refresh or list_changed', async () => {
    const h = createHarness();
    await h.engine.call('connect', { url: demo.url, headers: [], transport: 'auto' });
    const first = await h.engine.call('listTools', undefined);
    expect(first.freshness).toMatchObject({ ttlMs: 60_000, scope: 'public', fromCache: false });
    expect((await h.engine.call('listTools', undefined)).freshness?.fromCache).toBe(true);
    expect((await h.engine.call('listTools', { cache: 'refresh' })).freshness?.fromCache).toBe(false);
    const lists = () => h.messages().filter((m) => m.direction === 'out' && m.method === 'tools/list').length;
    expect(lists()).toBe(2);
    await waitFor(() => h.events.some((e) => e.type === 'listen' && e.state.status === 'listening'), 'a listening stream');
    await h.engine.call('callTool', { name: 'toggle-bonus-tool', arguments: {} });
    await waitFor(() => h.messages().some((m) => m.method === 'notifications/tools/list_changed'), 'tools/list_changed');
    expect((await h.engine.call('listTools', undefined)).freshness?.fromCache).toBe(false);
    const read = await h.engine.call('readResource', { uri: 'demo://cache/clock' });
    expect(read.freshness).toMatchObject({ ttlMs: 5_000, scope: 'private' });
    await h.engine.call('disconnect', undefined);
  });

  it('refuses a malformed request for input itself and says it was MCP Lens, since 2026-07-28 has no way to send the refusal', async () => {
    const h = createHarness();
    await h.engine.call('connect', { url: demo.url, headers: [], transport: 'auto' });
    await expect(h.engine.call('callTool', { name: 'sample-bad-pairing', arguments: {} })).rejects.toMatchObject({
      rpcCode: -32602,
      message: expect.stringMatching(/^MCP Lens refused the server's request for input: .*tool_result/),
    });
    expect(h.events.some((e) => e.type === 'server-request')).toBe(false);
    await h.engine.call('disconnect', undefined);
  });

  it('completes prompt arguments and gets prompts with arguments, as in 2025', async () => {
    const h = createHarness();
    await h.engine.call('connect', { url: demo.url, headers: [], transport: 'auto' });
    const completion = await h.engine.call('complete', {
      ref: { type: 'ref/prompt', name: 'review-code' },
      argument: { name: 'language', value: 'ru' },
    });
    expect(completion.values).toContain('rust');
    const prompt = await h.engine.call('getPrompt', { name: 'review-code', arguments: { language: 'rust', code: 'fn main() {}' } });
    expect(JSON.stringify(prompt)).toContain('Please review this rust code:');
    await h.engine.call('disconnect', undefined);
  });

  it('has no ping in 2026-07-28 and says so instead of failing', async () => {
    const h = createHarness();
    await h.engine.call('connect', { url: demo.url, headers: [], transport: 'auto' });
    await expect(h.engine.call('ping', undefined)).rejects.toMatchObject({ code: 'not-in-revision' });
    await h.engine.call('disconnect', undefined);
  });

  it('speaks 2025 with a session when pinned to it', async () => {
    const h = createHarness();
    const summary = await h.engine.call('connect', { url: demo.url, headers: [], transport: 'auto', era: 'legacy' });
    expect(summary).toMatchObject({ era: 'legacy', protocolVersion: '2025-11-25', sessionId: expect.any(String) });
    expect(summary.eraReason).toMatch(/Pinned to 2025/);
    expect(methods(h)[0]).toBe('initialize');
    await h.engine.call('disconnect', undefined);
  });
});

/** A 2025-era server as deployed ones answer a request they do not know before initialize. */
function legacyServer(request: RawRequest, response: ServerResponse) {
  const { id, method } = (request.json ?? {}) as { id?: unknown; method?: string };
  response.setHeader('Content-Type', 'application/json');
  if (request.method !== 'POST') return void response.writeHead(405).end();
  if (method === 'initialize') return void response.writeHead(200, { 'Mcp-Session-Id': 's-1' }).end(JSON.stringify(initializeResult(id)));
  if (id === undefined) return void response.writeHead(202).end();
  if (!request.headers['mcp-session-id']) {
    return void response
      .writeHead(400)
      .end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32000, message: 'Bad Request: Server not initialized' } }));
  }
  response.writeHead(200).end(JSON.stringify({ jsonrpc: '2.0', id, result: {} }));
}

describe('Auto against a 2025-era server', () => {
  it('falls back to initialize on a 2025-era answer to the probe, and names the evidence', async () => {
    const server = await startRawServer(legacyServer);
    const h = createHarness();
    const summary = await h.engine.call('connect', { url: server.url, headers: [], transport: 'auto' });
    expect(summary).toMatchObject({ era: 'legacy', protocolVersion: '2025-11-25', sessionId: 's-1' });
    expect(summary.eraReason).toMatch(/HTTP 400 with JSON-RPC error -32000/);
    expect(server.requests.map((r) => (r.json as { method?: string } | undefined)?.method)).toEqual([
      'server/discover',
      'initialize',
      'notifications/initialized',
    ]);
    await h.engine.call('disconnect', undefined);
    await server.close();
  });

  it('skips the probe for an origin remembered as 2025-era', async () => {
    const server = await startRawServer(legacyServer);
    const h = createHarness();
    const summary = await h.engine.call('connect', {
      url: server.url,
      headers: [],
      transport: 'auto',
      knownEra: { era: 'legacy', at: Date.now() },
    });
    expect(summary.eraReason).toMatch(/without probing/);
    expect((server.requests[0]?.json as { method?: string }).method).toBe('initialize');
    await h.engine.call('disconnect', undefined);
    await server.close();
  });

  it('never falls back on a 5xx: the probe error is the answer', async () => {
    const server = await startRawServer((_request, response) => void response.writeHead(503).end('down for maintenance'));
    const h = createHarness();
    await expect(h.engine.call('connect', { url: server.url, headers: [], transport: 'auto' })).rejects.toMatchObject({ httpStatus: 503 });
    expect(server.requests.map((r) => (r.json as { method?: string } | undefined)?.method)).toEqual(['server/discover']);
    await server.close();
  });

  it('fails clearly when pinned to 2026-07-28 and the server does not speak it', async () => {
    const server = await startRawServer(legacyServer);
    const h = createHarness();
    await expect(h.engine.call('connect', { url: server.url, headers: [], transport: 'auto', era: 'modern' })).rejects.toMatchObject({
      code: 'unsupported-version',
      message: expect.stringMatching(
        /^Pinned to 2026-07-28, but the server answered server\/discover with HTTP 400 .* as a server of the 2025 era .* Choose Auto or "2025 and older"/,
      ),
    });
    await server.close();
  });
});

/** A minimal 2026-07-28 server whose first tools/list response stream ends before the answer. */
function modernServerThatDropsOnce() {
  let dropped = false;
  return (request: RawRequest, response: ServerResponse) => {
    const { id, method } = (request.json ?? {}) as { id?: unknown; method?: string };
    const result = (body: Record<string, unknown>) =>
      response
        .writeHead(200, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ jsonrpc: '2.0', id, result: { resultType: 'complete', ...body } }));
    if (method === 'server/discover') {
      return void result({
        supportedVersions: ['2026-07-28'],
        capabilities: { tools: {} },
        ttlMs: 0,
        cacheScope: 'private',
        _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'raw-modern', version: '1' } },
      });
    }
    if (method === 'tools/list' && !dropped) {
      dropped = true;
      return void response.writeHead(200, { 'Content-Type': 'text/event-stream' }).end(': the stream ends here\n\n');
    }
    if (method === 'tools/list')
      return void result({ tools: [{ name: 'echo', inputSchema: { type: 'object' } }], ttlMs: 0, cacheScope: 'private' });
    // Breaks the 2026-07-28 rule that every result carries resultType.
    if (method === 'tools/call')
      return void response
        .writeHead(200, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ jsonrpc: '2.0', id, result: { content: [{ type: 'text', text: 'untyped' }] } }));
    response
      .writeHead(404, { 'Content-Type': 'application/json' })
      .end(JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } }));
  };
}

describe('a broken response stream in 2026-07-28', () => {
  it('re-issues the request with a new id instead of waiting out the timeout', async () => {
    const server = await startRawServer(modernServerThatDropsOnce());
    const h = createHarness();
    await h.engine.call('connect', { url: server.url, headers: [], transport: 'auto' });
    const { tools } = await h.engine.call('listTools', undefined);
    expect(tools.map((t) => t.name)).toEqual(['echo']);
    const ids = server.requests
      .filter((r) => (r.json as { method?: string }).method === 'tools/list')
      .map((r) => (r.json as { id: unknown }).id);
    expect(ids).toHaveLength(2);
    expect(ids[0]).not.toEqual(ids[1]);
    expect(h.notes().some((n) => /re-issuing/.test(n))).toBe(true);
    await h.engine.call('disconnect', undefined);
    await server.close();
  });
});

describe('a 2026-07-28 result without resultType', () => {
  it('is shown as complete and flagged, not lost', async () => {
    const server = await startRawServer(modernServerThatDropsOnce());
    const h = createHarness();
    await h.engine.call('connect', { url: server.url, headers: [], transport: 'auto' });
    const outcome = await h.engine.call('callTool', { name: 'echo', arguments: {} });
    expect(outcome.content).toEqual([{ type: 'text', text: 'untyped' }]);
    expect(outcome.specViolations).toEqual([expect.stringMatching(/no resultType/)]);
    await h.engine.call('disconnect', undefined);
    await server.close();
  });
});
