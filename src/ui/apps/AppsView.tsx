/** The Apps tab: every MCP App the server offers; one opens with the input a person chooses. */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorDetails } from '../common/ErrorDetails.tsx';
import { ServerText } from '../common/ServerText.tsx';
import { AppLauncher } from './AppLauncher.tsx';
import { appCatalog } from './app-catalog.ts';
import '../common/split-view.css';
import './apps.css';
import { useScope } from '../services.tsx';

export function AppsView() {
  const { ready, key, mode } = useScope();
  if (mode === 'saved') return <p className="empty-state">Apps run against a live server: connect to open one.</p>;
  if (!ready) return <p className="empty-state">Connect to a server to see its MCP Apps.</p>;
  return <ConnectedApps key={key} />;
}

function ConnectedApps() {
  const { queries, capabilities } = useScope();
  const resources = useQuery({ ...queries.resources(), enabled: capabilities?.resources !== undefined });
  const tools = useQuery({ ...queries.tools(), enabled: capabilities?.tools !== undefined });
  const [selected, setSelected] = useState<string | null>(null);
  if (resources.isLoading || tools.isLoading) return <p className="empty-state">Looking for apps…</p>;
  const error = resources.error ?? tools.error;
  if (error) return <ErrorDetails error={error} lead="Could not list the server's apps" />;
  const apps = appCatalog(resources.data?.resources ?? [], tools.data?.tools ?? []);
  if (apps.length === 0) {
    return <p className="empty-state">This server offers no MCP Apps (no ui:// resources, no tool with _meta.ui).</p>;
  }
  const app = apps.find((entry) => entry.uri === selected);
  return (
    <div className="split-view">
      <div className="split-list-pane">
        <ul className="item-list" aria-label="MCP Apps">
          {apps.map((entry) => (
            <li key={entry.uri} className={entry.uri === selected ? 'item selected' : 'item'}>
              <div className="item-main">
                <div className="item-head">
                  <button
                    type="button"
                    className="item-name"
                    aria-current={entry.uri === selected ? 'true' : undefined}
                    onClick={() => setSelected(entry.uri)}
                  >
                    <ServerText text={entry.name} />
                  </button>
                </div>
                <span className="item-address mono muted break">
                  <ServerText text={entry.uri} />
                </span>
                {entry.description && (
                  <p className="item-description">
                    <ServerText text={entry.description} />
                  </p>
                )}
                <span className="muted">
                  {entry.tools.length === 0 ? 'No tool points at it' : `Shown by ${entry.tools.map((t) => t.name).join(', ')}`}
                </span>
              </div>
            </li>
          ))}
        </ul>
      </div>
      <div className="tools-detail-pane">
        {app ? <AppLauncher key={app.uri} app={app} /> : <p className="empty-state">Select an app by its name to open it.</p>}
      </div>
    </div>
  );
}
