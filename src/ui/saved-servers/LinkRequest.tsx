/** A link asked to connect to a server the user has not saved: say what it is about to do, and wait for a yes. */
import { maskUrlCredentials } from '../../shared/redact.ts';
import { ServerText } from '../common/ServerText.tsx';
import { useCommands, useStoreOf } from '../services.tsx';

export function LinkRequest() {
  const url = useStoreOf('view', (state) => state.pendingLink);
  const { confirmLink, dismissLink } = useCommands();
  if (url === null) return null;
  return (
    <section className="panel link-request" aria-label="Link request">
      <p>
        This link asks to connect to{' '}
        <span className="mono break">
          {/* A link is often pasted from a chat or a ticket, and this panel is shown before anything else. */}
          <ServerText text={maskUrlCredentials(url)} />
        </span>
        . Connecting sends an <code>initialize</code> request to that server from this browser, with the headers in the connection bar.
      </p>
      <div className="link-request-actions">
        <button type="button" className="button button-primary" onClick={confirmLink}>
          Connect to this server
        </button>
        <button type="button" className="button" onClick={dismissLink}>
          Not now
        </button>
      </div>
    </section>
  );
}
