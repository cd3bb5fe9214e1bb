import { useCallback, useSyncExternalStore } from 'react';
import type { StoreApi } from 'zustand';

/** How often a list being flooded repaints. */
export const LIST_REFRESH_MS = 100;

type Subscribe = (listener: () => void) => () => void;

/**
 * `subscribe`, calling `notify` at most once per `intervalMs` while changes keep coming: the first change
 * after a quiet spell in the next task, the last change of a burst always (on a trailing timer).
 *
 * Never inside the store update itself: that update is usually a batch of engine events (one animation frame's
 * worth), and a list repainting in the same task made one long task of both. Apart, each is short.
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
      timer = setTimeout(fire, Math.max(0, last + intervalMs - performance.now()));
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
