import { memo, useEffect, useRef } from 'react';
import type { HttpExchange } from '../../shared/events.ts';
import { mcpHeaderValue } from './mcp-headers.ts';
import { formatDuration, formatTime } from '../common/format.ts';
import { ServerText } from '../common/ServerText.tsx';
import { useFixedRows } from '../common/use-fixed-rows.ts';
import { LIST_REFRESH_MS } from '../common/use-throttled-state.ts';
import { useCommands, useStoreOf, useThrottledStoreOf } from '../services.tsx';
import { HttpDetail } from './HttpDetail.tsx';
import { pathAsWritten } from './path-as-written.ts';
import { exchangeLabel } from '../../state/index.ts';
import { statusTone } from './status-tone.ts';
import './http.css';
import { ExportButton } from '../presentation/ExportButton.tsx';
import { formatCount, pluralWord } from '../../shared/read.ts';

const ROW_HEIGHT = 24;

/** The HTTP exchanges behind the messages, as the browser saw them, newest at the bottom. */
export function HttpView() {
  const commands = useCommands();
  const { seqs, evicted } = useThrottledStoreOf('http', LIST_REFRESH_MS);
  const { clear } = useStoreOf('http', (state) => state.actions);
  const scroller = useRef<HTMLDivElement>(null);
  const rows = useFixedRows(scroller, seqs.length, ROW_HEIGHT, 4);
  const selectedSeq = useStoreOf('http', (state) => state.selectedSeq);
  const view = useStoreOf('http', (state) => state.view);
  const { setFollowing, scrollToIndex } = rows;
  // "Show HTTP exchange" from the log selects an exchange and shows this view: bring its row into sight,
  // once per selection (new exchanges arriving later must not pull the list back to it).
  const revealed = useRef<number | null>(null);
  useEffect(() => {
    if (view !== 'http' || selectedSeq === null) {
      revealed.current = null;
      return;
    }
    if (revealed.current === selectedSeq) return;
    const index = indexOfSeq(seqs, selectedSeq);
    if (index < 0) return;
    revealed.current = selectedSeq;
    if (index === seqs.length - 1) return;
    setFollowing(false);
    scrollToIndex(index);
  }, [selectedSeq, view, seqs, setFollowing, scrollToIndex]);

  // The command holds demo mode's file rule (src/app/presentation/export-rule.ts); the button is disabled to match.
  const exportHar = () => commands.log.exportHar(seqs.toArray());

  return (
    <section role="region" aria-label="HTTP exchanges" className="panel http-panel">
      <header className="panel-header">
        <h2 className="panel-title">HTTP</h2>
        <span className="muted log-count">{seqs.length}</span>
        <span className="http-header-actions">
          <ExportButton className="button button-small" onClick={exportHar} disabled={seqs.length === 0}>
            Export HAR
          </ExportButton>
          <button type="button" className="button button-small" onClick={clear} disabled={seqs.length === 0 && evicted === 0}>
            Clear
          </button>
        </span>
      </header>
      {evicted > 0 && (
        <p className="log-marker" role="note">
          {formatCount(evicted)} earlier {pluralWord(evicted, 'exchange')} evicted
        </p>
      )}
      <div className="log-scroller" ref={scroller} onScroll={rows.onScroll}>
        {seqs.length === 0 ? (
          <p className="empty-state">No HTTP traffic yet. Every request the client makes, and its response, appears here.</p>
        ) : (
          <ol className="log-list" style={{ height: rows.totalHeight }}>
            {seqs.slice(rows.start, rows.end).map((seq, offset) => (
              <HttpRow key={seq} seq={seq} top={(rows.start + offset) * ROW_HEIGHT} />
            ))}
          </ol>
        )}
      </div>
      <HttpDetail />
    </section>
  );
}

const HttpRow = memo(function HttpRow({ seq, top }: { seq: number; top: number }) {
  const exchange = useStoreOf('http', (state) => state.bySeq.get(seq));
  const selected = useStoreOf('http', (state) => state.selectedSeq === seq);
  const count = useStoreOf('http', (state) => state.carried.get(seq)?.length ?? 0);
  // Updated in place: `count` above re-renders the row when a message joins the exchange.
  const carried = useStoreOf('http', (state) => state.carried.get(seq));
  const rpcLabel = useStoreOf('log', (state) => exchangeLabel(state.byId, carried));
  const { select } = useStoreOf('http', (state) => state.actions);
  if (!exchange) return null;
  const tone = statusTone(exchange);
  const path = pathAsWritten(exchange.url);
  const streaming = exchange.contentType?.includes('text/event-stream');
  // What the exchange carried names it in both eras; 2026-07-28's Mcp-Method header, when the message is gone.
  const method = rpcLabel !== '' ? rpcLabel : mcpHeaderValue(exchange.requestHeaders, 'Mcp-Method');
  return (
    <li className="log-row http-row" style={{ transform: `translateY(${top}px)` }} data-http-seq={seq}>
      <button
        type="button"
        className="log-row-button http-row-button"
        aria-current={selected ? 'true' : undefined}
        onClick={() => select(seq)}
      >
        <span className="http-method mono">{exchange.method}</span>
        <span className={`http-status mono http-${tone.tone}`} title={tone.tone === 'expected' ? tone.why : undefined}>
          {exchange.status ?? (exchange.error ? 'failed' : '…')}
        </span>
        <span className="log-method mono http-what">
          {/* The method first: a narrow column cuts the path, which every row of a server shares. */}
          {method !== undefined && (
            <span className="http-mcp-method">
              <ServerText text={method} />
            </span>
          )}
          <span className="http-path">
            <ServerText text={path} />
          </span>
          {streaming && <StreamBadge exchange={exchange} />}
          {exchange.lastEventId !== undefined && <span className="badge">resumed</span>}
        </span>
        <span className="log-id mono" title="Messages carried">
          {count > 0 ? `${count} msg` : ''}
        </span>
        <span className="log-time mono">{formatTime(exchange.time)}</span>
        <span className="log-latency mono">{formatDuration(exchange.endedMs ?? exchange.durationMs)}</span>
      </button>
    </li>
  );
});

/** An open stream whose call was cancelled is not the call still running: the server just has not closed it. */
function StreamBadge({ exchange }: { exchange: HttpExchange }) {
  if (exchange.endedMs !== undefined) return <span className="badge">SSE</span>;
  if (exchange.cancelledMs !== undefined)
    return (
      <span className="badge" title="The client cancelled the request this stream answers; the server has not closed the stream yet.">
        SSE, call cancelled
      </span>
    );
  return <span className="badge">SSE open</span>;
}

/** Exchange numbers only grow, so the list is sorted: a binary search, not a scan of 100,000 rows. */
function indexOfSeq(seqs: { length: number; at(index: number): number | undefined }, seq: number): number {
  let low = 0;
  let high = seqs.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const value = seqs.at(middle)!;
    if (value === seq) return middle;
    if (value < seq) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}
