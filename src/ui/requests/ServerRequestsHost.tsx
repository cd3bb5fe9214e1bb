import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { MAX_INPUT_ROUNDS, type PendingServerRequest } from '../../shared/client-features.ts';
import { formatTime } from '../common/format.ts';
import { ServerText } from '../common/ServerText.tsx';
import { useStoreOf } from '../services.tsx';
import { UrlElicitationView } from './UrlElicitationView.tsx';
import './requests.css';

// Loaded when a server first asks: most sessions never see a form (whose pattern checker, re2js, is large)
// or a sampling request, so neither weighs on the first screen.
const ElicitationFormView = lazy(() => import('./ElicitationFormView.tsx').then((module) => ({ default: module.ElicitationFormView })));
const SamplingView = lazy(() => import('./SamplingView.tsx').then((module) => ({ default: module.SamplingView })));

const TITLES: Record<PendingServerRequest['kind'], string> = {
  sampling: 'asks for a completion (sampling)',
  'elicitation-form': 'asks for input (elicitation)',
  'elicitation-url': 'asks you to open a page (URL elicitation)',
};

/**
 * Server requests waiting for the person: one dialog at a time, a queue to switch between them, and a
 * notice when one leaves unanswered. Not modal: the message log stays usable while answering.
 */
export function ServerRequestsHost() {
  const pending = useStoreOf('serverRequests', (s) => s.pending);
  const activeId = useStoreOf('serverRequests', (s) => s.activeId);
  const notice = useStoreOf('serverRequests', (s) => s.notice);
  const actions = useStoreOf('serverRequests', (s) => s.actions);
  const active = pending.find((r) => r.id === activeId) ?? pending[0];
  const dialog = useRef<HTMLDivElement>(null);
  // Minimized, the dialog keeps only its header, so what is under it (the log, the tool) can be read.
  // Per request: a new request on screen always opens expanded.
  const [minimizedId, setMinimizedId] = useState<string | null>(null);
  const minimized = active !== undefined && minimizedId === active.id;

  // A new request on screen takes the focus, so keyboard users land in it.
  useEffect(() => {
    if (active) dialog.current?.focus();
  }, [active?.id]); // eslint-disable-line react-hooks/exhaustive-deps

  if (!active && !notice) return null;
  return (
    <div className="requests-host">
      {notice && (
        <div className="requests-notice" role="status">
          <ServerText text={notice} />
          <button type="button" className="button button-small" onClick={actions.dismissNotice}>
            Dismiss
          </button>
        </div>
      )}
      {active && (
        <div ref={dialog} className="request-dialog" role="dialog" aria-modal="false" aria-labelledby={`${active.id}-title`} tabIndex={-1}>
          <header className="request-head">
            <div className="request-head-row">
              <h2 id={`${active.id}-title`} className="request-title">
                <ServerText text={active.serverName} /> {TITLES[active.kind]}
              </h2>
              <button
                type="button"
                className="button button-small"
                aria-expanded={!minimized}
                aria-controls={`${active.id}-body`}
                onClick={() => setMinimizedId(minimized ? null : active.id)}
              >
                {minimized ? 'Expand' : 'Minimize'}
              </button>
            </div>
            <p className="request-context muted">
              <span className="mono">{active.method}</span> · id <span className="mono">{JSON.stringify(active.rpcId)}</span> ·{' '}
              {formatTime(active.receivedAt)}
              {active.related && (
                <>
                  {' '}
                  · during our <span className="mono">{active.related.method}</span> (id {JSON.stringify(active.related.rpcId)})
                  {active.related.target !== undefined && (
                    <>
                      {' '}
                      for{' '}
                      <strong className="mono">
                        <ServerText text={active.related.target} />
                      </strong>
                    </>
                  )}
                  {active.related.round !== undefined && (
                    <>
                      {' '}
                      · <span className="badge">input_required</span> round {active.related.round} of at most {MAX_INPUT_ROUNDS}
                    </>
                  )}
                </>
              )}
              {/* A task's own request (tasks/result …) already named it as its target: once is enough. */}
              {active.relatedTaskId !== undefined && active.relatedTaskId !== active.related?.target && (
                <>
                  {' '}
                  · for task{' '}
                  <span className="mono">
                    <ServerText text={active.relatedTaskId} />
                  </span>
                </>
              )}
            </p>
            {pending.length > 1 && (
              <div className="request-queue" role="group" aria-label={`${pending.length} pending server requests`}>
                {pending.map((r, index) => (
                  <button
                    key={r.id}
                    type="button"
                    className="button button-small"
                    aria-pressed={r.id === active.id}
                    onClick={() => actions.select(r.id)}
                  >
                    {index + 1}. {r.kind === 'sampling' ? 'Sampling' : r.kind === 'elicitation-url' ? 'URL' : 'Form'}
                  </button>
                ))}
              </div>
            )}
          </header>
          <div id={`${active.id}-body`} className="request-body" hidden={minimized}>
            {active.kind === 'elicitation-url' ? (
              <UrlElicitationView key={active.id} request={active} />
            ) : (
              <Suspense fallback={<p className="muted">Loading…</p>}>
                {active.kind === 'sampling' ? (
                  <SamplingView key={active.id} request={active} />
                ) : (
                  <ElicitationFormView key={active.id} request={active} />
                )}
              </Suspense>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
