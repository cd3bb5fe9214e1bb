import { lazy, Suspense, useId, useState, type KeyboardEvent } from 'react';
import { PanelBoundary } from '../common/PanelBoundary.tsx';
import { useStoreOf } from '../services.tsx';
import { NotificationsTimeline } from '../timeline/NotificationsTimeline.tsx';

const ConsolePanel = lazy(() => import('./ConsolePanel.tsx').then((m) => ({ default: m.ConsolePanel })));

const VIEWS = ['Notifications', 'Console'] as const;

/**
 * The notification timeline, and beside it, for a stdio server behind the local relay (or a session file that
 * kept one), its Console: two tabs in the timeline's place. A connection with no console shows the timeline
 * alone, as before.
 */
export function TimelineOrConsole() {
  const hasConsole = useStoreOf('console', (state) => state.lines.length > 0 || state.dropped > 0);
  const [view, setView] = useState<(typeof VIEWS)[number]>('Notifications');
  const baseId = useId();
  if (!hasConsole)
    return (
      <PanelBoundary name="The notification timeline">
        <NotificationsTimeline />
      </PanelBoundary>
    );
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const next = view === 'Console' ? 'Notifications' : 'Console';
    setView(next);
    document.getElementById(`${baseId}-${next}`)?.focus();
  };
  return (
    <div className="timeline-or-console">
      <div role="tablist" aria-label="Beside the message log" className="tablist timeline-tabs" onKeyDown={onKeyDown}>
        {VIEWS.map((name) => (
          <button
            key={name}
            id={`${baseId}-${name}`}
            type="button"
            role="tab"
            className="tab"
            aria-selected={view === name}
            tabIndex={view === name ? 0 : -1}
            onClick={() => setView(name)}
          >
            {name}
          </button>
        ))}
      </div>
      {view === 'Console' ? (
        <PanelBoundary name="The console">
          <Suspense fallback={<p className="empty-state">Loading…</p>}>
            <ConsolePanel />
          </Suspense>
        </PanelBoundary>
      ) : (
        <PanelBoundary name="The notification timeline">
          <NotificationsTimeline />
        </PanelBoundary>
      )}
    </div>
  );
}
