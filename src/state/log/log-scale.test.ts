import { describe, expect, it } from 'vitest';
import type { EngineEvent } from '../../shared/events.ts';
import { CHUNK_SIZE, ChunkedList } from './log-chunks.ts';
import { filterLog } from './log-filter.ts';
import { createLogStore } from './log-store.ts';

describe('ChunkedList', () => {
  it('appends across chunk boundaries and reads back in order', () => {
    const values = Array.from({ length: CHUNK_SIZE * 2 + 7 }, (_, index) => index);
    let list = ChunkedList.empty<number>();
    for (let start = 0; start < values.length; start += 100) list = list.append(values.slice(start, start + 100));
    expect(list.length).toBe(values.length);
    expect(list.toArray()).toEqual(values);
    expect(list.at(-1)).toBeUndefined();
    expect(list.at(values.length)).toBeUndefined();
  });

  it('never changes an earlier version', () => {
    const first = ChunkedList.from([1, 2, 3]);
    const second = first.append([4]);
    const third = second.dropFront(2);
    expect(first.toArray()).toEqual([1, 2, 3]);
    expect(second.toArray()).toEqual([1, 2, 3, 4]);
    expect(third.toArray()).toEqual([3, 4]);
  });

  it('drops from the front across chunks and counts absolute positions', () => {
    const list = ChunkedList.from(Array.from({ length: CHUNK_SIZE * 3 }, (_, index) => index)).dropFront(CHUNK_SIZE + 5);
    expect(list.length).toBe(CHUNK_SIZE * 2 - 5);
    expect(list.at(0)).toBe(CHUNK_SIZE + 5);
    expect(list.dropped).toBe(CHUNK_SIZE + 5);
    expect(list.absolute(0)).toBe(CHUNK_SIZE + 5);
    expect(list.dropFront(list.length).length).toBe(0);
    expect(list.slice(1, 3)).toEqual([CHUNK_SIZE + 6, CHUNK_SIZE + 7]);
  });
});

let seq = 0;
const notification = (text: string): EngineEvent => {
  seq += 1;
  return {
    type: 'message',
    entry: {
      seq,
      time: seq,
      direction: 'in',
      kind: 'notification',
      method: 'notifications/message',
      message: { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: text } },
    },
  };
};

describe('filterLog', () => {
  it('scans only new entries and forgets evicted ones', () => {
    const store = createLogStore({ retention: 5 });
    const { appendEvents } = store.getState().actions;
    appendEvents([notification('alpha'), notification('beta'), notification('alpha two')]);
    const first = filterLog(store.getState(), 'alpha');
    expect(first.ids).toHaveLength(2);
    appendEvents([notification('alpha three'), notification('gamma'), notification('gamma'), notification('alpha four')]);
    const second = filterLog(store.getState(), 'alpha', first);
    // Two entries were evicted (the first "alpha" and "beta"); three alphas remain.
    expect(second.ids).toEqual(filterLog(store.getState(), 'alpha').ids);
    expect(second.ids).toHaveLength(3);
  });

  it('starts over when the filter or the log generation changes', () => {
    const store = createLogStore();
    store.getState().actions.appendEvents([notification('alpha'), notification('beta')]);
    const first = filterLog(store.getState(), 'alpha');
    expect(filterLog(store.getState(), 'beta', first).ids).toHaveLength(1);
    store.getState().actions.clear();
    store.getState().actions.appendEvents([notification('beta')]);
    expect(filterLog(store.getState(), 'alpha', first).ids).toHaveLength(0);
  });
});

describe('filterLog over the search corpus', () => {
  const texts = (store: ReturnType<typeof createLogStore>, ids: readonly string[]) =>
    ids.map((id) => {
      const item = store.getState().byId.get(id);
      return item?.type === 'message' ? (item.entry.message as { params: { data: string } }).params.data : '';
    });

  it('finds matches in complete chunks and in the entries still filling one, in log order, with every term', () => {
    const store = createLogStore();
    const events = Array.from({ length: 1300 }, (_, index) => notification(`entry ${index} ${index % 100 === 7 ? 'rare' : 'common'}`));
    store.getState().actions.appendEvents(events);
    const found = filterLog(store.getState(), 'RARE entry');
    expect(texts(store, found.ids)).toEqual(Array.from({ length: 13 }, (_, index) => `entry ${index * 100 + 7} rare`));
    expect(found.positions).toEqual([...found.positions].sort((a, b) => a - b));
    // Terms in any order; the common one is not what the corpus is scanned for, and the answer is the same.
    expect(texts(store, filterLog(store.getState(), 'common 1207').ids)).toEqual([]);
    expect(texts(store, filterLog(store.getState(), '1299 common').ids)).toEqual(['entry 1299 common']);
    expect(filterLog(store.getState(), 'entry').ids).toHaveLength(1300);
  });

  it('leaves out evicted entries, and sees an entry replaced in place', () => {
    const store = createLogStore({ retention: 1000 });
    const events = Array.from({ length: 1600 }, (_, index) => notification(`entry-${index}`));
    store.getState().actions.appendEvents(events);
    expect(store.getState().ids.dropped).toBe(600);
    expect(texts(store, filterLog(store.getState(), 'entry-5').ids)).toEqual([]); // 5, 50–59, 500–599: evicted
    expect(texts(store, filterLog(store.getState(), 'entry-60').ids)).toEqual([
      'entry-600',
      'entry-601',
      'entry-602',
      'entry-603',
      'entry-604',
      'entry-605',
      'entry-606',
      'entry-607',
      'entry-608',
      'entry-609',
    ]);

    const target = events[800]!;
    if (target.type !== 'message') throw new Error('expected a message');
    expect(filterLog(store.getState(), 'late').ids).toEqual([]);
    store.getState().actions.appendEvents([{ type: 'message', entry: { ...target.entry, late: true } }]);
    expect(texts(store, filterLog(store.getState(), 'late').ids)).toEqual(['entry-800']);
  });
});

describe('the log at 100,000 entries', () => {
  it('keeps retention with an exact eviction count and appends a batch without copying the log', () => {
    const store = createLogStore({ retention: 100_000 });
    const { appendEvents } = store.getState().actions;
    const batches: EngineEvent[][] = [];
    for (let batch = 0; batch < 120; batch += 1)
      batches.push(Array.from({ length: 1000 }, (_, index) => notification(`n${batch}-${index}`)));
    const times: number[] = [];
    for (const batch of batches) {
      const started = performance.now();
      appendEvents(batch);
      times.push(performance.now() - started);
    }
    const state = store.getState();
    expect(state.ids.length).toBe(100_000);
    expect(state.evicted).toBe(20_000);
    expect(state.byId.size).toBe(100_000);
    expect(state.notificationIds.length).toBe(100_000);
    // Generous bound for a loaded 2-core box; the point is "per batch", not "per log" (~1.5 ms measured, where
    // copying the log per batch cost tens of ms). Timing figures belong to `npm run bench`.
    const late = times.slice(-20).sort((a, b) => a - b);
    expect(late[Math.floor(late.length / 2)]!).toBeLessThan(100);

    const cold = performance.now();
    const hits = filterLog(state, 'n119-');
    const coldMs = performance.now() - cold;
    const warm = performance.now();
    filterLog(state, 'n118-');
    const warmMs = performance.now() - warm;
    expect(hits.ids).toHaveLength(1000);
    console.info(`filter over 100k: cold ${coldMs.toFixed(1)} ms, warm ${warmMs.toFixed(1)} ms; append p50 ${late[10]!.toFixed(2)} ms`);
    expect(filterLog(state, 'n118-').ids).toHaveLength(1000);
  });
});
