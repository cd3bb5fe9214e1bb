/**
 * The whole pipe in Node: the UI-side EngineClient ↔ a real MessageChannel ↔ serveEngine ↔ the engine ↔ the
 * demo server on loopback. What crosses must survive structured cloning, and cancellation must reach the
 * server as notifications/cancelled.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineClient, type EngineClient } from '../bridge/index.ts';
import { createEngine } from '../engine/engine.ts';
import { realClock } from '../engine/clock.ts';
import { serveEngine } from '../engine/serve.ts';
import { startDemoServer, type RunningDemoServer } from '../node/demo-server/index.ts';
import type { Endpoint } from '../shared/boundary.ts';
import type { EngineEvent, MessageEntry } from '../shared/events.ts';

let demo: RunningDemoServer;
let channel: MessageChannel;
let client: EngineClient;
const received: EngineEvent[] = [];

beforeAll(async () => {
  demo = await startDemoServer({ port: 0 });
  channel = new MessageChannel();
  serveEngine(
    channel.port2 as unknown as Endpoint,
    (emit) => createEngine({ fetch: (i, init) => fetch(i, init), clock: realClock, emit }),
    realClock,
  );
  client = createEngineClient(channel.port1 as unknown as Endpoint, { schedule: (flush) => queueMicrotask(flush) });
  client.subscribe((events) => received.push(...events));
});
afterAll(async () => {
  client.dispose();
  channel.port1.close();
  channel.port2.close();
  await demo.close();
});

const messages = () => received.flatMap((e): MessageEntry[] => (e.type === 'message' ? [e.entry] : []));

describe('worker boundary', () => {
  it('carries calls, results and batched events as plain data', async () => {
    const summary = await client.call('connect', { url: demo.url, headers: [], transport: 'auto', era: 'legacy' });
    expect(summary.server.title).toBe('MCP Lens Demo Server');
    // Events posted before the result are delivered before the promise settles.
    expect(received.some((e) => e.type === 'connection' && e.phase === 'connected')).toBe(true);
    expect(messages().some((m) => m.method === 'notifications/initialized')).toBe(true);
    const { tools } = await client.call('listTools', undefined);
    expect(tools.length).toBeGreaterThan(3);
  });

  it('turns an aborted call into notifications/cancelled and marks the late answer', async () => {
    const controller = new AbortController();
    const call = client.call('callTool', { name: 'long-running-task', arguments: { steps: 3, stepMs: 300 } }, controller.signal);
    // Cancel once the request is on the wire, so there is something for the server to stop.
    await expect.poll(() => messages().some((m) => m.direction === 'out' && m.method === 'tools/call')).toBe(true);
    controller.abort();
    await expect(call).rejects.toMatchObject({ code: 'cancelled' });
    await expect.poll(() => messages().some((m) => m.direction === 'out' && m.method === 'notifications/cancelled')).toBe(true);
    const cancelled = messages().find((m) => m.method === 'notifications/cancelled')!.message as { params: { requestId: number } };
    const request = messages().find((m) => m.method === 'tools/call' && m.rpcId === cancelled.params.requestId);
    expect(request).toBeDefined();
  });

  it('fetches a data: icon into a Blob the UI can show', async () => {
    const summary = await client.call('connect', { url: demo.url, headers: [], transport: 'auto', era: 'legacy' });
    const icon = summary.server.icons[0];
    expect(icon).toBeDefined();
    const result = await client.call('fetchIcon', { src: icon!.src });
    expect(result).toMatchObject({ ok: true, mimeType: expect.stringMatching(/^image\//) });
    const refused = await client.call('fetchIcon', { src: 'javascript:alert(1)' });
    expect(refused.ok).toBe(false);
  });
});
