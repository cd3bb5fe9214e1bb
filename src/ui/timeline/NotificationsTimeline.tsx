import { memo, useMemo } from 'react';
import { formatTime } from '../common/format.ts';
import { ServerText } from '../common/ServerText.tsx';
import { requestMethodOf } from '../../state/index.ts';
import { useLog } from '../services.tsx';
import { summarizeAnswer, summarizeNotification } from './summarize.ts';
import './timeline.css';

const MAX_ROWS = 300;

/** Inbound notifications, server requests and our answers, in time order. Selecting one opens it in the message log. */
export function NotificationsTimeline() {
  const ids = useLog((state) => state.notificationIds);
  const visible = useMemo(() => (ids.length > MAX_ROWS ? ids.slice(ids.length - MAX_ROWS) : ids), [ids]);
  return (
    <section role="region" aria-label="Notifications" className="panel timeline-panel">
      <header className="panel-header">
        <h2 className="panel-title">Notifications</h2>
        <span className="muted">{ids.length}</span>
      </header>
      <div className="timeline-scroller">
        {ids.length > MAX_ROWS && <p className="log-marker">Showing the latest {MAX_ROWS} of {ids.length}.</p>}
        {ids.length === 0 ? (
          <p className="empty-state">No notifications from the server yet.</p>
        ) : (
          <ol className="timeline-list">
            {visible.map((id) => (
              <TimelineRow key={id} id={id} />
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}

const TimelineRow = memo(function TimelineRow({ id }: { id: string }) {
  const item = useLog((state) => state.byId[id]);
  const selected = useLog((state) => state.selectedId === id);
  const { select } = useLog((state) => state.actions);
  const answered = useLog((state) => requestMethodOf(state.byId, item));
  const summary = useMemo(() => {
    if (item?.type !== 'message') return '';
    return item.entry.direction === 'out' ? summarizeAnswer(answered, item.entry.message) : summarizeNotification(item.entry.method, item.entry.message);
  }, [item, answered]);
  if (item?.type !== 'message') return null;
  const label = item.entry.direction === 'out' ? `→ ${answered ?? 'answer'}` : item.entry.method ?? '';
  return (
    <li className={`timeline-row timeline-${item.entry.kind}`}>
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
