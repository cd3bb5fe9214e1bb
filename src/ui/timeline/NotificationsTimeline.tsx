import { memo, useId, useMemo, useRef } from 'react';
import { formatTime } from '../common/format.ts';
import { ServerText } from '../common/ServerText.tsx';
import { rowSlot, useFixedRows } from '../common/use-fixed-rows.ts';
import { requestMethodOf } from '../../state/index.ts';
import { LIST_REFRESH_MS } from '../common/use-throttled-state.ts';
import { useStoreOf, useThrottledStoreOf } from '../services.tsx';
import { ListenStatus } from './ListenStatus.tsx';
import { summarizeAnswer, summarizeNotification } from './summarize.ts';
import './timeline.css';

const ROW_HEIGHT = 24;

/** Inbound notifications, server requests and our answers, in time order, windowed like the log. Selecting one opens it in the message log. */
export function NotificationsTimeline() {
  const ids = useThrottledStoreOf('log', LIST_REFRESH_MS).notificationIds;
  const scroller = useRef<HTMLDivElement>(null);
  const rows = useFixedRows(scroller, ids.length, ROW_HEIGHT, 4);
  // Folded to its header, it gives the message log (and a message's detail) the whole column.
  const folded = useStoreOf('prefs', (state) => state.layout.timelineFolded);
  const { setLayout } = useStoreOf('prefs', (state) => state.actions);
  const bodyId = useId();

  return (
    <section role="region" aria-label="Notifications" className={`panel timeline-panel${folded ? ' is-folded' : ''}`}>
      <header className="panel-header">
        <h2 className="panel-title">
          <button
            type="button"
            className="fold-toggle"
            aria-expanded={!folded}
            aria-controls={bodyId}
            onClick={() => setLayout({ timelineFolded: !folded })}
          >
            <span aria-hidden="true">{folded ? '▸' : '▾'} </span>
            Notifications
          </button>
        </h2>
        <span className="muted">{ids.length}</span>
      </header>
      <div id={bodyId} className="timeline-body" hidden={folded}>
        <ListenStatus />
        <div className="timeline-scroller" ref={scroller} onScroll={rows.onScroll}>
          {ids.length === 0 ? (
            <p className="empty-state">No notifications from the server yet.</p>
          ) : (
            <ol className="timeline-list" style={{ height: rows.totalHeight }}>
              {ids.slice(rows.start, rows.end).map((id, offset) => (
                <TimelineRow key={rowSlot(rows.start + offset)} id={id} top={(rows.start + offset) * ROW_HEIGHT} />
              ))}
            </ol>
          )}
        </div>
      </div>
    </section>
  );
}

const TimelineRow = memo(function TimelineRow({ id, top }: { id: string; top: number }) {
  const item = useStoreOf('log', (state) => state.byId.get(id));
  const selected = useStoreOf('log', (state) => state.selectedId === id);
  const { select } = useStoreOf('log', (state) => state.actions);
  const answered = useStoreOf('log', (state) => requestMethodOf(state.byId, item));
  const summary = useMemo(() => {
    if (item?.type !== 'message') return '';
    return item.entry.direction === 'out'
      ? summarizeAnswer(answered, item.entry.message)
      : summarizeNotification(item.entry.method, item.entry.message);
  }, [item, answered]);
  if (item?.type === 'note') {
    // A new connection: the line that keeps one server's notifications apart from the next one's.
    return (
      <li className="timeline-row timeline-boundary" style={{ transform: `translateY(${top}px)` }}>
        <span className="timeline-time mono">{formatTime(item.time)}</span>
        <span className="timeline-boundary-text">
          <ServerText text={item.text} />
        </span>
      </li>
    );
  }
  if (item?.type !== 'message') return null;
  const label = item.entry.direction === 'out' ? `→ ${answered ?? 'answer'}` : (item.entry.method ?? '');
  return (
    <li className={`timeline-row timeline-${item.entry.kind}`} style={{ transform: `translateY(${top}px)` }}>
      <button type="button" className="timeline-button" aria-current={selected ? 'true' : undefined} onClick={() => select(id)}>
        <span className="timeline-time mono">{formatTime(item.entry.time)}</span>
        <span className="timeline-method mono">
          {item.entry.kind === 'request' && <span className="timeline-tag">request</span>}
          <ServerText text={label} />
        </span>
        <span className="timeline-summary">
          <ServerText text={summary} />
        </span>
      </button>
    </li>
  );
});
