/**
 * The console of a stdio server run by the relay (src/node/relay/stdio-console.ts): a real child that writes to
 * stderr and exits with code 3. Its lines reach `GET /relay/console` bounded, its exit is reported with its
 * code, the relay stays up, and `POST /relay/restart` starts the same command again.
 */
import { fileURLToPath } from 'node:url';

import { afterAll, afterEach, describe, expect, it } from 'vitest';

import { startRelay, type RunningRelay } from '../node/relay/relay.ts';
import { RELAY_TOKEN_HEADER } from '../shared/relay.ts';
import {
  RELAY_CONSOLE_PATH,
  RELAY_RESTART_PATH,
  readConsoleEvent,
  type ProcessExit,
  type RelayConsoleEvent,
} from '../shared/relay-console.ts';
import { createHarness } from './support/engine-harness.ts';
import { waitFor } from './support/wait-for.ts';

const FIXTURE = fileURLToPath(new URL('./servers/stdio-console-fixture.ts', import.meta.url));
const logLines: string[] = [];
const exits: Array<{ exit: ProcessExit; lastLine: string | undefined }> = [];
const relays: RunningRelay[] = [];

async function relayForFixture(): Promise<RunningRelay> {
  const relay = await startRelay({
    target: { kind: 'stdio', command: process.execPath, args: ['--import', 'tsx', FIXTURE] },
    allowedOrigins: ['http://localhost:5173'],
    log: (line) => logLines.push(line),
    onTargetExit: (exit, lastLine) => exits.push({ exit, lastLine }),
    stdioProbeTimeoutMs: 120_000,
  });
  relays.push(relay);
  return relay;
}

const at = (relay: RunningRelay, path: string) => new URL(path, relay.url).href;

/** Follows the console stream, collecting its events, until `stop()`. */
function follow(relay: RunningRelay, lastEventId?: string) {
  const events: RelayConsoleEvent[] = [];
  const controller = new AbortController();
  const done = (async () => {
    const response = await fetch(at(relay, RELAY_CONSOLE_PATH), {
      headers: { [RELAY_TOKEN_HEADER]: relay.token, ...(lastEventId !== undefined && { 'Last-Event-ID': lastEventId }) },
      signal: controller.signal,
    });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value;
      const blocks = buffer.split('\n\n');
      buffer = blocks.pop() ?? '';
      for (const block of blocks) {
        const data = block.split('\n').find((line) => line.startsWith('data: '));
        const event = data && readConsoleEvent(JSON.parse(data.slice(6)));
        if (event) events.push(event);
      }
    }
  })().catch((error: unknown) => {
    if (!controller.signal.aborted) throw error;
  });
  return { events, lines: () => events.flatMap((e) => (e.kind === 'line' ? [e.text] : [])), stop: () => controller.abort(), done };
}

/** A 2025 session with the child, by hand: what the app's engine does, without it. */
async function callTool(relay: RunningRelay, name: string, args: Record<string, unknown>): Promise<Response> {
  const headers = {
    'Content-Type': 'application/json',
    Accept: 'application/json, text/event-stream',
    [RELAY_TOKEN_HEADER]: relay.token,
  };
  const init = await fetch(relay.url, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'console-test', version: '1' } },
    }),
  });
  await init.text();
  const session = { ...headers, 'Mcp-Session-Id': init.headers.get('mcp-session-id') ?? '', 'MCP-Protocol-Version': '2025-11-25' };
  await (
    await fetch(relay.url, {
      method: 'POST',
      headers: session,
      body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
    })
  ).text();
  return fetch(relay.url, {
    method: 'POST',
    headers: session,
    body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name, arguments: args } }),
  });
}

afterEach(() => {
  exits.length = 0;
});
afterAll(async () => {
  await Promise.all(relays.map((relay) => relay.close()));
  // The token is printed once at start, by run-relay.ts, never in the log.
  expect(logLines.join('\n')).not.toMatch(/[A-Za-z0-9_-]{43}/);
});

