import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useLog } from '../services.tsx';
import { LogDetail } from './LogDetail.tsx';
import { LogRow } from './LogRow.tsx';
import { MAX_RENDERED_ROWS, useVisibleIds } from './use-visible-ids.ts';
import './log.css';

/** The JSON-RPC message log: every frame both ways, filterable, newest at the bottom. */
export function MessageLog() {
  const filterId = useId();
  const filterText = useLog((state) => state.filterText);
  const evicted = useLog((state) => state.evicted);
  const total = useLog((state) => state.ids.length);
  const { setFilter, clear, select } = useLog((state) => state.actions);
  const { visible, matching, hidden } = useVisibleIds();
  const scroller = useRef<HTMLDivElement>(null);
  const [following, setFollowing] = useState(true);

  // Follow new entries unless the person scrolled up to read something.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element && following) element.scrollTop = element.scrollHeight;
  }, [visible, following]);

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    const atBottom = element.scrollHeight - element.scrollTop - element.clientHeight < 24;
    if (atBottom !== following) setFollowing(atBottom);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLOListElement>) => {
    const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End'];
    if (!keys.includes(event.key)) return;
    const buttons = Array.from(event.currentTarget.querySelectorAll<HTMLButtonElement>('.log-row-button'));
    const current = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const last = buttons.length - 1;
    const next =
      event.key === 'Home' ? 0 : event.key === 'End' ? last : event.key === 'ArrowDown' ? Math.min(last, current + 1) : Math.max(0, current - 1);
    const target = buttons[next];
    if (!target) return;
    event.preventDefault();
    target.focus();
    target.click();
  };

  return (
    <section
      role="region"
      aria-label="Message log"
      className="panel log-panel"
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
          {filterText.trim() ? `${matching}/${total}` : total}
        </span>
        <button type="button" className="button button-small" onClick={clear} disabled={total === 0 && evicted === 0}>
          Clear
        </button>
      </header>
      <div className="log-body">
        <div className="log-scroller" ref={scroller} onScroll={onScroll}>
          {evicted > 0 && (
            <p className="log-marker">
              {evicted} earlier message{evicted === 1 ? '' : 's'} evicted
            </p>
          )}
          {hidden > 0 && (
            <p className="log-marker">
              Showing the latest {MAX_RENDERED_ROWS} of {matching} {filterText.trim() ? 'matching ' : ''}entries — filter to narrow down.
            </p>
          )}
          {total === 0 ? (
            <p className="empty-state">No messages yet. Connect to a server and every JSON-RPC message appears here.</p>
          ) : visible.length === 0 ? (
            <p className="empty-state">No message matches “{filterText}”.</p>
          ) : (
            <ol className="log-list" onKeyDown={onKeyDown}>
              {visible.map((id) => (
                <LogRow key={id} id={id} />
              ))}
            </ol>
          )}
        </div>
        {!following && (
          <button type="button" className="button button-small log-follow" onClick={() => setFollowing(true)}>
            ↓ Jump to latest
          </button>
        )}
      </div>
      <LogDetail />
    </section>
  );
}
