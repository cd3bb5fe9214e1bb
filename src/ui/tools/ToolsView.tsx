import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { toolsQueryOptions } from '../../queries/index.ts';
import { ErrorDetails } from '../common/ErrorDetails.tsx';
import { CallSettings } from './CallSettings.tsx';
import { useConnection, useEngineClient } from '../services.tsx';
import { ToolDetail } from './ToolDetail.tsx';
import { ToolList } from './ToolList.tsx';
import '../common/split-view.css';
import './tools.css';
import './tools-calls.css';

/** The Tools tab: the server's tools, and the selected one's form and result. */
export function ToolsView() {
  const phase = useConnection((state) => state.phase);
  const connectionKey = useConnection((state) => state.connectionKey);
  const offersTools = useConnection((state) => state.summary?.capabilities?.tools !== undefined);
  if (phase !== 'connected') return <p className="empty-state">Connect to a server to see its tools.</p>;
  if (!offersTools) return <p className="empty-state">This server does not offer tools (no tools capability).</p>;
  // Keyed by connection: a new session starts with nothing selected.
  return <ConnectedTools key={connectionKey} connectionKey={connectionKey} />;
}

function ConnectedTools({ connectionKey }: { connectionKey: number }) {
  const client = useEngineClient();
  const { data, error, isPending, isFetching, refetch } = useQuery(toolsQueryOptions(client, connectionKey));
  const [selected, setSelected] = useState<string | null>(null);
  const detailPane = useRef<HTMLDivElement>(null);

  // On a narrow screen the detail sits below the list: bring it into view when a tool is chosen.
  useEffect(() => {
    const pane = detailPane.current;
    if (selected === null || !pane) return;
    if (pane.getBoundingClientRect().top > window.innerHeight * 0.75) pane.scrollIntoView({ block: 'start' });
  }, [selected]);

  if (isPending) return <p className="empty-state">Loading tools…</p>;
  if (error) {
    return (
      <div className="empty-state">
        <ErrorDetails error={error} lead="Could not list tools" />
        <button type="button" className="button" onClick={() => void refetch()}>
          Try again
        </button>
      </div>
    );
  }

  const tools = data.tools;
  const tool = tools.find((t) => t.name === selected);
  return (
    <div className="split-view">
      <CallSettings />
      <div className="split-list-pane">
        <div className="pane-toolbar">
          <span className="muted">
            {tools.length} tool{tools.length === 1 ? '' : 's'}
            {` · ${data.pages} page${data.pages === 1 ? '' : 's'}`}
          </span>
          <button type="button" className="button button-small" onClick={() => void refetch()} disabled={isFetching}>
            {isFetching ? 'Refreshing…' : 'Refresh'}
          </button>
        </div>
        {tools.length === 0 ? <p className="empty-state">The server lists no tools.</p> : <ToolList tools={tools} selected={selected} onSelect={setSelected} />}
      </div>
      <div className="tools-detail-pane" ref={detailPane}>
        {tool ? <ToolDetail key={tool.name} tool={tool} /> : <p className="empty-state">Select a tool by its name to run it.</p>}
      </div>
    </div>
  );
}
