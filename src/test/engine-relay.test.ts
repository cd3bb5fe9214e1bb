/**
 * The real engine through the local relay: to a server that sends no CORS headers (the demo server with
 * CORS off), in both protocol eras, and to a stdio server the relay runs. The relay's refusals are proved
 * in src/node/relay/relay-refusals.test.ts.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { startDemoServer, type RunningDemoServer } from '../node/demo-server/server.ts';
import { startRelay, type RunningRelay } from '../node/relay/relay.ts';
import type { ProtocolEra } from '../shared/model.ts';
import { RELAY_TOKEN_HEADER, RELAY_UPSTREAM_STATUS_HEADER } from '../shared/relay.ts';
import { createHarness, type Harness } from './support/engine-harness.ts';
import { startEverythingServer } from './servers/everything-server.ts';

const FIXTURE = fileURLToPath(new URL('./servers/relay-stdio-fixture.ts', import.meta.url));
const logLines: string[] = [];
const headersFor = (relay: RunningRelay) => [{ name: RELAY_TOKEN_HEADER, value: relay.token }];

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.engine.call('disconnect', undefined).catch(() => undefined);
  harness = undefined;
});

describe('a server without CORS, through the relay', () => {
  let demo: RunningDemoServer;
  let relay: RunningRelay;
  beforeAll(async () => {
    demo = await startDemoServer({ cors: false });
    relay = await startRelay({ target: { kind: 'http', url: new URL(demo.url) }, allowedOrigins: [], log: (line) => logLines.push(line) });
  });
  afterAll(async () => {
    await relay.close();
    await demo.close();
  });

  it.each<ProtocolEra>(['modern', 'legacy'])('speaks the %s era transparently: tools, resources and prompts', async (era) => {
    harness = createHarness();
    const summary = await harness.engine.call('connect', { url: relay.url, headers: headersFor(relay), transport: 'auto', era });
    expect(summary.era).toBe(era);
    expect(summary.server.name).toBe('mcp-lens-demo');
    const echo = await harness.engine.call('callTool', { name: 'echo', arguments: { message: 'through the relay' } });
    expect(JSON.stringify(echo)).toContain('through the relay');
    const { resources } = await harness.engine.call('listResources', undefined);
    expect(resources.length).toBeGreaterThan(0);
    const { prompts } = await harness.engine.call('listPrompts', undefined);
    expect(prompts.length).toBeGreaterThan(0);
    // What the browser sent to the relay is what the HTTP view shows; the relay reports the upstream's status.
    const exchange = harness.exchanges().find((e) => e.status === 200);
    expect(exchange?.url).toBe(relay.url);
    expect(new Map(exchange?.responseHeaders).get(RELAY_UPSTREAM_STATUS_HEADER.toLowerCase())).toBe('200');
    // The token is masked where the exchange is captured, like any header named *token*.
    expect(JSON.stringify(harness.events)).not.toContain(relay.token);
  });
});

describe('a legacy HTTP+SSE server, through the relay', () => {
  it('connects over the legacy transport and calls a tool on the endpoint the server announced', async () => {
    const everything = await startEverythingServer('sse');
    const relay = await startRelay({
      target: { kind: 'http', url: new URL(everything.url) },
      allowedOrigins: [],
      log: (line) => logLines.push(line),
    });
    try {
      harness = createHarness();
      const summary = await harness.engine.call('connect', { url: relay.url, headers: headersFor(relay), transport: 'sse' });
      expect(summary.transport).toBe('sse');
      const echo = await harness.engine.call('callTool', { name: 'echo', arguments: { message: 'legacy through the relay' } });
      expect(JSON.stringify(echo)).toContain('legacy through the relay');
      await harness.engine.call('disconnect', undefined);
    } finally {
      await relay.close();
      everything.close();
    }
  });
});

describe('a stdio server, run by the relay', () => {
  const spawns = join(mkdtempSync(join(tmpdir(), 'lens-relay-')), 'spawns.txt');
  let relay: RunningRelay;
  beforeAll(async () => {
    process.env.RELAY_FIXTURE_SPAWNS = spawns;
    relay = await startRelay({
      target: { kind: 'stdio', command: process.execPath, args: ['--import', 'tsx', FIXTURE, 'given-on-the-command-line'] },
      allowedOrigins: [],
      log: (line) => logLines.push(line),
      // A child still starting on a busy machine must not look like one that ignores the era probe.
      stdioProbeTimeoutMs: 120_000,
    });
  });
  afterAll(async () => {
    delete process.env.RELAY_FIXTURE_SPAWNS;
  });

  it('serves it as Streamable HTTP, and a second connection reuses the one process', async () => {
    for (let round = 0; round < 2; round++) {
      harness = createHarness();
      const summary = await harness.engine.call('connect', { url: relay.url, headers: headersFor(relay), transport: 'auto' });
      expect(summary.era).toBe('legacy');
      // The server's own answer to the era probe, as a 2025 HTTP server's 400: the relay asked it.
      expect(summary.eraReason).toContain('server/discover got HTTP 400 with JSON-RPC error -32601');
      expect(summary.server.name).toBe('relay-stdio-fixture');
      const result = await harness.engine.call('callTool', { name: 'whoami', arguments: {} });
      expect(JSON.stringify(result)).toContain('given-on-the-command-line');
      await harness.engine.call('disconnect', undefined);
    }
    expect(readFileSync(spawns, 'utf8').trim().split('\n')).toHaveLength(1);
  });

  it('says the server, not the relay, answered the pinned 2026-07-28 probe as a 2025 server does', async () => {
    harness = createHarness();
    const refused = await harness.engine
      .call('connect', { url: relay.url, headers: headersFor(relay), transport: 'auto', era: 'modern' })
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({
      code: 'unsupported-version',
      message: expect.stringMatching(
        /^Pinned to 2026-07-28, but the server answered server\/discover with .*-32601.*as a server of the 2025 era/,
      ),
    });
    expect((refused as { message: string }).message).not.toContain('relay');
  });

  it('never runs a command a request names', async () => {
    const post = (path: string, headers: Record<string, string>, body: unknown) =>
      fetch(new URL(path, relay.url), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
        body: JSON.stringify(body),
      });
    const token = { [RELAY_TOKEN_HEADER]: relay.token };
    const attempts = [
      await post('/mcp?command=touch&args=/tmp/pwned', token, { jsonrpc: '2.0', id: 1, method: 'ping' }),
      await post('/stdio', token, { command: 'touch', args: ['/tmp/pwned'] }),
      await post(
        '/mcp',
        { ...token, 'X-Command': 'touch /tmp/pwned' },
        { jsonrpc: '2.0', id: 2, method: 'spawn', params: { command: 'touch' } },
      ),
      await post('/mcp', token, { command: 'touch', args: ['/tmp/pwned'], env: { NODE_OPTIONS: '--require /tmp/pwned' } }),
    ];
    expect(attempts.map((a) => a.status)).toEqual([404, 404, 400, 400]);
    expect(readFileSync(spawns, 'utf8').trim().split('\n')).toHaveLength(1);
  });

  it('stops the child when the relay stops', async () => {
    const pid = Number(readFileSync(spawns, 'utf8').trim());
    expect(isAlive(pid)).toBe(true);
    await relay.close();
    expect(isAlive(pid)).toBe(false);
  });
});

afterAll(() => {
  expect(logLines.join('\n')).not.toMatch(/[A-Za-z0-9_-]{43}/);
});

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
