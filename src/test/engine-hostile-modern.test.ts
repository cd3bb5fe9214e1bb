/**
 * Issue 25, classes 10 to 16: hostile 2026-07-28 servers (src/test/servers/hostile/modern-server.ts)
 * against the real engine in Node. One describe per class, named after it.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createHostileModernServer } from './servers/hostile/modern-server.ts';
import { createHarness, type Harness } from './support/engine-harness.ts';
import type { EngineError } from '../shared/errors.ts';

let base = '';
let close: () => void = () => undefined;
beforeAll(async () => {
  const server = createHostileModernServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => {
    server.closeAllConnections();
    server.close();
  };
});
afterAll(() => close());

const urlOf = (name: string) => `${base}/m/${name}/mcp`;
const connect = (h: Harness, name: string) =>
  h.engine.call('connect', { url: urlOf(name), headers: [{ name: 'X-Api-Key', value: 'k-1' }], transport: 'auto' });
const failure = async (promise: Promise<unknown>): Promise<EngineError> => {
  try {
    await promise;
  } catch (error) {
    return error as EngineError;
  }
  throw new Error('expected a failure');
};

describe('class 10: huge server identity is cut in the worker, never whole on the page', () => {
  it('cuts a 300,000-version discover with 2 MB of instructions and says what it cut', async () => {
    const h = createHarness();
    const summary = await connect(h, 'huge-discover');
    expect(summary.era).toBe('modern');
    expect(summary.supportedVersions!.length).toBeLessThanOrEqual(100);
    expect(summary.instructions!.length).toBeLessThanOrEqual(64 * 1024);
    expect(summary.cut).toMatchObject({ supportedVersions: 300_001, instructions: 'Read me. '.length * 233_017 });
    // The whole summary crosses the boundary small.
    expect(JSON.stringify(summary).length).toBeLessThan(400_000);
    await h.engine.call('disconnect', undefined);
  }, 60_000);

  it('cuts a serverInfo name of 60,000 zero-width spaces', async () => {
    const h = createHarness();
    const summary = await connect(h, 'zero-width-name');
    expect(summary.server.name.length).toBeLessThanOrEqual(1024);
    expect(summary.cut?.name).toBe(60_000);
    await h.engine.call('disconnect', undefined);
  });

  it('names a few of 26,000 versions of a -32022, then how many more', async () => {
    const error = await failure(connect(createHarness(), 'many-versions-32022'));
    expect(error.code).toBe('unsupported-version');
    expect(error.message).toMatch(/and 25,992 more/);
    expect(error.message.length).toBeLessThan(1000);
    expect((error.detail ?? '').length).toBeLessThanOrEqual(2000);
  });
});

describe('class 11: the era verdict comes from evidence only, never from a 429', () => {
  it('pinned, ends the connect on a rate-limited probe it has no time to wait for instead of calling the server 2025-era', async () => {
    const h = createHarness();
    // 3 s leaves no room to wait its 2 s and still finish: src/test/engine-busy-probe.test.ts has the waits.
    const error = await failure(
      h.engine.call('connect', { url: urlOf('rate-limited'), headers: [], transport: 'auto', era: 'modern', requestTimeoutMs: 3000 }),
    );
    expect(error).toMatchObject({ code: 'http', httpStatus: 429 });
    expect(error.message).toMatch(/says nothing about the protocol era.*wait 2 s/);
    // No initialize: nothing was concluded from the 429.
    expect(h.messages().some((m) => m.method === 'initialize')).toBe(false);
  });
});

describe('class 12: input_required only on tools/call, prompts/get and resources/read', () => {
  it('refuses input_required on tools/list as a spec violation, and asks the person nothing', async () => {
    const h = createHarness();
    await connect(h, 'input-required-list');
    const error = await failure(h.engine.call('listTools', undefined));
    expect(error.message).toMatch(/^Spec violation: the server answered tools\/list with input_required/);
    expect(h.events.some((e) => e.type === 'server-request')).toBe(false);
    await h.engine.call('disconnect', undefined);
  });
});

describe('class 13: refusals say whose they are', () => {
  it('does not say "supports no version MCP Lens speaks" when the server lists one', async () => {
    const error = await failure(connect(createHarness(), 'contradicting-32022'));
    expect(error.message).not.toMatch(/supports no protocol version/);
    expect(error.message).toMatch(/refused protocol version 2026-07-28 although its own list .* names it/);
  });

  it('says MCP Lens refused 10,000 questions in one round, and that MCP Lens (not the server) withdrew the rest', async () => {
    const h = createHarness();
    await connect(h, 'many-inputs');
    const error = await failure(h.engine.call('callTool', { name: 'ok', arguments: {} }));
    expect(error.message).toMatch(/^MCP Lens refused the server's request for input/);
    expect(error.message).not.toMatch(/The server answered with JSON-RPC error/);
    const ended = h.events.flatMap((e) => (e.type === 'server-request-ended' ? [e.text] : []));
    expect(ended.length).toBeGreaterThan(0);
    for (const text of ended) expect(text).not.toMatch(/server cancelled/);
    expect(ended.some((text) => /MCP Lens withdrew it/.test(text))).toBe(true);
    await h.engine.call('disconnect', undefined);
  }, 60_000);
});

// Class 14 (a listen stream exhausting memory) is tested where the bound lives: message-recorder.test.ts
// (notifications over 16 KB kept cut, with their size) and state/log/log-store.test.ts (the byte budget).

describe('class 15: odd cache hints are clamped, never fatal', () => {
  it('shows each list with a flag: negative ttlMs, 1e400, "NaN", an unknown scope', async () => {
    const h = createHarness();
    await connect(h, 'odd-cache');
    const prompts = await h.engine.call('listPrompts', undefined);
    expect(prompts.prompts.map((p) => p.name)).toEqual(['p1']);
    expect(prompts.freshness).toMatchObject({ ttlMs: 0, problem: expect.stringMatching(/negative; read as 0/) });
    const resources = await h.engine.call('listResources', undefined);
    expect(resources.resources).toHaveLength(1);
    expect(resources.freshness).toMatchObject({ ttlMs: 24 * 60 * 60 * 1000, problem: expect.stringMatching(/out of range/) });
    const templates = await h.engine.call('listResourceTemplates', undefined);
    expect(templates.templates).toHaveLength(1);
    expect(templates.freshness).toMatchObject({ ttlMs: 0, problem: expect.stringMatching(/not a number/) });
    const tools = await h.engine.call('listTools', undefined);
    expect(tools.tools.map((t) => t.name)).toEqual(['ok']);
    expect(tools.freshness).toMatchObject({ scope: 'private', problem: expect.stringMatching(/cacheScope "galaxy"/) });
    await h.engine.call('disconnect', undefined);
  });
});

describe('class 16: redirects are explained, never "HTTP 0"', () => {
  it('refuses a cross-origin redirect of the probe and names the origin', async () => {
    const error = await failure(connect(createHarness(), 'redirect-probe-cross'));
    expect(error.message).toMatch(
      /the server redirected to another origin \(http:\/\/localhost:\d+\); MCP Lens does not follow it with your credentials/i,
    );
    expect(error.message).not.toMatch(/HTTP 0/);
  });

  it('refuses a cross-origin redirect of a tool call, and follows a same-origin 307', async () => {
    const h = createHarness();
    await connect(h, 'redirect-call-cross');
    const error = await failure(h.engine.call('callTool', { name: 'ok', arguments: {} }));
    expect(error.message).toMatch(/redirected to another origin \(http:\/\/localhost:\d+\)/);
    await h.engine.call('disconnect', undefined);

    const same = createHarness();
    await connect(same, 'redirect-same');
    const outcome = await same.engine.call('callTool', { name: 'ok', arguments: {} });
    expect(JSON.stringify(outcome.content)).toContain('ok from plain');
    await same.engine.call('disconnect', undefined);
  }, 60_000);
});
