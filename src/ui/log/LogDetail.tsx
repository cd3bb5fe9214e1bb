import { lazy, Suspense } from 'react';
import { whyNotResend } from '../../app/index.ts';
import type { MessageEntry } from '../../shared/events.ts';
import { isAuditProbe, originOf } from '../../shared/message-origin.ts';
import { labelOf, labelText, messageItemId, requestMethodOf } from '../../state/index.ts';
import { formatDuration, formatTime, prettyJson } from '../common/format.ts';
import { ServerText } from '../common/ServerText.tsx';
import { useStoreOf } from '../services.tsx';
import { ERA_PROBE_METHOD } from './envelope.ts';
import { CopyRequest } from './CopyRequest.tsx';
import { MessageJson, ResultType } from './MessageJson.tsx';
import { ResendMark } from './ResendMark.tsx';
import { ResendButtons } from './ResendButtons.tsx';
import './log-detail.css';
import { AddToCollection } from '../collections/AddToCollection.tsx';
import { useResend } from './use-resend.ts';

// The editor and the answer load when first opened: most sessions never re-send.
const ResendPanel = lazy(() => import('./ResendPanel.tsx'));

/** The selected entry in full: pretty JSON, or for unparseable bytes the raw text and why it failed. */
export function LogDetail() {
  const item = useStoreOf('log', (state) => (state.selectedId ? state.byId.get(state.selectedId) : undefined));
  const hasRequest = useStoreOf('log', (state) =>
    item?.type === 'message' && item.entry.requestSeq !== undefined ? state.byId.has(messageItemId(item.entry.requestSeq)) : false,
  );
  const { select, togglePin } = useStoreOf('log', (state) => state.actions);
  const pinned = useStoreOf('log', (state) => state.selectedId !== null && state.pinned.includes(state.selectedId));
  const httpSeq = item?.type === 'message' ? item.entry.httpSeq : undefined;
  const hasExchange = useStoreOf('http', (state) => httpSeq !== undefined && state.bySeq.has(httpSeq));
  // A request whose HTTP exchange failed before any response (network, CORS) has no answer in the log, and
  // none will come: without this line its row reads as a request still waiting.
  const failedBeforeAnswer = useStoreOf('http', (state) => {
    const exchange = httpSeq === undefined ? undefined : state.bySeq.get(httpSeq);
    return exchange !== undefined && exchange.status === undefined && exchange.error !== undefined ? exchange.error : undefined;
  });
  const http = useStoreOf('http', (state) => state.actions);
  const requestMethod = useStoreOf('log', (state) =>
    item?.type === 'message' && item.entry.requestSeq !== undefined ? requestMethodOf(state.byId, item) : undefined,
  );
  // "tools/call · echo": the request's, for a response. A string, so the selector's value is stable.
  const label = useStoreOf('log', (state) => labelText(labelOf(state.byId, item)));
  const resent = item?.type === 'message' ? originOf(item.entry, 'resend') : undefined;
  const originalKept = useStoreOf('log', (state) => (resent ? state.byId.has(messageItemId(resent.fromSeq)) : false));
  const connected = useStoreOf('connection', (state) => state.phase === 'connected');
  const replaying = useStoreOf('sessionFile', (state) => state.replay !== null);
  const resend = useResend(item?.id, item?.type === 'message' ? item.entry.message : undefined);
  if (!item) return null;
  const probe = item.type === 'message' && !isAuditProbe(item.entry) && (item.entry.method ?? requestMethod) === ERA_PROBE_METHOD;
  const audit = item.type === 'message' ? originOf(item.entry, 'audit') : undefined;
  const app = item.type === 'message' ? originOf(item.entry, 'apps') : undefined;
  const collectionStep = item.type === 'message' ? originOf(item.entry, 'collections') : undefined;

  return (
    <section className={resend.open ? 'log-detail has-resend' : 'log-detail'} aria-label="Selected message">
      <header className="log-detail-head">
        {item.type === 'note' ? (
          <span>
            Engine note ({item.level}) · {formatTime(item.time)}
          </span>
        ) : (
          <span className="mono">
            {item.entry.direction === 'out' ? '→ sent' : '← received'} {item.entry.kind}
            {label ? (
              <>
                {' '}
                · <ServerText text={label} />
              </>
            ) : null}
            {item.entry.rpcId !== undefined ? (
              <>
                {' '}
                · id <ServerText text={String(item.entry.rpcId)} />
              </>
            ) : null}{' '}
            · <span className="nowrap">{formatTime(item.entry.time)}</span>
            {item.entry.latencyMs !== undefined && (
              <>
                {' '}
                · <span className="nowrap">{formatDuration(item.entry.latencyMs)}</span>
              </>
            )}
            {probe && <span className="badge log-era-probe">era probe</span>}
            {audit?.probe && <span className="badge log-audit-probe">audit probe · {audit.id}</span>}
            {app && (
              <span className="badge log-era-probe">
                from app <ServerText text={app.id} />
              </span>
            )}
            {collectionStep && <span className="badge log-era-probe">collection step {Number(collectionStep.id) + 1}</span>}
            <ResultType entry={item.entry} />
            {resent && <ResendMark mark={resent} />}
          </span>
        )}
        <span className="log-detail-actions">
          {item.type === 'message' && (item.entry.message !== undefined || item.entry.raw !== undefined) && (
            <CopyRequest entry={item.entry} curl={sentByUs(item.entry)} />
          )}
          {item.type === 'message' && sentByUs(item.entry) && (
            <ResendButtons resend={resend} blocked={whyNotResend(item, { connected, replaying })} />
          )}
          {item.type === 'message' && sentByUs(item.entry) && item.entry.kind === 'request' && !replaying && (
            <AddToCollection what={{ logged: item.id }} compact />
          )}
          <button type="button" className="button button-small" aria-pressed={pinned} onClick={() => togglePin(item.id)}>
            {pinned ? 'Unpin' : 'Pin'}
          </button>
          {item.type === 'message' && item.entry.requestSeq !== undefined && hasRequest && (
            <button
              type="button"
              className="button button-small"
              aria-label="Show request"
              title="Show the request this answers"
              onClick={() => select(messageItemId(item.entry.requestSeq!))}
            >
              Request
            </button>
          )}
          {resent && originalKept && (
            <button
              type="button"
              className="button button-small"
              aria-label="Show original"
              title="Show the message this one re-sent"
              onClick={() => select(messageItemId(resent.fromSeq))}
            >
              Original
            </button>
          )}
          {httpSeq !== undefined && hasExchange && (
            <button
              type="button"
              className="button button-small"
              // Short on screen so the actions keep one row beside a 500 px log; the name says it whole.
              aria-label="Show HTTP exchange"
              title="Show the HTTP exchange that carried this message"
              onClick={() => {
                http.select(httpSeq);
                http.show('http');
              }}
            >
              HTTP
            </button>
          )}
          <button type="button" className="button button-small" aria-label="Close message details" onClick={() => select(null)}>
            ✕
          </button>
        </span>
      </header>
      {item.type === 'note' ? (
        <pre className="code-block">
          <ServerText text={item.text} />
        </pre>
      ) : item.entry.kind === 'invalid' ? (
        <>
          {item.entry.parseError && (
            <p className="field-error">
              <ServerText text={item.entry.parseError} />
            </p>
          )}
          <pre className="code-block">
            <ServerText text={item.entry.raw ?? prettyJson(item.entry.message)} />
          </pre>
        </>
      ) : (
        <>
          {item.entry.late && (
            <p className="hint">This response arrived after its request was cancelled or timed out; the client ignored it.</p>
          )}
          {failedBeforeAnswer !== undefined && item.entry.direction === 'out' && item.entry.kind === 'request' && (
            <p className="hint" role="note">
              No answer: the HTTP request ended without a response the client could read (
              <ServerText text={failedBeforeAnswer} />
              ), so none will arrive for it. The HTTP view has the exchange.
            </p>
          )}
          {item.entry.violation && (
            <p className="hint">
              <ServerText text={item.entry.violation} />
            </p>
          )}
          {item.entry.unmatched && (
            <p className="hint">
              No request with this id is waiting: the server answered a request that was never sent, or answered one twice. The client
              ignored it.
            </p>
          )}
          {resend.open && (
            <Suspense fallback={<p className="hint">Loading…</p>}>
              <ResendPanel resend={resend} />
            </Suspense>
          )}
          {/* Keyed by message, so a disclosure opened on one entry starts closed on the next. */}
          <MessageJson key={item.entry.seq} entry={item.entry} />
        </>
      )}
    </section>
  );
}

/**
 * What can be sent again from a terminal: a request or notification MCP Lens sent, with its message. An audit
 * probe went beside the session, with headers of its own; re-sent on the session it would be another request.
 */
const sentByUs = (entry: MessageEntry) =>
  entry.direction === 'out' &&
  (entry.kind === 'request' || entry.kind === 'notification') &&
  entry.message !== undefined &&
  !isAuditProbe(entry);
