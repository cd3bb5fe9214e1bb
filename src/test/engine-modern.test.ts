/** The engine against a server that speaks only 2026-07-28 (src/test/servers/modern-fixture.ts), as the browser would see it. */
import { describe, expect, it } from 'vitest';
import { serveOnLoopback } from './servers/loopback-server.ts';
import { browserCorsFetch } from './support/browser-cors-fetch.ts';
import { createHarness } from './support/engine-harness.ts';
import { createModernFixture, MODERN_FIXTURE_INFO } from './servers/modern-fixture.ts';

const origin = serveOnLoopback(createModernFixture());

const browser = () => createHarness({ fetch: browserCorsFetch('http://app.example') });
const logMessages = (h: ReturnType<typeof browser>) => h.messages().filter((m) => m.method === 'notifications/message');

describe('engine against a 2026-07-28 server', () => {
  it('finds the modern era in Auto and says why, with the discover result', async () => {
    const h = browser();
    const summary = await h.engine.call('connect', { url: `${origin()}/mcp`, headers: [], transport: 'auto' });
    expect(summary).toMatchObject({
      era: 'modern',
      protocolVersion: '2026-07-28',
      supportedVersions: ['2026-07-28'],
      eraReason: expect.stringContaining('server/discover answered'),
      server: { name: MODERN_FIXTURE_INFO.name },
      discover: { resultType: 'complete', capabilities: { logging: {} } },
    });
    expect(summary.sessionId).toBeUndefined();
    await expect(h.engine.call('ping', undefined)).rejects.toMatchObject({ code: 'not-in-revision' });
  });

  it('sends log messages only for requests carrying a level, and Off sends none', async () => {
    const h = browser();
    await h.engine.call('connect', { url: `${origin()}/mcp`, headers: [], transport: 'auto' });
    await h.engine.call('callTool', { name: 'greet', arguments: { name: 'Ada' } });
    expect(logMessages(h)).toHaveLength(0);
    await h.engine.call('setLogLevel', { level: 'info' });
    await h.engine.call('callTool', { name: 'greet', arguments: { name: 'Ada' } });
    // info and above: the tool's debug message stays on the server.
    expect(logMessages(h).map((m) => (m.message as { params: { level: string } }).params.level)).toEqual(['info']);
    await h.engine.call('setLogLevel', { level: 'off' });
    await h.engine.call('callTool', { name: 'greet', arguments: { name: 'Ada' } });
    expect(logMessages(h)).toHaveLength(1);
    const sent = h.messages().filter((m) => m.direction === 'out' && m.method === 'tools/call');
    const meta = sent.map(
      (m) => (m.message as { params: { _meta: Record<string, unknown> } }).params._meta['io.modelcontextprotocol/logLevel'],
    );
    expect(meta).toEqual([undefined, 'info', undefined]);
  });

  it('sends a name that is not ASCII in Mcp-Name as Base64', async () => {
    const h = browser();
    await h.engine.call('connect', { url: `${origin()}/mcp`, headers: [], transport: 'auto' });
    await expect(h.engine.call('callTool', { name: 'grüße', arguments: {} })).resolves.toMatchObject({ isError: false });
    const call = h.exchanges().find((x) => x.requestHeaders.some(([name, value]) => name === 'mcp-method' && value === 'tools/call'));
    expect(call?.requestHeaders).toContainEqual(['mcp-name', '=?base64?Z3LDvMOfZQ==?=']);
  });

  it('refuses Off on a 2025 connection, where logging/setLevel always takes a level', async () => {
    const h = browser();
    await h.engine.call('connect', { url: `${origin()}/cors-2025/mcp`, headers: [], transport: 'auto', era: 'legacy' });
    await expect(h.engine.call('setLogLevel', { level: 'off' })).rejects.toMatchObject({
      code: 'invalid-input',
      message: expect.stringContaining('emergency'),
    });
    await expect(h.engine.call('setLogLevel', { level: 'warning' })).resolves.toBeUndefined();
  });

  it('connects to the dual-era server behind a 2025 CORS allow-list as 2025 in Auto', async () => {
    const h = browser();
    const summary = await h.engine.call('connect', { url: `${origin()}/cors-2025/mcp`, headers: [], transport: 'auto' });
    expect(summary).toMatchObject({ era: 'legacy', eraReason: expect.stringContaining('could not send the 2026-07-28 probe') });
    await expect(h.engine.call('listTools', undefined)).resolves.toMatchObject({
      tools: expect.arrayContaining([expect.objectContaining({ name: 'greet' })]),
    });
  });
});
