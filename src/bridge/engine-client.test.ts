import { afterEach, describe, expect, it } from 'vitest';
import type { FromEngine, ToEngine } from '../shared/boundary.ts';
import type { EngineEvent } from '../shared/events.ts';
import { createEngineClient } from './engine-client.ts';

/** What the client sends: calls and cancels (`warm` comes from the composition root, not the client). */
type Sent = Extract<ToEngine, { id: number }>;

/** A tiny engine on port2: records what it receives and lets the test answer. */
function harness() {
  const channel = new MessageChannel();
  const received: Sent[] = [];
  const waiters: Array<() => void> = [];
  channel.port2.addEventListener('message', (event: MessageEvent) => {
    received.push(event.data as Sent);
    waiters.splice(0).forEach((wake) => wake());
  });
  channel.port2.start();
  const flushes: Array<() => void> = [];
  const client = createEngineClient(channel.port1, { schedule: (flush) => flushes.push(flush) });
  const send = (message: FromEngine) => channel.port2.postMessage(message);
  const nextReceived = async (count: number) => {
    while (received.length < count) await new Promise<void>((wake) => waiters.push(wake));
    return received[count - 1]!;
  };
  return { channel, client, received, send, nextReceived, flushes };
}

const note = (text: string): EngineEvent => ({ type: 'note', time: 1, level: 'info', text });
const tick = () => new Promise((resolve) => setTimeout(resolve, 10));

let cleanup: Array<() => void> = [];
afterEach(() => {
  cleanup.forEach((fn) => fn());
  cleanup = [];
});

function setup() {
  const h = harness();
  cleanup.push(() => {
    h.client.dispose();
    h.channel.port1.close();
    h.channel.port2.close();
  });
  return h;
}

