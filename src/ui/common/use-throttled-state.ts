import { useCallback, useSyncExternalStore } from 'react';
import type { StoreApi } from 'zustand';

/** How often a list being flooded repaints. */
export const LIST_REFRESH_MS = 100;

type Subscribe = (listener: () => void) => () => void;

/**
 * `subscribe`, calling `notify` at most once per `intervalMs` while changes keep coming: the first change
 * after a quiet spell at once, the last change of a burst always (on a trailing timer).
 */
export function throttledSubscribe(subscribe: Subscribe, intervalMs: number): Subscribe {
  return (notify) => {
    let last = -Infinity;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const fire = () => {
      timer = undefined;
      last = performance.now();
      notify();
    };
    const unsubscribe = subscribe(() => {
      if (timer !== undefined) return;
      const wait = last + intervalMs - performance.now();
      if (wait <= 0) fire();
      else timer = setTimeout(fire, wait);
    });
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  };
}

/**
 * A store's whole state, re-rendering the caller at most once per `intervalMs` while the store keeps
 * changing (see throttledSubscribe). A render for any other reason reads the current state.
 *
 * For the lists a flood pours into (the log, the timeline, the HTTP exchanges): the stores take every batch
 * each frame, but nobody reads 2,000 rows a second, and each repaint of a list is a layout of all its rows.
 * Ten a second look live and leave most frames free to answer clicks.
 */
export function useThrottledState<S>(store: StoreApi<S>, intervalMs: number): S {
  const subscribe = useCallback((notify: () => void) => throttledSubscribe(store.subscribe, intervalMs)(notify), [store, intervalMs]);
  return useSyncExternalStore(subscribe, store.getState);
}
