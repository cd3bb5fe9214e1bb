/** The engine against our demo server, a real MCP server on loopback. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type RunningDemoServer } from '../node/demo-server/index.ts';
import { createHarness } from './support/engine-harness.ts';

let demo: RunningDemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0 });
});
afterAll(async () => {
  await demo.close();
});

describe('engine against the demo server', () => {
  it('connects, lists, calls, logs every frame both ways, and ends the session with DELETE', async () => {
    const h = createHarness();
    const summary = await h.engine.call('connect', {
      url: demo.url,
      headers: [{ name: 'X-Trace', value: 'lens-test' }],
      transport: 'auto',
      era: 'legacy',
    });
    expect(summary).toMatchObject({
      transport: 'streamable-http',
      era: 'legacy',
      protocolVersion: '2025-11-25',
      server: { name: 'mcp-lens-demo' },
    });
    expect(summary.sessionId).toBeTruthy();
    expect(summary.capabilities).toHaveProperty('tools');
    expect(summary.instructions).toContain('demo server');

    const { tools, pages } = await h.engine.call('listTools', undefined);
    expect(pages).toBe(1);
    expect(tools.map((t) => t.name)).toContain('echo');

    const outcome = await h.engine.call('callTool', { name: 'echo', arguments: { message: 'hello lens' } });
    expect(outcome.isError).toBe(false);
    expect(JSON.stringify(outcome.content)).toContain('hello lens');

    await h.engine.call('disconnect', undefined);

    const log = h.messages().map((m) => `${m.direction} ${m.kind} ${m.method ?? ''}`.trim());
    expect(log.slice(0, 3)).toEqual(['out request initialize', 'in response', 'out notification notifications/initialized']);
    expect(log).toContain('out request tools/list');
    expect(log).toContain('out request tools/call');
    const response = h.messages().find((m) => m.direction === 'in' && m.kind === 'response' && m.rpcId === h.messages()[0]!.rpcId);
    expect(response?.latencyMs).toBeGreaterThanOrEqual(0);

    const exchanges = h.exchanges();
    expect(exchanges.some((x) => x.method === 'DELETE' && x.requestHeaders.some(([name]) => name.toLowerCase() === 'mcp-session-id'))).toBe(
      true,
    );
    // A typed header is shown by name with its value masked: off the allow-list, any header may carry a key.
    expect(exchanges[0]!.requestHeaders).toContainEqual(['x-trace', '•••• (9 chars)']);
    const phases = h.events.flatMap((e) => (e.type === 'connection' ? [e.phase] : []));
    expect(phases).toEqual(['connecting', 'connected', 'disconnected']);
  });

  it('carries a progress token on tool calls and takes the progress notifications without complaint', async () => {
    const h = createHarness();
    await h.engine.call('connect', { url: demo.url, headers: [], transport: 'auto', era: 'legacy' });
    await h.engine.call('callTool', { name: 'long-running-task', arguments: { steps: 2, stepMs: 50 } });
    await h.engine.call('disconnect', undefined);
    const call = h.messages().find((m) => m.method === 'tools/call')!.message as { params: { _meta?: { progressToken?: unknown } } };
    expect(call.params._meta?.progressToken).toBeDefined();
    expect(h.messages().filter((m) => m.method === 'notifications/progress')).toHaveLength(2);
    expect(h.notes().filter((n) => /progress/i.test(n))).toEqual([]);
  });

  it('masks secret headers in the HTTP record', async () => {
    const h = createHarness();
    await h.engine.call('connect', {
      url: demo.url,
      headers: [{ name: 'Authorization', value: 'Bearer sk-very-secret' }],
      transport: 'streamable-http',
      era: 'legacy',
    });
    await h.engine.call('disconnect', undefined);
    const serialized = JSON.stringify(h.events);
    expect(serialized).not.toContain('sk-very-secret');
    expect(h.exchanges()[0]!.requestHeaders).toContainEqual(['authorization', expect.stringMatching(/^Bearer ••••/)]);
  });

  it('refuses an invalid URL before sending anything', async () => {
    const h = createHarness();
    await expect(
      h.engine.call('connect', { url: 'https://user:pw@example.com/mcp', headers: [], transport: 'auto', era: 'legacy' }),
    ).rejects.toMatchObject({ code: 'invalid-url' });
    expect(h.exchanges()).toEqual([]);
  });

  it('explains a refused connection and stays usable for the next attempt', async () => {
    const h = createHarness();
    const closed = await startDemoServer({ port: 0 });
    await closed.close();
    await expect(h.engine.call('connect', { url: closed.url, headers: [], transport: 'auto', era: 'legacy' })).rejects.toMatchObject({
      code: 'unreachable',
      message: expect.stringContaining('refused'),
    });
    const summary = await h.engine.call('connect', { url: demo.url, headers: [], transport: 'auto', era: 'legacy' });
    expect(summary.server.name).toBe('mcp-lens-demo');
    expect((await h.engine.call('ping', undefined)).latencyMs).toBeGreaterThanOrEqual(0);
    await h.engine.call('disconnect', undefined);
  });

  it('answers calls without a session with a clear error', async () => {
    const h = createHarness();
    await expect(h.engine.call('listTools', undefined)).rejects.toMatchObject({ code: 'not-connected' });
  });
});