describe('the console of a stdio server through the relay', () => {
  it('streams its stderr lines, reports its exit with code 3 and stays up, and Restart starts it again', async () => {
    const relay = await relayForFixture();
    const stream = follow(relay);
    await waitFor(() => stream.lines().some((line) => line.startsWith('console fixture started')), 'the start line');
    expect(stream.events[0]).toMatchObject({ kind: 'state', generation: 1 });
    expect(stream.events[1]).toMatchObject({ kind: 'start', generation: 1 });

    await (await callTool(relay, 'crash', { code: 3 })).text().catch(() => '');
    await waitFor(() => stream.events.some((e) => e.kind === 'exit'), 'the exit event');
    expect(stream.events.find((e) => e.kind === 'exit')).toMatchObject({ kind: 'exit', generation: 1, code: 3, signal: null });
    expect(stream.lines().at(-1)).toBe('fatal: the crash tool was called, exiting');
    await waitFor(() => exits.length === 1, 'the relay told of the exit');
    expect(exits[0]).toEqual({ exit: { code: 3, signal: null }, lastLine: 'fatal: the crash tool was called, exiting' });

    // The relay is still up, and says why it cannot answer.
    const down = await fetch(relay.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', [RELAY_TOKEN_HEADER]: relay.token },
      body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'initialize', params: {} }),
    });
    expect(down.status).toBe(503);
    expect(await down.json()).toMatchObject({ id: 9, error: { message: expect.stringContaining('exited with code 3') } });

    const restart = await fetch(at(relay, RELAY_RESTART_PATH), { method: 'POST', headers: { [RELAY_TOKEN_HEADER]: relay.token } });
    expect(restart.status).toBe(204);
    await waitFor(() => stream.events.some((e) => e.kind === 'start' && e.generation === 2), 'the second start');
    const said = await callTool(relay, 'say', { lines: ['back again'] });
    expect(await said.text()).toContain('wrote 1 lines');
    await waitFor(() => stream.lines().includes('back again'), 'a line from the restarted child');
    expect(exits).toHaveLength(1);
    stream.stop();
    await stream.done;

    // A client that reconnects with Last-Event-ID gets only what it missed.
    const last = stream.events.at(-1)!.seq;
    const run = stream.events[0]?.kind === 'state' ? stream.events[0].run : '';
    await (await callTool(relay, 'say', { lines: ['after the reconnect'] })).text();
    const again = follow(relay, `${run}:${last}`);
    await waitFor(() => again.lines().includes('after the reconnect'), 'the missed line');
    expect(again.events[0]).toMatchObject({ kind: 'state', generation: 2, run });
    expect(again.events.slice(1).every((e) => e.seq > last)).toBe(true);
    // A cursor from another run of the relay is not this one's: everything is replayed.
    const other = follow(relay, `another-run:${last}`);
    await waitFor(() => other.lines().includes('after the reconnect'), 'the whole ring');
    expect(other.lines()[0]).toMatch(/^console fixture started/);
    other.stop();
    await other.done;
    again.stop();
    await again.done;
  });

  it('keeps a bounded ring and says how many lines a late reader missed', async () => {
    const relay = await relayForFixture();
    const lines = Array.from({ length: 2500 }, (_, i) => `line ${i + 1} ${'x'.repeat(i === 2499 ? 10_000 : 0)}`);
    expect(await (await callTool(relay, 'say', { lines })).text()).toContain('wrote 2500 lines');
    // The answer can come before the relay has read every line from the pipe: wait for the last one first.
    const first = follow(relay);
    await waitFor(() => first.lines().some((line) => line.startsWith('line 2500 ')), 'the last line');
    first.stop();
    await first.done;
    const stream = follow(relay);
    await waitFor(() => stream.lines().some((line) => line.startsWith('line 2500 ')), 'the last line again');
    const dropped = stream.events[1];
    expect(dropped).toMatchObject({ kind: 'dropped' });
    const kept = stream.events.slice(2);
    expect(kept).toHaveLength(2000);
    expect(dropped?.kind === 'dropped' && dropped.count + kept.length).toBe(kept.at(-1)!.seq);
    expect(stream.lines().at(-1)).toMatch(/^line 2500 x+… \(\d+ more characters\)$/);
    stream.stop();
    await stream.done;
  });

  it('answers the console and restart only past the front door, with the right methods', async () => {
    const relay = await relayForFixture();
    expect((await fetch(at(relay, RELAY_CONSOLE_PATH))).status).toBe(403);
    expect((await fetch(at(relay, RELAY_RESTART_PATH), { method: 'POST', headers: { Origin: 'https://evil.example' } })).status).toBe(403);
    expect((await fetch(at(relay, `${RELAY_CONSOLE_PATH}?after=1`), { headers: { [RELAY_TOKEN_HEADER]: relay.token } })).status).toBe(404);
    expect((await fetch(at(relay, RELAY_RESTART_PATH), { headers: { [RELAY_TOKEN_HEADER]: relay.token } })).status).toBe(405);
  });

  it('through the engine: lines masked, the connection ended by the exit with its last line, and back after Restart', async () => {
    const relay = await relayForFixture();
    const harness = createHarness();
    const params = {
      url: relay.url,
      headers: [{ name: RELAY_TOKEN_HEADER, value: relay.token }],
      transport: 'auto' as const,
      era: 'legacy' as const,
      requestTimeoutMs: 120_000,
    };
    const consoleLines = () => harness.events.flatMap((e) => (e.type === 'console' && e.event.kind === 'line' ? [e.event.text] : []));
    await harness.engine.call('connect', params);
    await waitFor(() => consoleLines().some((line) => line.startsWith('loaded config')), 'the console through the engine');
    expect(consoleLines()).toContain('loaded config: API_KEY=••••');
    expect(JSON.stringify(harness.events)).not.toContain('sk-console-fixture-secret');

    await harness.engine.call('callTool', { name: 'crash', arguments: { code: 3 } }).catch(() => undefined);
    const ended = () => harness.events.find((e) => e.type === 'connection' && e.phase === 'disconnected' && e.error);
    await waitFor(() => ended() !== undefined, 'the connection ended by the exit');
    expect(ended()).toMatchObject({
      error: {
        message:
          'The server process exited with code 3. Its last line: "fatal: the crash tool was called, exiting". Restart starts it again.',
      },
    });

    await harness.engine.call('restartRelayServer', { url: relay.url, headers: params.headers });
    const summary = await harness.engine.call('connect', params);
    expect(summary.server.name).toBe('stdio-console-fixture');
    await waitFor(
      () => harness.events.some((e) => e.type === 'console' && e.event.kind === 'start' && e.event.generation === 2),
      'the second start',
    );
    // Each line once, though the new session's stream opened after the old one's.
    const starts = consoleLines().filter((line) => line.startsWith('console fixture started'));
    await waitFor(() => consoleLines().filter((line) => line.startsWith('console fixture started')).length === 2, 'both starts');
    expect(new Set(starts).size).toBe(starts.length);
    await harness.engine.call('disconnect', undefined);
  });
});
