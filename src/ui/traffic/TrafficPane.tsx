import { Suspense, useState, type KeyboardEvent } from 'react';
import type { TrafficView } from '../../state/index.ts';
import { lazyView, preloadOnIntent } from '../common/lazy-view.tsx';
import { PanelBoundary } from '../common/PanelBoundary.tsx';
import { MessageLog } from '../log/MessageLog.tsx';
import { useStoreOf } from '../services.tsx';
import './traffic.css';

// Loaded the first time the HTTP view is shown, or when the pointer or focus comes to its toggle, then kept
// mounted like the message log; once in, it renders without a fallback (lazy-view.tsx).
const httpView = lazyView(async () => ({ default: (await import('../http/HttpView.tsx')).HttpView }));
const HttpView = httpView.View;

const VIEWS: Array<{ view: TrafficView; name: string }> = [
  { view: 'messages', name: 'Messages' },
  { view: 'http', name: 'HTTP' },
];

/**
 * The traffic of the session two ways: JSON-RPC messages, and the HTTP exchanges that carried them. Once
 * shown, both stay mounted (scroll positions and filters survive switching); each links to the other.
 */
export function TrafficPane() {
  const view = useStoreOf('http', (state) => state.view);
  const { show } = useStoreOf('http', (state) => state.actions);
  const [httpShown, setHttpShown] = useState(view === 'http');
  if (view === 'http' && !httpShown) setHttpShown(true);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const next = VIEWS[(VIEWS.findIndex((v) => v.view === view) + 1) % VIEWS.length]!.view;
    show(next);
    document.getElementById(`traffic-tab-${next}`)?.focus();
  };

  return (
    <div className="traffic-pane">
      {/* A toggle, not tabs: "tab" and "tabpanel" belong to the MCP feature views (e2e/names.ts). */}
      <div role="group" aria-label="Traffic view" className="tablist traffic-tabs" onKeyDown={onKeyDown}>
        {VIEWS.map(({ view: v, name }) => (
          <button
            key={v}
            id={`traffic-tab-${v}`}
            type="button"
            className="tab"
            aria-pressed={view === v}
            aria-controls={`traffic-panel-${v}`}
            onClick={() => show(v)}
            {...(v === 'http' && preloadOnIntent(httpView.preload))}
          >
            {name}
          </button>
        ))}
      </div>
      <div id="traffic-panel-messages" className="traffic-panel" hidden={view !== 'messages'}>
        <PanelBoundary name="The message log">
          <MessageLog />
        </PanelBoundary>
      </div>
      <div id="traffic-panel-http" className="traffic-panel" hidden={view !== 'http'}>
        <PanelBoundary name="The HTTP view">
          {httpShown && (
            <Suspense fallback={<p className="empty-state">Loading…</p>}>
              <HttpView />
            </Suspense>
          )}
        </PanelBoundary>
      </div>
    </div>
  );
}
