import { describe, expect, it } from 'vitest';
import type { EngineEvent, MessageEntry } from '../../shared/events.ts';
import { matchesFilter } from './log-filter.ts';
import { createLogStore, requestMethodOf, type LogItem } from './log-store.ts';

let seq = 0;
function message(partial: { [K in keyof MessageEntry]?: MessageEntry[K] | undefined } = {}): EngineEvent {
  seq += 1;
  return {
    type: 'message',
    entry: {
      seq,
      time: 1_700_000_000_000 + seq,
      direction: 'out',
      kind: 'request',
      method: 'tools/list',
      rpcId: seq,
      ...partial,
    } as MessageEntry,
  };
}
const notification = (method: string) => message({ direction: 'in', kind: 'notification', method, rpcId: undefined });

describe('log store', () => {
  it('appends a batch in one set()', () => {
    const store = createLogStore();
    let sets = 0;
    store.subscribe(() => (sets += 1));
    store.getState().actions.appendEvents([message(), notification('notifications/message'), message()]);
    expect(sets).toBe(1);
    expect(store.getState().ids).toHaveLength(3);
    expect(store.getState().notificationIds).toHaveLength(1);
  });

  it('ignores batches with nothing to log', () => {
    const store = createLogStore();
    let sets = 0;
    store.subscribe(() => (sets += 1));
    store.getState().actions.appendEvents([{ type: 'connection', phase: 'connecting' }]);
    expect(sets).toBe(0);
  });

  it('keeps engine notes as log items', () => {
    const store = createLogStore();
    store.getState().actions.appendEvents([{ type: 'note', time: 5, level: 'warning', text: 'Falling back to SSE' }]);
    const id = store.getState().ids.at(0);
    expect(store.getState().byId.get(id!)).toMatchObject({ type: 'note', level: 'warning', text: 'Falling back to SSE' });
  });

  it('draws a line for each new connection in the log, and on the timeline only below traffic it separates', () => {
    const store = createLogStore();
    const boundary = (url: string): EngineEvent => ({
      type: 'note',
      time: 1,
      level: 'info',
      text: `New connection to ${url}`,
      boundary: true,
    });
    const timeline = () =>
      store
        .getState()
        .notificationIds.toArray()
        .map((id) => store.getState().byId.get(id));
    store.getState().actions.appendEvents([boundary('http://a.test/mcp'), message()]);
    expect(timeline()).toEqual([]);
    store.getState().actions.appendEvents([notification('notifications/message'), boundary('http://b.test/mcp')]);
    store.getState().actions.appendEvents([boundary('http://c.test/mcp'), notification('notifications/tools/list_changed')]);
    expect(timeline().map((item) => (item?.type === 'note' ? item.text : item?.entry.method))).toEqual([
      'notifications/message',
      'New connection to http://b.test/mcp',
      'notifications/tools/list_changed',
    ]);
    expect(store.getState().ids).toHaveLength(6);
  });

  it('evicts the oldest entries past retention and counts them', () => {
    const store = createLogStore({ retention: 3 });
    const { appendEvents } = store.getState().actions;
    appendEvents([notification('notifications/a'), message(), message()]);
    expect(store.getState().evicted).toBe(0);
    appendEvents([message(), notification('notifications/b')]);
    const state = store.getState();
    expect(state.ids).toHaveLength(3);
    expect(state.evicted).toBe(2);
    expect(state.byId.size).toBe(3);
    // The evicted notification left the timeline too; the kept one is still there.
    expect(state.notificationIds.toArray().map((id) => (state.byId.get(id) as Extract<LogItem, { type: 'message' }>).entry.method)).toEqual(
      ['notifications/b'],
    );
  });

  it('counts a batch larger than retention', () => {
    const store = createLogStore({ retention: 2 });
    store.getState().actions.appendEvents([message(), message(), message(), message(), message()]);
    expect(store.getState().ids).toHaveLength(2);
    expect(store.getState().evicted).toBe(3);
  });

  it('clears the selection when the selected entry is evicted', () => {
    const store = createLogStore({ retention: 2 });
    const { appendEvents, select } = store.getState().actions;
    appendEvents([message(), message()]);
    select(store.getState().ids.at(0)!);
    appendEvents([message()]);
    expect(store.getState().selectedId).toBeNull();
  });

  it('replaces a re-sent entry instead of duplicating it', () => {
    const store = createLogStore();
    const event = message({ kind: 'response' });
    store.getState().actions.appendEvents([event]);
    if (event.type !== 'message') throw new Error();
    store.getState().actions.appendEvents([{ type: 'message', entry: { ...event.entry, late: true } }]);
    const state = store.getState();
    expect(state.ids).toHaveLength(1);
    expect(state.byId.get(state.ids.at(0)!)).toMatchObject({ entry: { late: true } });
  });

  it('keeps the actions object stable', () => {
    const store = createLogStore();
    const before = store.getState().actions;
    store.getState().actions.appendEvents([message()]);
    store.getState().actions.setFilter('x');
    expect(store.getState().actions).toBe(before);
  });
});

