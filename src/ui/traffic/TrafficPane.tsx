import type { KeyboardEvent } from 'react';
import type { TrafficView } from '../../state/index.ts';
import { PanelBoundary } from '../common/PanelBoundary.tsx';
import { HttpView } from '../http/HttpView.tsx';
import { MessageLog } from '../log/MessageLog.tsx';
import { useHttp } from '../services.tsx';
import './traffic.css';

const VIEWS: Array<{ view: TrafficView; name: string }> = [
  { view: 'messages', name: 'Messages' },
  { view: 'http', name: 'HTTP' },
];

/**
 * The traffic of the session two ways: JSON-RPC messages, and the HTTP exchanges that carried them. Both
 * stay mounted (scroll positions and filters survive switching); each links to the other.
 */
export function TrafficPane() {
  const view = useHttp((state) => state.view);
  const { show } = useHttp((state) => state.actions);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const next = VIEWS[(VIEWS.findIndex((v) => v.view === view) + 1) % VIEWS.length]!.view;
    show(next);
    document.getElementById(`traffic-tab-${next}`)?.focus();
  };

  return (
    <div className="traffic-pane">
      {/* A toggle, not tabs: "tab" and "tabpanel" belong to the MCP feature views (docs/architecture.md#testing). */}
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
          <HttpView />
        </PanelBoundary>
      </div>
    </div>
  );
}
