/**
 * A 2026-07-28 stdio server through the local relay: the relay speaks whichever era its stdio server speaks
 * (src/node/relay/stdio-bridge.ts). The real engine in Auto and pinned, plain fetch for what the engine does
 * not show (independent requests with the same id, a request's stream, the ids on refusals), and the era a
 * conversation opened in, which the relay, not the server, is the reason for. The 2025 stdio server's side
 * is in engine-relay.test.ts.
 */
import { fileURLToPath } from 'node:url';

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { startRelay, type RunningRelay } from '../node/relay/relay.ts';
import type { ConnectParams } from '../shared/model.ts';
import { RELAY_ERA_DATA_KEY, RELAY_TOKEN_HEADER } from '../shared/relay.ts';
import { createHarness, type Harness } from './support/engine-harness.ts';

const FIXTURE = fileURLToPath(new URL('./servers/relay-stdio-modern-fixture.ts', import.meta.url));
const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'relay-stdio-test', version: '1.0.0' },
};

const logLines: string[] = [];

/**
 * A relay running the fixture. The probe deadline is far beyond any test: a child still starting on a busy
 * machine is not a 2025 server, and the engine's connect waits as long.
 */
async function relayFor(...flags: string[]): Promise<RunningRelay> {
  return startRelay({
    target: { kind: 'stdio', command: process.execPath, args: ['--import', 'tsx', FIXTURE, ...flags] },
    allowedOrigins: [],
    log: (line) => logLines.push(line),
    stdioProbeTimeoutMs: 120_000,
  });
}

const connectParams = (relay: RunningRelay, era: NonNullable<ConnectParams['era']>): ConnectParams => ({
  url: relay.url,
  headers: [{ name: RELAY_TOKEN_HEADER, value: relay.token }],
  transport: 'auto',
  era,
  requestTimeoutMs: 120_000,
});

/** One JSON-RPC message to the relay, as a 2026-07-28 client sends it, without the engine. */
function post(relay: RunningRelay, message: { id?: unknown; method: string; params?: Record<string, unknown> }, token = relay.token) {
  return fetch(relay.url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      'MCP-Protocol-Version': '2026-07-28',
      'Mcp-Method': message.method,
      [RELAY_TOKEN_HEADER]: token,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      ...message,
      params: { ...message.params, _meta: { ...ENVELOPE, ...(message.params?._meta ?? {}) } },
    }),
  });
}

/** The messages of an answer: one JSON body, or each event of a stream. */
async function messagesOf(response: Response): Promise<Array<Record<string, unknown>>> {
  const text = await response.text();
  if (!response.headers.get('content-type')?.startsWith('text/event-stream')) return [JSON.parse(text) as Record<string, unknown>];
  return text
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice('data: '.length)) as Record<string, unknown>);
}

/** The text of a tool result's first content block. */
function textOf(result: unknown): string {
  const content = (result as { content?: Array<{ text?: unknown }> }).content;
  return String(content?.[0]?.text);
}

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.engine.call('disconnect', undefined).catch(() => undefined);
  harness = undefined;
});

afterAll(() => {
  expect(logLines.join('\n')).not.toMatch(/[A-Za-z0-9_-]{43}/);
});

