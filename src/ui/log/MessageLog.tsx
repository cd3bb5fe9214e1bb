import { lazy, Suspense, useCallback, useId, useLayoutEffect, useRef, type CSSProperties, type KeyboardEvent } from 'react';
import { rowSlot, useFixedRows } from '../common/use-fixed-rows.ts';
import { LIST_REFRESH_MS } from '../common/use-throttled-state.ts';
import { Separator } from '../layout/Separator.tsx';
import { DEFAULT_LAYOUT } from '../../state/index.ts';
import { useStoreOf, useThrottledStoreOf } from '../services.tsx';
import { ExportLog } from './ExportLog.tsx';
import { LogFacets } from './LogFacets.tsx';
import { PinnedMessages } from './PinnedMessages.tsx';
import { LOG_ROW_HEIGHT, LogRow } from './LogRow.tsx';
import { useVisibleIds } from './use-visible-ids.ts';
import { formatCount, pluralWord } from '../../shared/read.ts';
import './log.css';

// The detail of a chosen message loads the first time one is chosen: not needed to show the log.
const LogDetail = lazy(() => import('./LogDetail.tsx').then((module) => ({ default: module.LogDetail })));

/**
 * The JSON-RPC message log: every frame both ways, filterable, newest at the bottom. Rows are windowed
 * (useFixedRows, fixed row height), so 100,000 entries cost as much to show as the 30 that fit on screen.
 */
