/**
 * Issue 39: an origin that answers the `server/discover` probe with HTTP 429 (src/test/servers/busy-probe-server.ts,
 * in front of the dual-era demo server). A 429 asks to slow down; it is no answer about the era. The engine
 * waits for Retry-After within the connect timeout and probes again, or goes on to initialize, says so in the
 * log, and never remembers an era it did not learn.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startDemoServer, type RunningDemoServer } from '../node/demo-server/index.ts';
import { verdictOf } from '../state/era-prefs.ts';
import type { EngineError } from '../shared/errors.ts';
import { createBusyProbeServer, type BusyProbeOptions } from './servers/busy-probe-server.ts';
import { createHarness, type Harness } from './support/engine-harness.ts';
import { serveOnLoopback } from './servers/loopback-server.ts';

let demo: RunningDemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0 });
});
afterAll(() => demo.close());

const target = () => new URL(demo.url).origin;
const origin = (options: Omit<BusyProbeOptions, 'target'>) => {
  const server = createBusyProbeServer({ target, ...options });
  return { server, url: serveOnLoopback(server) };
};

// One second asked for once, then served: in 2026-07-28, and in 2025 only.
const modernAfterOne = origin({ busyProbes: 1, retryAfter: '1', era: 'modern' });
const legacyAfterOne = origin({ busyProbes: 1, retryAfter: '1', era: 'legacy' });
// Asks for 2 s on every probe: a 3 s connect timeout has no room to wait it.
const alwaysBusy = origin({ busyProbes: Number.POSITIVE_INFINITY, retryAfter: '2', era: 'modern' });

const mcpUrl = (url: () => string) => new URL(new URL(demo.url).pathname, url()).href;
const outMethods = (h: Harness) =>
  h
    .messages()
    .filter((m) => m.direction === 'out' && m.kind === 'request')
    .map((m) => m.method);

describe('a 429 on the era probe', () => {
  it('waits its Retry-After, probes again and speaks 2026-07-28, saying it waited', async () => {
    const h = createHarness();
    const summary = await h.engine.call('connect', { url: mcpUrl(modernAfterOne.url), headers: [], transport: 'auto' });
    expect(summary.era).toBe('modern');
    expect(summary.probeBusy).toBeUndefined();
    expect(modernAfterOne.server.probes()).toBe(2);
    expect(outMethods(h)).not.toContain('initialize');
    expect(
      h
        .notes()
        .some((n) => /HTTP 429 Too Many Requests: it asks to slow down, which says nothing about the protocol era.*Waiting 1 s/.test(n)),
    ).toBe(true);
    expect(summary.eraReason).toMatch(
      /^The server told the probe to slow down once \(HTTP 429 Too Many Requests\).*waited 1 s as asked and probed again\. server\/discover answered with 2026-07-28/,
    );
    // A modern answer after the wait is evidence, and is remembered.
    expect(verdictOf('auto', summary)).toBe('modern');
    await h.engine.call('disconnect', undefined);
  });

  it('waits its Retry-After, probes again, gets a 2025 answer and speaks 2025', async () => {
    const h = createHarness();
    const summary = await h.engine.call('connect', { url: mcpUrl(legacyAfterOne.url), headers: [], transport: 'auto' });
    expect(summary.era).toBe('legacy');
    expect(summary.probeBusy).toBeUndefined();
    expect(legacyAfterOne.server.probes()).toBe(2);
    expect(outMethods(h)).toContain('initialize');
    expect(summary.eraReason).toMatch(/waited 1 s as asked and probed again\. server\/discover got HTTP 200 with JSON-RPC error -32601/);
    // The -32601 after the wait is the evidence, not the 429.
    expect(verdictOf('auto', summary)).toBe('legacy');
    await h.engine.call('disconnect', undefined);
  });

  it('with no time left to wait, goes on to initialize in Auto and remembers no era', async () => {
    const h = createHarness();
    const before = alwaysBusy.server.probes();
    const summary = await h.engine.call('connect', { url: mcpUrl(alwaysBusy.url), headers: [], transport: 'auto', requestTimeoutMs: 3000 });
    expect(summary.era).toBe('legacy');
    expect(summary.probeBusy).toBe(true);
    expect(alwaysBusy.server.probes() - before).toBe(1);
    expect(
      h.notes().some((n) => /no time to wait again, so MCP Lens tries the 2025 initialize handshake; the era is not remembered/.test(n)),
    ).toBe(true);
    expect(summary.eraReason).toMatch(
      /had no time left to wait\. MCP Lens connected with the 2025 initialize handshake without an answer about the era/,
    );
    expect(verdictOf('auto', summary)).toBeUndefined();
    await h.engine.call('disconnect', undefined);
  });

  it('pinned to 2026-07-28 with no time left to wait, ends with the reason and sends no initialize', async () => {
    const h = createHarness();
    let error: EngineError | undefined;
    await h.engine
      .call('connect', { url: mcpUrl(alwaysBusy.url), headers: [], transport: 'auto', era: 'modern', requestTimeoutMs: 3000 })
      .catch((e: unknown) => (error = e as EngineError));
    expect(error).toMatchObject({ code: 'http', httpStatus: 429 });
    expect(error?.message).toMatch(
      /says nothing about the protocol era it speaks\. MCP Lens did not guess an era or remember one; wait 2 s/,
    );
    expect(outMethods(h)).not.toContain('initialize');
  });
});
