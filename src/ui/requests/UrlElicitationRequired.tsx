import { useEffect, useMemo } from 'react';
import type { UrlElicitation } from '../../shared/client-features.ts';
import { describeUrl } from '../common/url-display.ts';
import { ServerText } from '../common/ServerText.tsx';
import { useStoreOf } from '../services.tsx';
import { openOutside, UrlDisplay } from './UrlDisplay.tsx';

/**
 * Error -32042: before the request can succeed, the person must complete these steps in the browser.
 * Each is opened only on request; completion notices mark them done, and Retry re-sends the request.
 */
export function UrlElicitationRequired({ elicitations, onRetry }: { elicitations: UrlElicitation[]; onRetry?: () => void }) {
  const { track } = useStoreOf('serverRequests', (s) => s.actions);
  useEffect(() => track(elicitations.map((e) => e.elicitationId)), [track, elicitations]);
  const statuses = useStoreOf('serverRequests', (s) => s.urlElicitations);
  const allDone = elicitations.length > 0 && elicitations.every((e) => statuses[e.elicitationId] === 'complete');
  return (
    <section className="url-required" aria-label="URL elicitation required">
      <ol className="url-required-list">
        {elicitations.map((elicitation) => (
          <UrlRequiredItem
            key={elicitation.elicitationId}
            elicitation={elicitation}
            done={statuses[elicitation.elicitationId] === 'complete'}
          />
        ))}
      </ol>
      {onRetry && (
        <div className="request-actions">
          <button type="button" className={allDone ? 'button button-primary' : 'button'} onClick={onRetry}>
            Retry request
          </button>
          <span className="muted">
            {allDone
              ? 'The server reports every step complete.'
              : 'Retry after completing the steps (the server may not announce completion).'}
          </span>
        </div>
      )}
    </section>
  );
}

function UrlRequiredItem({ elicitation, done }: { elicitation: UrlElicitation; done: boolean }) {
  const view = useMemo(() => describeUrl(elicitation.url), [elicitation.url]);
  return (
    <li className="url-required-item">
      {elicitation.message && (
        <p className="request-message">
          <ServerText text={elicitation.message} />
        </p>
      )}
      <UrlDisplay view={view} />
      <div className="request-actions">
        <button type="button" className="button" disabled={!view.navigable.ok} onClick={() => openOutside(view)}>
          Open in new window
        </button>
        <span className={done ? 'badge badge-safe' : 'badge'} role="status">
          {done ? 'Completed' : 'Waiting for completion'}
        </span>
      </div>
    </li>
  );
}
