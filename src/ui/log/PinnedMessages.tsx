import { ServerText } from '../common/ServerText.tsx';
import { formatTime } from '../common/format.ts';
import { requestMethodOf } from '../../state/index.ts';
import { useStoreOf } from '../services.tsx';

/** Pinned entries, above the log and outside its filters, so they stay in reach while the log scrolls on. */
export function PinnedMessages() {
  const pinned = useStoreOf('log', (state) => state.pinned);
  if (pinned.length === 0) return null;
  return (
    <ul className="log-pinned" aria-label="Pinned messages">
      {pinned.map((id) => (
        <PinnedRow key={id} id={id} />
      ))}
    </ul>
  );
}

function PinnedRow({ id }: { id: string }) {
  const item = useStoreOf('log', (state) => state.byId.get(id));
  const requestMethod = useStoreOf('log', (state) => requestMethodOf(state.byId, state.byId.get(id)));
  const selected = useStoreOf('log', (state) => state.selectedId === id);
  const { select, togglePin } = useStoreOf('log', (state) => state.actions);
  // The entry was evicted or the log cleared: its pin goes with it.
  if (!item) return null;
  const text =
    item.type === 'note'
      ? item.text
      : `${item.entry.direction === 'out' ? '→' : '←'} ${item.entry.kind} ${item.entry.method ?? requestMethod ?? ''}${
          item.entry.rpcId !== undefined ? ` #${String(item.entry.rpcId)}` : ''
        }`;
  const time = item.type === 'note' ? item.time : item.entry.time;
  return (
    <li className="log-pinned-row">
      <button type="button" className="log-row-button" aria-current={selected ? 'true' : undefined} onClick={() => select(id)}>
        <span className="mono log-pinned-text">
          <ServerText text={text} />
        </span>
        <span className="log-time mono">{formatTime(time)}</span>
      </button>
      <button type="button" className="button button-small" aria-label="Unpin" onClick={() => togglePin(id)}>
        ✕
      </button>
    </li>
  );
}