describe('a 2026-07-28-only stdio server, through the relay', () => {
  let relay: RunningRelay;
  beforeAll(async () => {
    relay = await relayFor('--modern-only');
  });
  afterAll(async () => {
    await relay.close();
  });

  it('is spoken to in 2026-07-28 under Auto, and under 2026-07-28 pinned, by one process', async () => {
    harness = createHarness();
    const auto = await harness.engine.call('connect', connectParams(relay, 'auto'));
    expect(auto).toMatchObject({ era: 'modern', protocolVersion: '2026-07-28', server: { name: 'relay-stdio-modern-fixture' } });
    expect(auto.sessionId).toBeUndefined();
    const whoami = async (h: Harness) =>
      JSON.parse(textOf(await h.engine.call('callTool', { name: 'whoami', arguments: {} }))) as { pid: number; era: string };
    const first = await whoami(harness);
    expect(first.era).toBe('modern');
    await harness.engine.call('disconnect', undefined);

    harness = createHarness();
    const pinned = await harness.engine.call('connect', connectParams(relay, 'modern'));
    expect(pinned).toMatchObject({ era: 'modern', eraReason: expect.stringContaining('Pinned to 2026-07-28: server/discover offered it') });
    expect(await whoami(harness)).toEqual(first);
    const echo = await harness.engine.call('callTool', { name: 'echo', arguments: { text: 'pinned through the relay' } });
    expect(textOf(echo)).toBe('pinned through the relay');
  });

  it('pairs each answer with its own request, though independent requests share an id', async () => {
    const call = (text: string, delayMs: number) =>
      post(relay, { id: 7, method: 'tools/call', params: { name: 'echo', arguments: { text, delayMs } } }).then(messagesOf);
    // The slow one is sent first and answered last: the child's answers come back out of order.
    const [slow, fast] = await Promise.all([call('slow', 300), call('fast', 0)]);
    expect(slow).toEqual([
      expect.objectContaining({ id: 7, result: expect.objectContaining({ content: [{ type: 'text', text: 'slow' }] }) }),
    ]);
    expect(fast).toEqual([
      expect.objectContaining({ id: 7, result: expect.objectContaining({ content: [{ type: 'text', text: 'fast' }] }) }),
    ]);
  });

  it('streams what the child sends for a request before its answer: progress under the client’s token, log messages', async () => {
    const response = await post(relay, {
      id: 'count-1',
      method: 'tools/call',
      params: { name: 'count', arguments: { to: 3 }, _meta: { progressToken: 'mine', 'io.modelcontextprotocol/logLevel': 'info' } },
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const messages = await messagesOf(response);
    const progress = messages.filter((m) => m.method === 'notifications/progress').map((m) => m.params);
    expect(progress).toEqual([1, 2, 3].map((step) => expect.objectContaining({ progressToken: 'mine', progress: step, total: 3 })));
    expect(messages.filter((m) => m.method === 'notifications/message')).toHaveLength(3);
    expect(messages.at(-1)).toMatchObject({ id: 'count-1', result: { content: [{ type: 'text', text: 'counted to 3' }] } });
  });

  it('keeps a listen stream open under the client’s subscription id, and ends it when the client leaves', async () => {
    const leave = new AbortController();
    const response = await fetch(relay.url, {
      method: 'POST',
      signal: leave.signal,
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        'MCP-Protocol-Version': '2026-07-28',
        'Mcp-Method': 'subscriptions/listen',
        [RELAY_TOKEN_HEADER]: relay.token,
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 'listen-1',
        method: 'subscriptions/listen',
        params: { notifications: { toolsListChanged: true }, _meta: ENVELOPE },
      }),
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    while (!text.includes('\n\n')) text += (await reader.read()).value ?? '';
    const [ack] = text
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => JSON.parse(line.slice('data: '.length)) as { method: string; params: { _meta: Record<string, unknown> } });
    expect(ack).toMatchObject({ method: 'notifications/subscriptions/acknowledged' });
    expect(ack!.params._meta['io.modelcontextprotocol/subscriptionId']).toBe('listen-1');
    leave.abort();
    await reader.cancel().catch(() => undefined);
    // The child was told (notifications/cancelled) and goes on answering.
    expect(await post(relay, { id: 'after', method: 'tools/list' }).then((r) => r.status)).toBe(200);
  });

  it('answers a 2025 initialize itself once the server speaks 2026-07-28, saying the relay is the reason', async () => {
    harness = createHarness();
    await harness.engine.call('connect', connectParams(relay, 'auto'));
    await harness.engine.call('disconnect', undefined);
    harness = createHarness();
    const refused = await harness.engine.call('connect', connectParams(relay, 'legacy')).catch((error: unknown) => error);
    expect(refused).toMatchObject({
      code: 'unsupported-version',
      message: expect.stringContaining(
        'The local relay, not the server, refused initialize: The stdio server this relay runs has been speaking 2026-07-28',
      ),
    });
  });

  it('carries the request’s id on its refusals, and null only when there is none to read', async () => {
    const noToken = await post(relay, { id: 'no-token', method: 'tools/list' }, 'x'.repeat(43));
    expect(noToken.status).toBe(403);
    expect(await noToken.json()).toMatchObject({ id: 'no-token', error: { code: -32000 } });
    const mismatch = await fetch(relay.url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        'Mcp-Method': 'tools/call',
        [RELAY_TOKEN_HEADER]: relay.token,
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 41, method: 'tools/list', params: { _meta: ENVELOPE } }),
    });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.json()).toMatchObject({ id: 41, error: { code: -32020 } });
    const garbled = await fetch(relay.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [RELAY_TOKEN_HEADER]: relay.token },
      body: '{"id": 5,',
    });
    expect(await garbled.json()).toMatchObject({ id: null, error: { code: -32700 } });
  });
});

