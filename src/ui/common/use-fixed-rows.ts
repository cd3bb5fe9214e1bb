import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from 'react';

/**
 * More slots than any window has rows (a 12,000 px tall list at 24 px, with overscan), so the rows of one
 * window never share a slot.
 */
const ROW_SLOTS = 512;

/**
 * A row's React key: its slot on screen, not its item. While a list follows a flood, each repaint shows
 * rows that were not on screen the last time; keyed by item, React would unmount every row and mount new
 * ones (elements, fibers, store subscriptions), which was most of a repaint's cost. Keyed by slot, the same
 * elements take the new rows' text. Rows keep no state of their own, so nothing else changes.
 */
export const rowSlot = (index: number): number => index % ROW_SLOTS;

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

  // The height to scroll to while following, for a write made in a later frame.
  const bottom = useRef(0);
  const pinnedBefore = useRef(false);
  const frame = useRef(0);
  useLayoutEffect(() => {
    const element = scroller.current;
    bottom.current = count * rowHeight;
    const justPinned = following && !pinnedBefore.current;
    pinnedBefore.current = following;
    if (!element || !following) return;
    // The browser clamps it to the bottom. Writing scrollTop lays the page out at once: when following
    // starts (Jump to latest, the first rows) that is wanted now; for a batch of new rows it is left to the
    // next frame, which lays out anyway, so the repaint of a flooded list does not also pay a forced layout.
    if (justPinned) element.scrollTop = bottom.current;
    else if (frame.current === 0)
      frame.current = requestAnimationFrame(() => {
        frame.current = 0;
        if (followingNow.current) element.scrollTop = bottom.current;
      });
  }, [scroller, following, count, rowHeight]);
  useLayoutEffect(() => () => cancelAnimationFrame(frame.current), []);

  const totalHeight = count * rowHeight;
  const top = following ? Math.max(0, totalHeight - view.height) : view.top;
  const first = Math.floor(top / rowHeight);
  const visibleRows = Math.ceil(view.height / rowHeight) + 1;
  const start = Math.max(0, Math.min(count, first - overscan));
  const end = Math.min(count, first + visibleRows + overscan);

  const lastTop = useRef(0);
  const onScroll = useCallback(() => {
    const element = scroller.current;
    if (!element) return;
    measure();
    const movedUp = element.scrollTop < lastTop.current;
    lastTop.current = element.scrollTop;
    if (!follow) return;
    // A scroll event arrives a frame after the write that caused it. On a busy page, new rows can land in
    // between, and the list is then taller than where it was pinned: that alone must not stop following
    // (it did, mid-flood, on a loaded machine). Only a move up, a person scrolling, does.
    if (element.scrollHeight - element.scrollTop - element.clientHeight < rowHeight) setFollowing(true);
    else if (movedUp) setFollowing(false);
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
