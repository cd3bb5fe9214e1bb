/** The engine against the independent reference server, in both of its HTTP transports. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness } from './engine-harness.ts';
import { startEverythingServer } from './everything-server.ts';

let streamable: Awaited<ReturnType<typeof startEverythingServer>>;
let legacy: Awaited<ReturnType<typeof startEverythingServer>>;
beforeAll(async () => {
  [streamable, legacy] = await Promise.all([startEverythingServer('streamableHttp'), startEverythingServer('sse')]);
}, 30_000);
afterAll(() => {
  streamable?.close();
  legacy?.close();
});

describe('engine against server-everything', () => {
  it('speaks Streamable HTTP and calls a tool', async () => {
    const h = createHarness();
    const summary = await h.engine.call('connect', { url: streamable.url, headers: [], transport: 'auto' });
    expect(summary).toMatchObject({ transport: 'streamable-http', protocolVersion: '2025-11-25' });
    const { tools } = await h.engine.call('listTools', undefined);
    expect(tools.map((t) => t.name)).toContain('echo');
    const outcome = await h.engine.call('callTool', { name: 'echo', arguments: { message: 'ping from lens' } });
    expect(JSON.stringify(outcome.content)).toContain('ping from lens');
    await h.engine.call('disconnect', undefined);
  });

  it('falls back to legacy HTTP+SSE when POST initialize gets a 404, and says so', async () => {
    const h = createHarness();
    const summary = await h.engine.call('connect', { url: legacy.url, headers: [], transport: 'auto' });
    expect(summary.transport).toBe('sse');
    expect(h.notes().join('\n')).toMatch(/HTTP 404; trying the legacy HTTP\+SSE transport/);
    expect(h.notes().join('\n')).toMatch(/endpoint announced/);
    // The 404 page that triggered the fallback is kept, raw, in the log.
    expect(h.messages().find((m) => m.kind === 'invalid')?.raw).toContain('<!DOCTYPE html>');
    const { tools } = await h.engine.call('listTools', undefined);
    expect(tools.length).toBeGreaterThan(0);
    const outcome = await h.engine.call('callTool', { name: 'echo', arguments: { message: 'over sse' } });
    expect(JSON.stringify(outcome.content)).toContain('over sse');
    await h.engine.call('disconnect', undefined);
  });
});
