import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { throttledSubscribe } from './use-throttled-state.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('throttledSubscribe', () => {
  it('notifies in the next task after a quiet spell, then at most once per interval, and always for the last change', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const store = createStore<{ count: number }>()(() => ({ count: 0 }));
    const seen: number[] = [];
    const unsubscribe = throttledSubscribe(store.subscribe, 100)(() => seen.push(store.getState().count));

    store.setState({ count: 1 });
    expect(seen).toEqual([]); // not inside the update that changed the store
    vi.advanceTimersByTime(0);
    expect(seen).toEqual([1]);
    for (let count = 2; count <= 10; count += 1) {
      vi.advanceTimersByTime(10);
      store.setState({ count });
    }
    expect(seen).toEqual([1]); // a burst inside one interval waits
    vi.advanceTimersByTime(10);
    expect(seen).toEqual([1, 10]); // and its last state lands when the interval is up

    vi.advanceTimersByTime(500);
    store.setState({ count: 11 });
    vi.advanceTimersByTime(0);
    expect(seen).toEqual([1, 10, 11]); // quiet again: in the next task

    store.setState({ count: 12 });
    unsubscribe();
    vi.advanceTimersByTime(500);
    expect(seen).toEqual([1, 10, 11]); // nothing after unsubscribing
  });
});
