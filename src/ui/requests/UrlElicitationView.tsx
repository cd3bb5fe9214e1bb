import { useMemo } from 'react';
import type { PendingServerRequest } from '../../shared/client-features.ts';
import { describeUrl } from '../common/url-display.ts';
import { ServerText } from '../common/ServerText.tsx';
import { useStoreOf } from '../services.tsx';
import { ElicitationActions } from './ElicitationActions.tsx';
import { useAnswer } from './use-answer.ts';
import { openOutside, UrlDisplay } from './UrlDisplay.tsx';

/**
 * URL mode: the server wants the person to visit a page (sign-in, payment) outside MCP Lens. Nothing is
 * fetched; Accept is the consent, and only then is the page opened, in a new window with noopener.
 */
export function UrlElicitationView({ request }: { request: PendingServerRequest }) {
  const { send, sending, error } = useAnswer(request.id);
  const params = request.params as { message?: unknown; url?: unknown; elicitationId?: unknown };
  const view = useMemo(() => describeUrl(typeof params.url === 'string' ? params.url : ''), [params.url]);
  const elicitationId = typeof params.elicitationId === 'string' ? params.elicitationId : '';
  const status = useStoreOf('serverRequests', (s) => s.urlElicitations[elicitationId]);

  const accept = () => {
    openOutside(view);
    void send({ action: 'accept' });
  };

  return (
    <>
      {typeof params.message === 'string' && (
        <p className="request-message">
          <ServerText text={params.message} />
        </p>
      )}
      <UrlDisplay view={view} />
      <p className="muted">
        MCP Lens has not visited this page. <strong>Accept</strong> opens it in a new window, separate from this app; the server is told you
        agreed, and says when you are done{status === 'complete' ? ' (it already has)' : ''}.
      </p>
      <ElicitationActions send={send} sending={sending} error={error}>
        <button type="button" className="button button-primary" disabled={sending || !view.navigable.ok} onClick={accept}>
          Accept
        </button>
      </ElicitationActions>
    </>
  );
}