describe('matchesFilter', () => {
  const item = (event: EngineEvent): LogItem => {
    const store = createLogStore();
    store.getState().actions.appendEvents([event]);
    const state = store.getState();
    return state.byId.get(state.ids.at(0)!)!;
  };
  const call = item(
    message({ method: 'tools/call', rpcId: 42, message: { jsonrpc: '2.0', id: 42, method: 'tools/call', params: { name: 'Echo' } } }),
  );

  it('matches everything for an empty filter', () => {
    expect(matchesFilter(call, '')).toBe(true);
    expect(matchesFilter(call, '   ')).toBe(true);
  });
  it('matches method, id, direction, kind and JSON text, case-insensitively', () => {
    expect(matchesFilter(call, 'tools/call')).toBe(true);
    expect(matchesFilter(call, '42')).toBe(true);
    expect(matchesFilter(call, 'out')).toBe(true);
    expect(matchesFilter(call, 'REQUEST')).toBe(true);
    expect(matchesFilter(call, 'echo')).toBe(true);
    expect(matchesFilter(call, 'notification')).toBe(false);
  });
  it('finds the audit’s probes by "audit probe" and their check id', () => {
    const probe = item(message({ method: 'initialize', origin: { feature: 'audit', id: 'dns-rebinding-protection', probe: true } }));
    expect(matchesFilter(probe, 'audit probe')).toBe(true);
    expect(matchesFilter(probe, 'dns-rebinding')).toBe(true);
    expect(matchesFilter(call, 'audit probe')).toBe(false);
  });
  it('requires every term', () => {
    expect(matchesFilter(call, 'request echo')).toBe(true);
    expect(matchesFilter(call, 'request nope')).toBe(false);
  });
  it('searches the raw text of invalid entries and notes', () => {
    const invalid = item(message({ kind: 'invalid', direction: 'in', method: undefined, raw: '{oops', parseError: 'Unexpected token' }));
    expect(matchesFilter(invalid, 'oops')).toBe(true);
    expect(matchesFilter(invalid, 'unexpected')).toBe(true);
    const note = item({ type: 'note', time: 1, level: 'warning', text: 'Stream closed' });
    expect(matchesFilter(note, 'stream closed')).toBe(true);
    expect(matchesFilter(note, 'warning')).toBe(true);
  });
});

describe('requestMethodOf', () => {
  it('finds the method of the request a response answers', () => {
    const store = createLogStore();
    const request = message({ method: 'tools/call', rpcId: 9 });
    if (request.type !== 'message') throw new Error();
    store
      .getState()
      .actions.appendEvents([
        request,
        message({ kind: 'response', direction: 'in', method: undefined, rpcId: 9, requestSeq: request.entry.seq }),
      ]);
    const { byId, ids } = store.getState();
    const response = byId.get(ids.at(1)!);
    expect(requestMethodOf(byId, response)).toBe('tools/call');
    expect(requestMethodOf(byId, byId.get(ids.at(0)!))).toBeUndefined();
    expect(matchesFilter(response!, 'tools/call', requestMethodOf(byId, response))).toBe(true);
  });
});

describe('loading a saved log in slices', () => {
  it('ends the same as loading it whole, retention and eviction count included', () => {
    const source = createLogStore();
    source
      .getState()
      .actions.appendEvents([...Array.from({ length: 7 }, () => message({})), { type: 'note', time: 1, level: 'info', text: 'a note' }]);
    const saved = source
      .getState()
      .ids.toArray()
      .map((id) => source.getState().byId.get(id)!);

    const whole = createLogStore({ retention: 5 });
    whole.getState().actions.load(saved, 3);
    const sliced = createLogStore({ retention: 5 });
    sliced.getState().actions.load(saved.slice(0, 2), 3);
    sliced.getState().actions.loadMore(saved.slice(2, 5));
    sliced.getState().actions.loadMore(saved.slice(5));

    expect(sliced.getState().ids.toArray()).toEqual(whole.getState().ids.toArray());
    expect(sliced.getState().evicted).toBe(whole.getState().evicted);
    expect(sliced.getState().evicted).toBe(6); // 3 evicted before the save, 3 on loading 8 into 5
    // A note added after loading does not reuse a saved note's id.
    sliced.getState().actions.appendEvents([{ type: 'note', time: 2, level: 'info', text: 'later' }]);
    expect(new Set(sliced.getState().ids.toArray()).size).toBe(5);
  });
});

describe('class 14: the log holds a byte budget as well as a count', () => {
  it('evicts the oldest entries once their measured size passes the budget, and counts them', () => {
    const store = createLogStore({ sizeBudget: 10_000 });
    const big = (seq: number) => ({
      type: 'message' as const,
      entry: { seq, time: seq, direction: 'in' as const, kind: 'notification' as const, method: 'notifications/message', size: 3_000 },
    });
    store.getState().actions.appendEvents([1, 2, 3, 4, 5].map(big));
    const state = store.getState();
    expect(state.ids.length).toBe(3);
    expect(state.evicted).toBe(2);
    expect(state.size).toBeLessThanOrEqual(10_000);
    expect(state.byId.has('m1')).toBe(false);
    // A cut notification counts for what it keeps, not for what it was.
    store.getState().actions.appendEvents([{ ...big(6), entry: { ...big(6).entry, size: 5_000_000, cut: true as const } }]);
    expect(store.getState().byId.has('m6')).toBe(true);
  });
});