export function MessageLog() {
  const filterId = useId();
  const filterText = useStoreOf('log', (state) => state.filterText);
  const { evicted, ids } = useThrottledStoreOf('log', LIST_REFRESH_MS);
  const total = ids.length;
  const selectedId = useStoreOf('log', (state) => state.selectedId);
  // A replayed session's log is the file's record, read-only: nothing to clear.
  const replaying = useStoreOf('sessionFile', (state) => state.replay !== null);
  const { setFilter, clear, select, togglePolls } = useStoreOf('log', (state) => state.actions);
  const visible = useVisibleIds();
  const scroller = useRef<HTMLDivElement>(null);
  // Follows new entries unless the person scrolled up to read something.
  const rows = useFixedRows(scroller, visible.count, LOG_ROW_HEIGHT, 5);
  const { following, setFollowing } = rows;
  // Unfolding a task's polls adds rows below its row: stop following, or the row just clicked leaves the screen.
  const togglePollsInPlace = useCallback(
    (id: string) => {
      setFollowing(false);
      togglePolls(id);
    },
    [setFollowing, togglePolls],
  );
  // The detail's share of the log is the person's to set (the separator above it), and is remembered.
  const panel = useRef<HTMLElement>(null);
  const detailShare = useStoreOf('prefs', (state) => state.layout.detailShare);
  const detailId = useId();

  // A selection made elsewhere (the timeline, the HTTP view) scrolls its row into view.
  useLayoutEffect(() => {
    if (selectedId === null) return;
    const index = visible.indexOf(selectedId);
    if (index < 0) return;
    const element = scroller.current;
    const top = index * LOG_ROW_HEIGHT;
    if (element && (top < element.scrollTop || top + LOG_ROW_HEIGHT > element.scrollTop + element.clientHeight)) {
      setFollowing(false);
      element.scrollTop = Math.max(0, top - element.clientHeight / 2);
      rows.onScroll();
    }
    // Only when the selection changes, not on every batch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selectedId]);

  const onKeyDown = (event: KeyboardEvent<HTMLOListElement>) => {
    const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End', 'PageDown', 'PageUp'];
    if (!keys.includes(event.key) || visible.count === 0) return;
    const current = selectedId === null ? -1 : visible.indexOf(selectedId);
    const last = visible.count - 1;
    const page = Math.max(1, Math.floor((scroller.current?.clientHeight ?? 240) / LOG_ROW_HEIGHT) - 1);
    const step: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, PageDown: page, PageUp: -page };
    const next = event.key === 'Home' ? 0 : event.key === 'End' ? last : Math.min(last, Math.max(0, current + step[event.key]!));
    const id = visible.idAt(next);
    if (id === undefined) return;
    event.preventDefault();
    select(id);
    setFollowing(next === last);
    rows.scrollToIndex(next);
    // The row may only exist after the scroll renders it; focus it then.
    requestAnimationFrame(() =>
      scroller.current?.querySelector<HTMLButtonElement>(`[data-log-id="${CSS.escape(id)}"] .log-row-button`)?.focus(),
    );
  };

  return (
    <section
      role="region"
      aria-label="Message log"
      className="panel log-panel"
      ref={panel}
      style={{ '--detail-share': detailShare } as CSSProperties}
      // Grown past its default by the person: the detail takes what they gave it, rows or not.
      data-detail-grown={detailShare > DEFAULT_LAYOUT.detailShare ? '' : undefined}
      onKeyDown={(event) => {
        if (event.key === 'Escape') select(null);
      }}
    >
      <header className="panel-header">
        <h2 className="panel-title">Messages</h2>
        <label htmlFor={filterId} className="visually-hidden">
          Filter messages
        </label>
        <input
          id={filterId}
          className="input input-small mono log-filter"
          // type="text", not "search": the contract is a text box named Filter messages.
          type="text"
          spellCheck={false}
          placeholder="method, id, text…"
          value={filterText}
          onChange={(event) => setFilter(event.target.value)}
        />
        <span className="muted log-count" aria-live="off">
          {visible.filtering ? `${visible.count}/${total}` : total}
        </span>
        <ExportLog filtering={visible.filtering} shown={visible.count} />
        {!replaying && (
          <button type="button" className="button button-small" onClick={clear} disabled={total === 0 && evicted === 0}>
            Clear
          </button>
        )}
      </header>
      <LogFacets />
      <PinnedMessages />
      <div className="log-body">
        {evicted > 0 && (
          <p className="log-marker" role="note">
            {formatCount(evicted)} earlier {pluralWord(evicted, 'message')} evicted
          </p>
        )}
        <div className="log-scroller" ref={scroller} onScroll={rows.onScroll}>
          {total === 0 ? (
            <p className="empty-state">No messages yet. Connect to a server and every JSON-RPC message appears here.</p>
          ) : visible.count === 0 ? (
            <p className="empty-state">No message matches the filters.</p>
          ) : (
            <ol
              className="log-list"
              // With no row selected, the list itself is the log's Tab stop: ↓ then selects the first row.
              tabIndex={selectedId === null ? 0 : -1}
              aria-label="Messages"
              onKeyDown={onKeyDown}
              style={{ height: rows.totalHeight }}
            >
              {rowIndexes(rows.start, rows.end).map((index) => {
                const id = visible.idAt(index);
                return id === undefined ? null : (
                  <LogRow
                    key={rowSlot(index)}
                    id={id}
                    top={index * LOG_ROW_HEIGHT}
                    position={index + 1}
                    size={visible.count}
                    onTogglePolls={togglePollsInPlace}
                  />
                );
              })}
            </ol>
          )}
        </div>
        {!following && (
          <button type="button" className="button button-small log-follow" onClick={() => setFollowing(true)}>
            ↓ Jump to latest
          </button>
        )}
      </div>
      {selectedId !== null && (
        <>
          <Separator
            share="detailShare"
            container={panel}
            orientation="horizontal"
            second
            label="Resize message detail"
            controls={detailId}
          />
          {/* The slot stays while the detail's chunk loads: the separator's aria-controls names it. */}
          <div id={detailId} className="log-detail-slot">
            <Suspense fallback={null}>
              <LogDetail />
            </Suspense>
          </div>
        </>
      )}
    </section>
  );
}

const rowIndexes = (start: number, end: number) => Array.from({ length: Math.max(0, end - start) }, (_, offset) => start + offset);
