/** The engine against the hostile fixture's schema and content scenarios (src/test/servers/hostile/schema-scenarios.ts). */
import { describe, expect, it } from 'vitest';
import { createHarness } from './support/engine-harness.ts';
import { serveOnLoopback } from './servers/loopback-server.ts';
import { createHostileServer } from './servers/hostile/server.ts';

const origin = serveOnLoopback(createHostileServer());

async function connect(scenario: string) {
  const h = createHarness();
  const summary = await h.engine.call('connect', {
    url: `${origin()}/s/${scenario}/mcp`,
    headers: [],
    transport: 'streamable-http',
    era: 'legacy',
  });
  return { h, summary };
}

describe('server schemas cannot block the worker', () => {
  it('checks an outputSchema pattern that backtracks catastrophically in linear time, and Ping still answers', async () => {
    const { h } = await connect('regex-bomb');
    await h.engine.call('listTools', undefined);
    const started = performance.now();
    const outcome = await h.engine.call('callTool', { name: 'probe', arguments: {} });
    expect(performance.now() - started).toBeLessThan(5000);
    expect(outcome.outputSchemaErrors).toEqual(expect.arrayContaining([expect.stringMatching(/^\/code must match pattern/)]));
    await expect(h.engine.call('ping', undefined)).resolves.toMatchObject({ latencyMs: expect.any(Number) });
  });
});

describe('images are checked before anything decodes them', () => {
  it('refuses a resource blob whose PNG header declares 20000×20000 pixels, and keeps a small one', async () => {
    const { h } = await connect('image-bombs');
    const bomb = await h.engine.call('readResource', { uri: 'demo://bomb.png' });
    expect(bomb.contents[0]).toMatchObject({ blobError: expect.stringMatching(/20000×20000 pixels/) });
    expect(bomb.contents[0]).not.toHaveProperty('blob');
    const small = await h.engine.call('readResource', { uri: 'demo://small.png' });
    expect(small.contents[0]?.blob).toBeInstanceOf(Blob);
  });

  it('refuses the server icon and tool icons that declare a decompression bomb', async () => {
    const { h, summary } = await connect('image-bombs');
    const src = summary.server.icons?.[0]?.src;
    expect(src).toMatch(/^data:image\/png/);
    await expect(h.engine.call('fetchIcon', { src: src! })).resolves.toMatchObject({
      ok: false,
      reason: expect.stringMatching(/20000×20000 pixels/),
    });
  });
});
