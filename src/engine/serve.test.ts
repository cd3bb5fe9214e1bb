/** serveEngine's event batching on a manual clock: one post per flush interval, and never after the result. */
import { describe, expect, it } from 'vitest';
import type { Endpoint, FromEngine } from '../shared/boundary.ts';
import type { EngineEvent } from '../shared/events.ts';
import { createManualClock } from '../test/support/clocks.ts';
import type { Engine } from './engine.ts';
import { serveEngine } from './serve.ts';

const note = (text: string): EngineEvent => ({ type: 'note', time: 0, level: 'info', text });
const http = (seq: number, durationMs: number): EngineEvent => ({
  type: 'http',
  exchange: { seq, time: 0, method: 'POST', url: 'http://127.0.0.1/mcp', requestHeaders: [], durationMs },
});

function served(call: (emit: (event: EngineEvent) => void) => Engine['call'], warmUp?: (stillIdle: () => boolean) => Promise<unknown>) {
  const clock = createManualClock();
  const posted: FromEngine[] = [];
  let deliver!: (data: unknown) => void;
  const endpoint: Endpoint = {
    postMessage: (message: FromEngine) => posted.push(message),
    addEventListener: (_type: string, listener: (event: MessageEvent) => void) => (deliver = (data) => listener({ data } as MessageEvent)),
    removeEventListener: () => undefined,
  } as unknown as Endpoint;
  let emit!: (event: EngineEvent) => void;
  serveEngine(
    endpoint,
    (sink) => {
      emit = sink;
      return { call: call(sink) } as Engine;
    },
    clock,
    warmUp,
  );
  return { clock, posted, emit: (event: EngineEvent) => emit(event), deliver };
}

describe('serveEngine', () => {
  it('batches events emitted within 16 ms into one post', () => {
    const s = served(() => (() => new Promise(() => undefined)) as Engine['call']);
    s.emit(note('a'));
    s.emit(note('b'));
    expect(s.posted).toEqual([]);
    s.clock.advance(15);
    expect(s.posted).toEqual([]);
    s.clock.advance(1);
    expect(s.posted).toEqual([{ kind: 'events', events: [note('a'), note('b')] }]);
    s.emit(note('c'));
    expect(s.clock.pending()).toEqual([16]);
  });

  it('sends the events emitted before a result with it, without waiting for the timer', async () => {
    const s = served(
      (emit) =>
        (async () => {
          emit(note('working'));
          return 'done';
        }) as unknown as Engine['call'],
    );
    s.deliver({ kind: 'call', id: 1, method: 'ping', params: undefined });
    await new Promise((resolve) => setImmediate(resolve));
    expect(s.posted).toEqual([{ kind: 'result', id: 1, ok: true, value: 'done', events: [note('working')] }]);
    // The result took the buffer and cancelled the timer: nothing wakes the worker later for an empty buffer.
    expect(s.clock.pending()).toEqual([]);
    s.clock.advance(16);
    expect(s.posted).toHaveLength(1);
  });

  it('sends a backlog ahead of a result in batches, and the last batch with it', async () => {
    const s = served(
      (emit) =>
        (async () => {
          for (let i = 0; i < 1_200; i++) emit(note(String(i)));
          throw new Error('refused');
        }) as unknown as Engine['call'],
    );
    s.deliver({ kind: 'call', id: 7, method: 'ping', params: undefined });
    await new Promise((resolve) => setImmediate(resolve));
    expect(s.posted.map((m) => (m.kind === 'events' ? m.events.length : `result ${m.events?.length}`))).toEqual([500, 500, 'result 200']);
    const last = s.posted[2]!;
    expect(last).toMatchObject({ kind: 'result', id: 7, ok: false });
    expect(last.events?.at(-1)).toEqual(note('1199'));
  });

  it('sends a result with no events as the result alone', async () => {
    const s = served(() => (async () => 'quiet') as unknown as Engine['call']);
    s.deliver({ kind: 'call', id: 2, method: 'ping', params: undefined });
    await new Promise((resolve) => setImmediate(resolve));
    expect(s.posted).toEqual([{ kind: 'result', id: 2, ok: true, value: 'quiet' }]);
  });

  it("sends an exchange's latest report once per flush, where its first report was", () => {
    const s = served(() => (() => new Promise(() => undefined)) as Engine['call']);
    s.emit(http(1, 0));
    s.emit(note('between'));
    s.emit(http(2, 0));
    s.emit(http(1, 5));
    s.emit(http(1, 9));
    s.clock.advance(16);
    expect(s.posted).toEqual([{ kind: 'events', events: [http(1, 9), note('between'), http(2, 0)] }]);
    // The next flush starts afresh: a later report of the same exchange is sent again.
    s.emit(http(1, 12));
    s.clock.advance(16);
    expect(s.posted[1]).toEqual({ kind: 'events', events: [http(1, 12)] });
  });

  it("warms up once on the page's word, and stops it when a Connect comes", () => {
    const idle: Array<() => boolean> = [];
    const s = served(
      () => (() => new Promise(() => undefined)) as Engine['call'],
      (stillIdle) => {
        idle.push(stillIdle);
        return Promise.resolve();
      },
    );
    s.deliver({ kind: 'call', id: 1, method: 'configureAuth', params: { redirectUrl: 'http://x.test/cb' } });
    s.deliver({ kind: 'warm' });
    s.deliver({ kind: 'warm' });
    expect(idle).toHaveLength(1);
    expect(idle[0]!()).toBe(true);
    s.deliver({ kind: 'call', id: 2, method: 'connect', params: {} });
    expect(idle[0]!()).toBe(false);
  });

  it('does not warm up once a Connect has come', () => {
    let warmed = 0;
    const s = served(
      () => (() => new Promise(() => undefined)) as Engine['call'],
      () => Promise.resolve(++warmed),
    );
    s.deliver({ kind: 'call', id: 1, method: 'connect', params: {} });
    s.deliver({ kind: 'warm' });
    expect(warmed).toBe(0);
  });
});
