/** The engine against the independent reference server, in both of its HTTP transports. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness } from './support/engine-harness.ts';
import { startEverythingServer } from './servers/everything-server.ts';

let streamable: Awaited<ReturnType<typeof startEverythingServer>>;
let legacy: Awaited<ReturnType<typeof startEverythingServer>>;
beforeAll(async () => {
  [streamable, legacy] = await Promise.all([startEverythingServer('streamableHttp'), startEverythingServer('sse')]);
});
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
    // The 404 page that triggered the fallback is HTTP answering as HTTP does, not a broken message: a quiet
    // note points to the HTTP view, where the page is kept. Legacy SSE's 202 Accepted bodies get no line at all.
    expect(h.notes().join('\n')).toMatch(/HTTP 404 to POST: a text\/html body, not a JSON-RPC message/);
    expect(h.exchanges().findLast((x) => x.status === 404)?.responseBody?.text).toContain('<!DOCTYPE html>');
    const { tools } = await h.engine.call('listTools', undefined);
    expect(tools.length).toBeGreaterThan(0);
    const outcome = await h.engine.call('callTool', { name: 'echo', arguments: { message: 'over sse' } });
    expect(JSON.stringify(outcome.content)).toContain('over sse');
    expect(h.exchanges().some((x) => x.status === 202)).toBe(true);
    expect(h.messages().filter((m) => m.kind === 'invalid')).toEqual([]);
    await h.engine.call('disconnect', undefined);
  });
});
