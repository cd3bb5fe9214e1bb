import { MAX_CARRIED_LINKS, messageItemId } from '../../state/index.ts';
import { formatBytes, formatDuration, formatTime } from '../common/format.ts';
import { ServerText } from '../common/ServerText.tsx';
import { useStoreOf } from '../services.tsx';
import { HttpBody } from './HttpBody.tsx';
import { McpHeaders } from './McpHeaders.tsx';
import { formatCount } from '../../shared/read.ts';
// The detail's frame (its share of the pane, border and padding) is the message detail's, whose stylesheet
// loads with LogDetail on first use: opened before any message was, this detail would have none of it.
import '../log/log-detail.css';

/** Messages listed in the detail; a long stream links the first ones and counts the rest. */
const MAX_LINKED = 200;

/** The selected exchange: headers (secrets already masked), SSE facts, timing and the messages it carried. */
export function HttpDetail() {
  const exchange = useStoreOf('http', (state) => (state.selectedSeq === null ? undefined : state.bySeq.get(state.selectedSeq)));
  useStoreOf('http', (state) => state.carriedVersion);
  const carried = useStoreOf('http', (state) => (state.selectedSeq === null ? undefined : state.carried.get(state.selectedSeq)));
  const { select, show } = useStoreOf('http', (state) => state.actions);
  const selectMessage = useStoreOf('log', (state) => state.actions.select);
  if (!exchange) return null;

  const openMessage = (seq: number) => {
    selectMessage(messageItemId(seq));
    show('messages');
  };
  const seqs = carried ?? [];

  return (
    <section className="log-detail http-detail" aria-label="Selected HTTP exchange">
      <header className="log-detail-head">
        <span className="mono">
          {exchange.method} <ServerText text={exchange.url} /> ·{' '}
          {exchange.status !== undefined ? `${exchange.status} ${exchange.statusText ?? ''}` : 'no response'}
        </span>
        <span className="log-detail-actions">
          <button type="button" className="button button-small" aria-label="Close exchange details" onClick={() => select(null)}>
            ✕
          </button>
        </span>
      </header>
      <div className="http-detail-body">
        {exchange.error !== undefined && (
          <p className="field-error">
            <ServerText text={exchange.error} />
          </p>
        )}
        <McpHeaders request={exchange.requestHeaders} response={exchange.responseHeaders} />
        <dl className="http-facts">
          <dt>Started</dt>
          <dd className="mono">{formatTime(exchange.time)}</dd>
          <dt>Headers after</dt>
          <dd className="mono">{formatDuration(exchange.durationMs)}</dd>
          <dt>Body ended after</dt>
          <dd className="mono">{exchange.endedMs === undefined ? 'still open' : formatDuration(exchange.endedMs)}</dd>
          {exchange.bodyBytes !== undefined && (
            <>
              <dt>Body</dt>
              <dd className="mono">{formatBytes(exchange.bodyBytes)}</dd>
            </>
          )}
          {exchange.sessionId !== undefined && (
            <>
              <dt>Session id</dt>
              <dd className="mono break">
                <ServerText text={exchange.sessionId} />
              </dd>
            </>
          )}
          {exchange.lastEventId !== undefined && (
            <>
              <dt>Resumed from</dt>
              <dd className="mono break">
                Last-Event-ID <ServerText text={exchange.lastEventId} />
              </dd>
            </>
          )}
          {exchange.sse !== undefined && (
            <>
              <dt>SSE events</dt>
              <dd className="mono">
                {exchange.sse.events}
                {exchange.sse.lastEventId !== undefined && (
                  <>
                    {' '}
                    · last id <ServerText text={exchange.sse.lastEventId} />
                  </>
                )}
                {exchange.sse.retryMs !== undefined && ` · retry ${exchange.sse.retryMs} ms`}
              </dd>
            </>
          )}
        </dl>
        <h3 className="section-subtitle">
          Messages carried ({seqs.length >= MAX_CARRIED_LINKS ? `the first ${formatCount(MAX_CARRIED_LINKS)} are linked` : seqs.length})
        </h3>
        {seqs.length === 0 ? (
          <p className="muted">None.</p>
        ) : (
          <ul className="http-carried">
            {seqs.slice(0, MAX_LINKED).map((seq) => (
              <li key={seq}>
                <CarriedMessage seq={seq} onOpen={openMessage} />
              </li>
            ))}
            {seqs.length > MAX_LINKED && (
              <li className="muted">and {seqs.length - MAX_LINKED} more — filter the Message log to see them.</li>
            )}
          </ul>
        )}
        <Headers title="Request headers" pairs={exchange.requestHeaders} />
        <HttpBody title="Request body" body={exchange.requestBody} />
        {exchange.responseHeaders && <Headers title="Response headers" pairs={exchange.responseHeaders} />}
        <HttpBody title="Response body" body={exchange.responseBody} />
      </div>
    </section>
  );
}

function CarriedMessage({ seq, onOpen }: { seq: number; onOpen: (seq: number) => void }) {
  const item = useStoreOf('log', (state) => state.byId.get(messageItemId(seq)));
  if (item?.type !== 'message') return <span className="muted">message #{seq} (evicted from the log)</span>;
  const { entry } = item;
  return (
    <button type="button" className="link-button mono" onClick={() => onOpen(seq)}>
      {entry.direction === 'out' ? '→' : '←'} {entry.kind} {entry.method ?? (entry.rpcId !== undefined ? `#${String(entry.rpcId)}` : '')}
      {entry.sseEventId !== undefined && ` (event ${entry.sseEventId})`}
    </button>
  );
}

function Headers({ title, pairs }: { title: string; pairs: Array<[string, string]> }) {
  return (
    <>
      <h3 className="section-subtitle">{title}</h3>
      <table className="http-headers">
        <tbody>
          {pairs.map(([name, value], index) => (
            <tr key={`${name}-${index}`}>
              <th scope="row" className="mono">
                <ServerText text={name} />
              </th>
              <td className="mono break">
                <ServerText text={value} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
