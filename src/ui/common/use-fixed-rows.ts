import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from 'react';

export interface RowWindow {
  /** First and one-past-last row index to render. */
  start: number;
  end: number;
  /** Height of the whole list, for the spacer. */
  totalHeight: number;
  /** Pinned to the newest (last) row: new rows come into view until the person scrolls up. */
  following: boolean;
  setFollowing: (following: boolean) => void;
  /** Call from the scroller's onScroll. */
  onScroll: () => void;
  /** Scrolls so row `index` is visible (nearest edge). */
  scrollToIndex: (index: number) => void;
}

/**
 * Windowing for lists whose rows all have one fixed height (the log, the timeline, the HTTP view): the
 * visible range is arithmetic on scrollTop, O(1) per frame whatever the row count. We first used
 * @tanstack/react-virtual, but it rebuilds a measurement entry per row whenever the count changes — O(n) on
 * every batch of a flood, 100,000 objects a frame at full retention — which this does not need.
 *
 * While following, the window is the last rows, known from the count alone: a batch renders its final rows
 * in one pass and the scroll position follows with a single write. (Reading scrollHeight and re-measuring
 * instead costs a forced layout and a second render on every batch.)
 */
export function useFixedRows(
  scroller: RefObject<HTMLElement | null>,
  count: number,
  rowHeight: number,
  overscan = 10,
  /** Logs follow their newest row; a list of items (tools, resources) starts at the top and stays there. */
  follow = true,
): RowWindow {
  const [view, setView] = useState({ top: 0, height: 600 });
  const [following, setFollowingState] = useState(follow);
  // Read by the resize observer, which can fire before React renders a change to `following`.
  const followingNow = useRef(following);
  const setFollowing = useCallback((value: boolean) => {
    followingNow.current = value;
    setFollowingState(value);
  }, []);

  const measure = useCallback(() => {
    const element = scroller.current;
    if (!element) return;
    setView((previous) =>
      previous.top === element.scrollTop && previous.height === element.clientHeight
        ? previous
        : { top: element.scrollTop, height: element.clientHeight },
    );
  }, [scroller]);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    measure();
    // A list kept mounted while hidden (the traffic toggle) could not scroll while it had no size: when it
    // reappears, pin it to the newest row again, or it shows the top of a list whose rows are not rendered.
    const observer = new ResizeObserver(() => {
      if (followingNow.current) element.scrollTop = element.scrollHeight;
      measure();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [scroller, measure]);

  useLayoutEffect(() => {
    const element = scroller.current;
    // The browser clamps it to the bottom.
    if (element && following) element.scrollTop = count * rowHeight;
  }, [scroller, following, count, rowHeight]);

  const totalHeight = count * rowHeight;
  const top = following ? Math.max(0, totalHeight - view.height) : view.top;
  const first = Math.floor(top / rowHeight);
  const visibleRows = Math.ceil(view.height / rowHeight) + 1;
  const start = Math.max(0, Math.min(count, first - overscan));
  const end = Math.min(count, first + visibleRows + overscan);

  const onScroll = useCallback(() => {
    const element = scroller.current;
    if (!element) return;
    measure();
    if (follow) setFollowing(element.scrollHeight - element.scrollTop - element.clientHeight < rowHeight);
  }, [scroller, rowHeight, measure, follow, setFollowing]);

  const scrollToIndex = useCallback(
    (index: number) => {
      const element = scroller.current;
      if (!element) return;
      const top = index * rowHeight;
      if (top < element.scrollTop) element.scrollTop = top;
      else if (top + rowHeight > element.scrollTop + element.clientHeight) element.scrollTop = top + rowHeight - element.clientHeight;
      measure();
    },
    [scroller, rowHeight, measure],
  );

  return { start, end, totalHeight, following, setFollowing, onScroll, scrollToIndex };
}
