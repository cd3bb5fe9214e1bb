/**
 * The host's end of an app's channel (issue 25, class 4): an app's messages are counted and queued on arrival
 * and handled later in short slices, so the engine's answers never wait behind them. The clock and the
 * scheduler are the test's: a slice is one call of the work it was handed.
 */
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { AppTransport, estimateBytes, SLICE_MS, type MessageSource } from './app-transport.ts';
import { createAppBudget, type OverBudget } from './app-budget.ts';

function harness(options: { perSecond?: number; bytesPerSecond?: number; costMs?: number } = {}) {
  let clock = 0;
  const tasks: Array<() => void> = [];
  let listener: ((event: MessageEvent) => void) | undefined;
  const host: MessageSource = {
    addEventListener: (_type, l) => (listener = l),
    removeEventListener: (_type, l) => {
      if (listener === l) listener = undefined;
    },
  };
  const sent: unknown[] = [];
  const frame = { postMessage: (message: unknown) => sent.push(message) };
  const over: OverBudget[] = [];
  const transport = new AppTransport({
    frame,
    host,
    now: () => clock,
    later: (work) => tasks.push(work),
    onOverBudget: (what) => over.push(what),
    budget: createAppBudget(options.perSecond ?? 120, options.bytesPerSecond ?? 8 * 1024 * 1024),
  });
  const handled: JSONRPCMessage[] = [];
  transport.onmessage = (message) => {
    handled.push(message);
    clock += options.costMs ?? 0; // what handling one message costs the page
  };
  return {
    transport,
    handled,
    tasks,
    sent,
    over,
    /** The app's frame posts `data`; `from` another window is not the app. */
    post(data: unknown, from: unknown = frame) {
      listener?.({ source: from, data } as MessageEvent);
    },
    advance(ms: number) {
      clock += ms;
    },
    /** Runs the tasks scheduled so far, as the browser would, one task each. */
    runTask() {
      tasks.shift()?.();
    },
    listening: () => listener !== undefined,
  };
}

const note = (n: number) => ({ jsonrpc: '2.0' as const, method: 'notifications/message', params: { level: 'info', data: `m${n}` } });
const size = (height: number) => ({ jsonrpc: '2.0' as const, method: 'ui/notifications/size-changed', params: { height } });
const data = (message: JSONRPCMessage) => (message as { params?: { data?: unknown; height?: unknown } }).params;

describe("the host's end of an app's channel", () => {
  it('handles nothing on arrival: the app’s messages wait for a later task, in the order they came', async () => {
    const h = harness();
    await h.transport.start();
    for (let n = 0; n < 5; n++) h.post(note(n));
    expect(h.handled).toHaveLength(0);
    expect(h.tasks).toHaveLength(1); // one task for the batch, not one per message
    h.runTask();
    expect(h.handled.map((m) => data(m)?.data)).toEqual(['m0', 'm1', 'm2', 'm3', 'm4']);
  });

  it('works the queue off in slices of a few milliseconds, one task each, so other tasks run in between', async () => {
    const h = harness({ costMs: 1 });
    await h.transport.start();
    for (let n = 0; n < 10; n++) h.post(note(n));
    h.runTask();
    expect(h.handled).toHaveLength(SLICE_MS);
    expect(h.tasks).toHaveLength(1); // the rest is scheduled, not run now
    h.runTask();
    h.runTask();
    expect(h.handled.map((m) => data(m)?.data)).toEqual(Array.from({ length: 10 }, (_, n) => `m${n}`));
    expect(h.tasks).toHaveLength(0);
  });

  it('ignores messages from any window but the app’s frame', async () => {
    const h = harness();
    await h.transport.start();
    h.post(note(1), {});
    expect(h.tasks).toHaveLength(0);
  });

  it('pauses an app past its message budget, says so once, and drops what it queued and sends later unread', async () => {
    const h = harness({ perSecond: 10 });
    await h.transport.start();
    for (let n = 0; n < 10; n++) h.post(note(n));
    expect(h.over).toEqual([]);
    h.post(note(10));
    expect(h.over).toEqual(['messages']);
    h.advance(60_000);
    h.post(note(11));
    h.runTask();
    expect(h.handled).toHaveLength(0);
    expect(h.over).toEqual(['messages']);
  });

  it('lets an app that stays under its budget run on: 9 messages a second for a minute', async () => {
    const h = harness({ perSecond: 10 });
    await h.transport.start();
    for (let n = 0; n < 540; n++) {
      h.post(note(n));
      h.advance(1000 / 9);
      h.runTask();
    }
    expect(h.over).toEqual([]);
    expect(h.handled).toHaveLength(540);
  });

  it('counts bytes too: an app posting large messages is paused and named for its bytes', async () => {
    const h = harness({ bytesPerSecond: 100_000 });
    await h.transport.start();
    const big = { ...note(0), params: { level: 'info', data: 'y'.repeat(30_000) } };
    for (let n = 0; n < 3; n++) h.post(big);
    expect(h.over).toEqual([]);
    h.post(big);
    expect(h.over).toEqual(['bytes']);
    h.runTask();
    expect(h.handled).toHaveLength(0);
  });

  it('coalesces size changes: a queued one is replaced by the newest, in its place', async () => {
    const h = harness();
    await h.transport.start();
    h.post(size(100));
    h.post(note(1));
    for (let height = 101; height <= 150; height++) h.post(size(height));
    h.post(note(2));
    h.runTask();
    expect(h.handled.map((m) => data(m)?.height ?? data(m)?.data)).toEqual([150, 'm1', 'm2']);
    // Once handled, the next size change is queued anew.
    h.post(size(200));
    h.runTask();
    expect(data(h.handled.at(-1)!)?.height).toBe(200);
  });

  it('reports a JSON-RPC message that does not validate, and skips what is not JSON-RPC at all', async () => {
    const h = harness();
    const errors: string[] = [];
    h.transport.onerror = (error) => errors.push(error.message);
    await h.transport.start();
    h.post({ jsonrpc: '2.0', nonsense: true });
    h.post('a string');
    h.post(note(1));
    h.runTask();
    expect(errors).toEqual(['The app sent a JSON-RPC message that is not valid; it was ignored.']);
    expect(h.handled).toHaveLength(1);
  });

  it('sends to the frame, and after close neither sends nor listens nor handles what was queued', async () => {
    const h = harness();
    let closed = 0;
    h.transport.onclose = () => (closed += 1);
    await h.transport.start();
    await h.transport.send(note(1));
    expect(h.sent).toEqual([note(1)]);
    h.post(note(2));
    await h.transport.close();
    await h.transport.close();
    h.runTask();
    await h.transport.send(note(3));
    expect(h.handled).toHaveLength(0);
    expect(h.sent).toHaveLength(1);
    expect(h.listening()).toBe(false);
    expect(closed).toBe(1);
  });
});

describe('the estimate of a message’s bytes', () => {
  it('is about its JSON length', () => {
    const message = { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'x'.repeat(1000), n: [1, 2, 3] } };
    const json = JSON.stringify(message).length;
    const estimate = estimateBytes(message, Infinity);
    expect(estimate).toBeGreaterThan(json * 0.8);
    expect(estimate).toBeLessThan(json * 1.5);
  });

  it('stops once past the limit, so a message of millions of values is not walked whole', () => {
    expect(estimateBytes(new Array(500_000).fill(0), 1000)).toBeGreaterThan(1000);
    const wide: Record<string, number> = {};
    for (let i = 0; i < 100_000; i++) wide[`k${i}`] = i;
    expect(estimateBytes(wide, 1000)).toBeLessThan(2000);
  });
});
