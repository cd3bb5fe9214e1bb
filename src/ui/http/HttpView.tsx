import { memo, useRef } from 'react';
import { messageItemId, toHar } from '../../state/index.ts';
import type { MessageEntry } from '../../shared/events.ts';
import { mcpHeaderValue } from '../../shared/mcp-headers.ts';
import { downloadText, fileStamp } from '../common/download.ts';
import { formatDuration, formatTime } from '../common/format.ts';
import { ServerText } from '../common/ServerText.tsx';
import { useFixedRows } from '../common/use-fixed-rows.ts';
import { LIST_REFRESH_MS, useThrottledState } from '../common/use-throttled-state.ts';
import { useHttp, useServices } from '../services.tsx';
import { HttpDetail } from './HttpDetail.tsx';
import './http.css';
import { useDemo } from '../demo/use-demo.ts';

const ROW_HEIGHT = 24;

/** The HTTP exchanges behind the messages, as the browser saw them, newest at the bottom. */
export function HttpView() {
  const services = useServices();
  const { seqs, evicted } = useThrottledState(services.http, LIST_REFRESH_MS);
  const { clear } = useHttp((state) => state.actions);
  // Demo mode writes no files (see src/ui/demo/).
  const demo = useDemo();
  const scroller = useRef<HTMLDivElement>(null);
  const rows = useFixedRows(scroller, seqs.length, ROW_HEIGHT, 4);

  const exportHar = () => {
    const { bySeq, carried } = services.http.getState();
    const { byId } = services.log.getState();
    const messagesOf = (seq: number): MessageEntry[] =>
      (carried.get(seq) ?? []).flatMap((messageSeq) => {
        const item = byId.get(messageItemId(messageSeq));
        return item?.type === 'message' ? [item.entry] : [];
      });
    const har = toHar(
      seqs.toArray().flatMap((seq) => bySeq.get(seq) ?? []),
      messagesOf,
    );
    downloadText(`mcp-lens-${fileStamp()}.har`, JSON.stringify(har, null, 2));
  };

  return (
    <section role="region" aria-label="HTTP exchanges" className="panel http-panel">
      <header className="panel-header">
        <h2 className="panel-title">HTTP</h2>
        <span className="muted log-count">{seqs.length}</span>
        <span className="http-header-actions">
          <button type="button" className="button button-small" onClick={exportHar} disabled={seqs.length === 0 || demo}>
            Export HAR
          </button>
          <button type="button" className="button button-small" onClick={clear} disabled={seqs.length === 0 && evicted === 0}>
            Clear
          </button>
        </span>
      </header>
      {evicted > 0 && (
        <p className="log-marker" role="note">
          {evicted.toLocaleString('en-US')} earlier exchange{evicted === 1 ? '' : 's'} evicted
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
  const exchange = useHttp((state) => state.bySeq.get(seq));
  const selected = useHttp((state) => state.selectedSeq === seq);
  const count = useHttp((state) => state.carried.get(seq)?.length ?? 0);
  const { select } = useHttp((state) => state.actions);
  if (!exchange) return null;
  const failed = exchange.error !== undefined || (exchange.status ?? 0) >= 400;
  let path = exchange.url;
  try {
    const url = new URL(exchange.url);
    path = `${url.pathname}${url.search}`;
  } catch {
    // Not a URL we can shorten: show it whole.
  }
  const streaming = exchange.contentType?.includes('text/event-stream');
  // 2026-07-28 names each request's method in a header: the row can say what it was without the body.
  const mcpMethod = mcpHeaderValue(exchange.requestHeaders, 'Mcp-Method');
  return (
    <li className="log-row http-row" style={{ transform: `translateY(${top}px)` }} data-http-seq={seq}>
      <button
        type="button"
        className="log-row-button http-row-button"
        aria-current={selected ? 'true' : undefined}
        onClick={() => select(seq)}
      >
        <span className="http-method mono">{exchange.method}</span>
        <span className={`http-status mono${failed ? ' http-failed' : ''}`}>{exchange.status ?? (exchange.error ? 'failed' : '…')}</span>
        <span className="log-method mono">
          <ServerText text={path} />
          {mcpMethod !== undefined && (
            <span className="http-mcp-method">
              <ServerText text={mcpMethod} />
            </span>
          )}
          {streaming && <span className="badge">{exchange.endedMs === undefined ? 'SSE open' : 'SSE'}</span>}
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