describe('createEngineClient', () => {
  it('resolves a call with the engine result', async () => {
    const h = setup();
    const result = h.client.call('ping', undefined);
    const message = await h.nextReceived(1);
    expect(message).toEqual({ kind: 'call', id: expect.any(Number), method: 'ping', params: undefined });
    if (message.kind !== 'call') throw new Error('expected a call');
    h.send({ kind: 'result', id: message.id, ok: true, value: { latencyMs: 3 } });
    await expect(result).resolves.toEqual({ latencyMs: 3 });
  });

  it('carries the id of the job making the call, for its request to carry in the log', async () => {
    const h = setup();
    const result = h.client.call('ping', undefined, undefined, 'ping-x-1');
    const message = await h.nextReceived(1);
    expect(message).toEqual({ kind: 'call', id: expect.any(Number), method: 'ping', params: undefined, job: 'ping-x-1' });
    h.send({ kind: 'result', id: message.kind === 'call' ? message.id : -1, ok: true, value: { latencyMs: 1 } });
    await expect(result).resolves.toEqual({ latencyMs: 1 });
  });

  it('rejects a call with the EngineError the engine sent', async () => {
    const h = setup();
    const result = h.client.call('listTools', undefined);
    const message = await h.nextReceived(1);
    const error = { code: 'not-connected', message: 'Connect to a server first.' } as const;
    h.send({ kind: 'result', id: message.id, ok: false, error });
    await expect(result).rejects.toEqual(error);
  });

  it('correlates concurrent calls by id', async () => {
    const h = setup();
    const a = h.client.call('ping', undefined);
    const b = h.client.call('fetchIcon', { src: 'https://example.test/i.png' });
    const first = await h.nextReceived(1);
    const second = await h.nextReceived(2);
    expect(first.id).not.toBe(second.id);
    const settled = Promise.allSettled([a, b]);
    h.send({ kind: 'result', id: second.id, ok: false, error: { code: 'internal', message: 'b' } });
    h.send({ kind: 'result', id: first.id, ok: true, value: { latencyMs: 1 } });
    expect(await settled).toEqual([
      { status: 'fulfilled', value: { latencyMs: 1 } },
      { status: 'rejected', reason: { code: 'internal', message: 'b' } },
    ]);
  });

  it('posts cancel when the signal aborts and rejects with cancelled', async () => {
    const h = setup();
    const controller = new AbortController();
    const result = h.client.call('callTool', { name: 'slow', arguments: {} }, controller.signal);
    const call = await h.nextReceived(1);
    controller.abort();
    await expect(result).rejects.toMatchObject({ code: 'cancelled' });
    expect(await h.nextReceived(2)).toEqual({ kind: 'cancel', id: call.id });
    // A late result for the cancelled call is ignored.
    h.send({ kind: 'result', id: call.id, ok: true, value: {} });
    await tick();
  });

  it('does not post anything for an already-aborted signal', async () => {
    const h = setup();
    const controller = new AbortController();
    controller.abort();
    await expect(h.client.call('ping', undefined, controller.signal)).rejects.toMatchObject({ code: 'cancelled' });
    await tick();
    expect(h.received).toEqual([]);
  });

  it('buffers events and delivers them once per flush', async () => {
    const h = setup();
    const batches: EngineEvent[][] = [];
    h.client.subscribe((events) => batches.push(events));
    h.send({ kind: 'events', events: [note('a'), note('b')] });
    h.send({ kind: 'events', events: [note('c')] });
    await tick();
    expect(batches).toEqual([]);
    expect(h.flushes).toHaveLength(1); // one flush scheduled for both messages
    h.flushes[0]!();
    expect(batches).toEqual([[note('a'), note('b'), note('c')]]);
    h.send({ kind: 'events', events: [note('d')] });
    await tick();
    expect(h.flushes).toHaveLength(2);
    h.flushes[1]!();
    expect(batches).toEqual([[note('a'), note('b'), note('c')], [note('d')]]);
  });

  it('delivers buffered events before resolving the result that followed them', async () => {
    const h = setup();
    const order: string[] = [];
    h.client.subscribe((events) => events.forEach((e) => order.push(e.type === 'note' ? e.text : e.type)));
    const result = h.client.call('ping', undefined).then(() => order.push('result'));
    const call = await h.nextReceived(1);
    h.send({ kind: 'events', events: [note('before')] });
    h.send({ kind: 'result', id: call.id, ok: true, value: { latencyMs: 1 } });
    await result;
    expect(order).toEqual(['before', 'result']);
    h.flushes[0]!(); // the scheduled flush finds nothing left
    expect(order).toEqual(['before', 'result']);
  });

  it('delivers the events a result carries before resolving it, after those already buffered', async () => {
    const h = setup();
    const order: string[] = [];
    h.client.subscribe((events) => events.forEach((e) => order.push(e.type === 'note' ? e.text : e.type)));
    const result = h.client.call('ping', undefined).then(() => order.push('result'));
    const call = await h.nextReceived(1);
    h.send({ kind: 'events', events: [note('earlier')] });
    h.send({ kind: 'result', id: call.id, ok: true, value: { latencyMs: 1 }, events: [note('with it')] });
    await result;
    expect(order).toEqual(['earlier', 'with it', 'result']);
  });

  it('hands a backlog over a few frames and settles a result only after the events before it', async () => {
    const channel = new MessageChannel();
    const flushes: Array<() => void> = [];
    const client = createEngineClient(channel.port1, { schedule: (flush) => flushes.push(flush), maxEventsPerFlush: 2 });
    cleanup.push(() => {
      client.dispose();
      channel.port1.close();
      channel.port2.close();
    });
    const calls: Sent[] = [];
    channel.port2.addEventListener('message', (event: MessageEvent) => calls.push(event.data as Sent));
    channel.port2.start();
    const order: string[] = [];
    client.subscribe((events) => order.push(events.map((e) => (e.type === 'note' ? e.text : e.type)).join('')));
    const result = client.call('ping', undefined).then(() => order.push('result'));
    while (calls.length === 0) await tick();
    channel.port2.postMessage({ kind: 'events', events: ['a', 'b', 'c', 'd', 'e'].map(note) });
    channel.port2.postMessage({ kind: 'result', id: calls[0]!.id, ok: true, value: { latencyMs: 1 } });
    channel.port2.postMessage({ kind: 'events', events: [note('f')] });
    await tick();
    // The result took one slice at once; the rest waits for frames.
    expect(order).toEqual(['ab']);
    flushes.shift()!();
    await tick();
    expect(order).toEqual(['ab', 'cd']); // still waiting behind 'e'
    flushes.shift()!();
    await result;
    // Settled right after 'e' (its callback runs once the flush that also carried 'f' returns).
    expect(order).toEqual(['ab', 'cd', 'e', 'f', 'result']);
    expect(flushes).toHaveLength(0);
  });

  it('stops delivering to an unsubscribed listener', async () => {
    const h = setup();
    const batches: EngineEvent[][] = [];
    const unsubscribe = h.client.subscribe((events) => batches.push(events));
    unsubscribe();
    h.send({ kind: 'events', events: [note('a')] });
    await tick();
    h.flushes[0]?.();
    expect(batches).toEqual([]);
  });

  it('rejects pending calls on dispose', async () => {
    const h = setup();
    const result = h.client.call('ping', undefined);
    await h.nextReceived(1);
    h.client.dispose();
    await expect(result).rejects.toMatchObject({ code: 'internal' });
  });
});
