import { useState } from 'react';
import type { HistoryCall } from '../../state/index.ts';
import { formatDuration, formatTime, prettyJson } from '../common/format.ts';
import { ServerText } from '../common/ServerText.tsx';
import { useStoreOf } from '../services.tsx';
import { useConfirmedRerun } from './use-confirmed-rerun.tsx';
import { SavedCalls } from './SavedCalls.tsx';
import { verdictOf, type ToolVerdict } from '../../shared/tool-verdict.ts';
import './history.css';
import { AddToCollection } from '../collections/AddToCollection.tsx';

const NONE: readonly HistoryCall[] = [];

/** The History tab: this server's tool calls, newest first, each re-runnable in one click, and saved requests. */
export default function HistoryView() {
  const server = useStoreOf('connection', (state) => state.summary?.url ?? state.input.url);
  const connected = useStoreOf('connection', (state) => state.phase === 'connected');
  const calls = useStoreOf('history', (state) => state.byServer.get(server) ?? NONE);
  const { rerun, dialog } = useConfirmedRerun();
  return (
    <div className="history-view">
      <section aria-label="Call history">
        <h3 className="list-section-title">
          Calls <span className="muted">{calls.length === 0 ? '' : `${calls.length} on this server`}</span>
        </h3>
        {calls.length === 0 ? (
          <p className="empty-state">No tool calls on this server yet. Each call you run is kept here, with its result and timing.</p>
        ) : (
          <ol className="history-list">
            {[...calls].reverse().map((call) => (
              <HistoryRow key={call.id} call={call} server={server} connected={connected} rerun={rerun} />
            ))}
          </ol>
        )}
        {dialog}
      </section>
      <SavedCalls connected={connected} />
    </div>
  );
}

function HistoryRow({
  call,
  server,
  connected,
  rerun,
}: {
  call: HistoryCall;
  server: string;
  connected: boolean;
  rerun(call: HistoryCall): void;
}) {
  const { save } = useStoreOf('savedCalls', (state) => state.actions);
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState(call.tool);
  const status = call.error ? 'failed' : call.outcome ? HISTORY_STATUS[verdictOf(call.outcome)] : 'ok';
  return (
    <li className="history-item">
      <div className="history-head">
        <span className="mono history-tool">
          <ServerText text={call.tool} />
        </span>
        <span className={`badge${status === 'ok' ? '' : ' badge-danger'}`}>{status}</span>
        <span className="muted mono">
          {formatTime(call.time)} · {formatDuration(call.durationMs)}
        </span>
        <span className="history-actions">
          <button
            type="button"
            className="button button-small"
            disabled={!connected}
            aria-label={`Run ${call.tool} again`}
            onClick={() => rerun(call)}
          >
            Run again
          </button>
          <button type="button" className="button button-small" aria-expanded={naming} onClick={() => setNaming(!naming)}>
            Save request
          </button>
          <AddToCollection what={{ tool: call.tool, arguments: call.arguments, outcome: call.outcome, error: call.error }} />
        </span>
      </div>
      {naming && (
        <form
          className="history-save"
          onSubmit={(event) => {
            event.preventDefault();
            save({ name, tool: call.tool, arguments: call.arguments, server, savedAt: Date.now() });
            setNaming(false);
          }}
        >
          <input className="input input-small" aria-label="Request name" value={name} onChange={(event) => setName(event.target.value)} />
          <button type="submit" className="button button-small">
            Save
          </button>
        </form>
      )}
      <details className="history-details">
        <summary>Arguments and result</summary>
        <pre className="code-block">
          <ServerText text={prettyJson(call.arguments)} />
        </pre>
        <pre className="code-block">
          <ServerText text={prettyJson(call.error ?? call.outcome)} />
        </pre>
      </details>
    </li>
  );
}

const HISTORY_STATUS: Record<ToolVerdict, string> = { ok: 'ok', 'tool-error': 'tool error', broken: 'broken result' };