describe('a 2025 stdio server that leaves the era probe unanswered', () => {
  // Answers initialize and nothing else, as a 2025 server may treat a method it does not know.
  const SILENT = `require('node:readline').createInterface({ input: process.stdin }).on('line', (line) => {
    const m = JSON.parse(line);
    if (m.method !== 'initialize') return;
    const result = { protocolVersion: m.params.protocolVersion, capabilities: {}, serverInfo: { name: 'silent-2025', version: '1.0.0' } };
    process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: m.id, result }) + '\\n');
  });`;

  it('is answered for by the relay after its deadline, as a 2025 server, and connected to with initialize', async () => {
    // The child never answers the probe, so the deadline is what is tested, not the machine's speed.
    const relay = await startRelay({
      target: { kind: 'stdio', command: process.execPath, args: ['-e', SILENT] },
      allowedOrigins: [],
      log: (line) => logLines.push(line),
      stdioProbeTimeoutMs: 500,
    });
    try {
      harness = createHarness();
      const summary = await harness.engine.call('connect', connectParams(relay, 'auto'));
      expect(summary).toMatchObject({
        era: 'legacy',
        server: { name: 'silent-2025' },
        eraReason: expect.stringContaining(
          'The local relay, not the server, answered server/discover: The stdio server this relay runs did not answer',
        ),
      });
      await harness.engine.call('disconnect', undefined);
    } finally {
      await relay.close();
    }
  });
});

describe('a stdio server that speaks both eras, through the relay', () => {
  let relay: RunningRelay;
  beforeAll(async () => {
    relay = await relayFor();
  });
  afterAll(async () => {
    await relay.close();
  });

  it('keeps a conversation opened with initialize in 2025, and says the relay, not the server, is why', async () => {
    harness = createHarness();
    const legacy = await harness.engine.call('connect', connectParams(relay, 'legacy'));
    expect(legacy.era).toBe('legacy');
    expect(textOf(await harness.engine.call('callTool', { name: 'whoami', arguments: {} }))).toContain('"era":"legacy"');
    await harness.engine.call('disconnect', undefined);

    harness = createHarness();
    const auto = await harness.engine.call('connect', connectParams(relay, 'auto'));
    expect(auto).toMatchObject({
      era: 'legacy',
      eraReason: expect.stringContaining(
        'The local relay, not the server, answered server/discover: The stdio server this relay runs is in a 2025-11-25 session',
      ),
    });
    await harness.engine.call('disconnect', undefined);

    harness = createHarness();
    const pinned = await harness.engine.call('connect', connectParams(relay, 'modern')).catch((error: unknown) => error);
    expect(pinned).toMatchObject({
      code: 'unsupported-version',
      message: expect.stringContaining('Pinned to 2026-07-28, but the local relay, not the server, answered server/discover'),
    });
    expect((pinned as { message: string }).message).not.toContain('did not offer');

    const probe = await post(relay, { id: 'probe-9', method: 'server/discover' });
    expect(probe.status).toBe(400);
    expect(await probe.json()).toMatchObject({ id: 'probe-9', error: { data: { [RELAY_ERA_DATA_KEY]: 'in-2025-session' } } });
  });
});
