import { memo } from 'react';
import { formatDuration, formatTime } from '../common/format.ts';
import { ServerText } from '../common/ServerText.tsx';
import { requestMethodOf } from '../../state/index.ts';
import { useLog } from '../services.tsx';

/** One log row. Selects only its own entry, so a new batch re-renders new rows, not old ones. */
export const LogRow = memo(function LogRow({ id }: { id: string }) {
  const item = useLog((state) => state.byId[id]);
  const selected = useLog((state) => state.selectedId === id);
  const requestMethod = useLog((state) => requestMethodOf(state.byId, state.byId[id]));
  const { select } = useLog((state) => state.actions);
  if (!item) return null;

  if (item.type === 'note') {
    return (
      <li className={`log-row log-note note-${item.level}`}>
        <button type="button" className="log-row-button" aria-current={selected ? 'true' : undefined} onClick={() => select(id)}>
          <span className="log-dir" aria-hidden="true">
            •
          </span>
          <span className="log-kind">note</span>
          <span className="log-method log-note-text">
            <ServerText text={item.text} />
          </span>
          <span className="log-id" />
          <span className="log-time mono">{formatTime(item.time)}</span>
          <span className="log-latency" />
        </button>
      </li>
    );
  }

  const { entry } = item;
  const outgoing = entry.direction === 'out';
  return (
    <li className={`log-row kind-${entry.kind}${entry.late ? ' is-late' : ''}`}>
      <button type="button" className="log-row-button" aria-current={selected ? 'true' : undefined} onClick={() => select(id)}>
        <span className={`log-dir ${outgoing ? 'dir-out' : 'dir-in'}`} title={outgoing ? 'Sent to the server' : 'Received from the server'}>
          <span aria-hidden="true">{outgoing ? '→' : '←'}</span>
          <span className="visually-hidden">{outgoing ? 'out' : 'in'}</span>
        </span>
        <span className="log-kind">{entry.kind}</span>
        <span className="log-method mono">
          {entry.method ? (
            <ServerText text={entry.method} />
          ) : requestMethod ? (
            <span className="log-answers" title="The method of the request this answers">
              <span aria-hidden="true">↳ </span>
              <ServerText text={requestMethod} />
            </span>
          ) : entry.kind === 'invalid' ? (
            <em>{entry.raw !== undefined ? 'unparseable' : 'not JSON-RPC'}</em>
          ) : null}
          {entry.late && <span className="badge badge-danger">late</span>}
          {entry.unmatched && <span className="badge badge-danger">unmatched</span>}
          {entry.violation && <span className="badge badge-danger">spec violation</span>}
        </span>
        <span className="log-id mono">{entry.rpcId !== undefined ? <>#{<ServerText text={String(entry.rpcId)} />}</> : ''}</span>
        <span className="log-time mono">{formatTime(entry.time)}</span>
        <span className="log-latency mono">{entry.latencyMs !== undefined ? formatDuration(entry.latencyMs) : ''}</span>
      </button>
    </li>
  );
});
