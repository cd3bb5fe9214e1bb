import { describe, expect, it } from 'vitest';
import type { EngineEvent, HttpExchange, MessageEntry } from '../shared/events.ts';
import { toHar } from './http-har.ts';
import { createHttpStore } from './http-store.ts';

const exchange = (seq: number, extra: Partial<HttpExchange> = {}): EngineEvent => ({
  type: 'http',
  exchange: {
    seq,
    time: 1_700_000_000_000,
    method: 'POST',
    url: 'http://127.0.0.1:1/mcp?x=1',
    requestHeaders: [['authorization', 'Bearer •••• (20 chars)']],
    durationMs: 5,
    ...extra,
  },
});
const message = (seq: number, httpSeq: number, direction: 'in' | 'out'): MessageEntry => ({
  seq,
  time: 1,
  direction,
  kind: direction === 'out' ? 'request' : 'response',
  httpSeq,
  message: { jsonrpc: '2.0', id: 1, ...(direction === 'out' ? { method: 'ping' } : { result: {} }) },
});

describe('http store', () => {
  it('keeps the latest report of an exchange and indexes the messages it carried', () => {
    const store = createHttpStore();
    store.getState().actions.appendEvents([exchange(1), { type: 'message', entry: message(2, 1, 'out') }]);
    store.getState().actions.appendEvents([exchange(1, { status: 200, endedMs: 9 }), { type: 'message', entry: message(3, 1, 'in') }]);
    const state = store.getState();
    expect(state.seqs.toArray()).toEqual([1]);
    expect(state.bySeq.get(1)).toMatchObject({ status: 200, endedMs: 9 });
    expect(state.carried.get(1)).toEqual([2, 3]);
  });

  it('evicts past retention, counts it, and forgets the evicted links', () => {
    const store = createHttpStore({ retention: 2 });
    store.getState().actions.appendEvents([exchange(1), { type: 'message', entry: message(9, 1, 'out') }, exchange(2), exchange(3)]);
    const state = store.getState();
    expect(state.seqs.toArray()).toEqual([2, 3]);
    expect(state.evicted).toBe(1);
    expect(state.carried.has(1)).toBe(false);
  });

  it('exports HAR 1.2 with bodies rebuilt from the carried messages and masked headers only', () => {
    const exchanges = [
      {
        ...(
          exchange(1, {
            status: 200,
            statusText: 'OK',
            responseHeaders: [['content-type', 'application/json']],
            contentType: 'application/json',
            endedMs: 8,
          }) as { exchange: HttpExchange }
        ).exchange,
      },
    ];
    const har = toHar(exchanges, () => [message(2, 1, 'out'), message(3, 1, 'in')]);
    const [entry] = har.log.entries as Array<Record<string, any>>; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(har.log.version).toBe('1.2');
    expect(entry!.request.postData.text).toContain('"method":"ping"');
    expect(entry!.response.content.text).toContain('"result"');
    expect(entry!.request.queryString).toEqual([{ name: 'x', value: '1' }]);
    expect(entry!.timings).toEqual({ send: 0, wait: 5, receive: 3 });
    expect(JSON.stringify(har)).not.toMatch(/Bearer [A-Za-z0-9]{10}/);
    expect(entry!._mcp.messageSeqs).toEqual([2, 3]);
  });
});
