import { useCallback, useState } from 'react';
import { isEngineError } from '../../shared/errors.ts';
import { useConnectionCommands } from '../connect/use-connection-commands.ts';
import { useAuth, useServices } from '../services.tsx';
import { openAuthorizationPopup } from './open-authorization.ts';
import { useOAuthCallback } from './use-oauth-callback.ts';
import './auth.css';

/**
 * Shown while a server waits for a person to authorize: the authorization server's host, Authorize (opens
 * the checked URL in a popup on this click), and Cancel. When the callback arrives, the engine checks the
 * state and exchanges the code, and the app connects again.
 */
export function AuthPrompt() {
  const { client, oauthRedirectUrl } = useServices();
  const status = useAuth((s) => s.status);
  const { connect } = useConnectionCommands();
  const [blockedUrl, setBlockedUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const waiting = status.phase === 'awaiting-user';

  const onCallback = useCallback(
    (callbackUrl: string) => {
      setError(null);
      client.call('completeAuthorization', { callbackUrl }).then(
        () => {
          setBlockedUrl(null);
          void connect();
        },
        (failure: unknown) => setError(isEngineError(failure) ? failure.message : String(failure)),
      );
    },
    [client, connect],
  );
  useOAuthCallback(oauthRedirectUrl, onCallback, waiting);

  if (!waiting) return null;
  const authorizationHost = new URL(status.url).host;

  const authorize = () => {
    setError(null);
    const opened = openAuthorizationPopup(status.url);
    if (opened.ok) setBlockedUrl(null);
    else if (opened.reason === 'blocked') setBlockedUrl(status.url);
    else setError(`Not opened: ${opened.detail ?? 'the URL was refused'}`);
  };

  return (
    <section className="auth-prompt" role="region" aria-label="Authorization needed">
      <p>
        <strong>{new URL(status.serverUrl).host}</strong> needs authorization. Sign in at{' '}
        <strong className="auth-host">{authorizationHost}</strong>; MCP Lens connects again when you are back.
      </p>
      <div className="auth-prompt-actions">
        <button type="button" className="button button-primary" onClick={authorize}>
          Authorize
        </button>
        <button type="button" className="button" onClick={() => void client.call('cancelAuthorization', undefined)}>
          Cancel
        </button>
      </div>
      {blockedUrl && (
        <p className="auth-blocked" role="alert">
          The popup was blocked. Allow popups for this page, or{' '}
          <a href={blockedUrl} target="_blank" rel="noopener noreferrer">
            open the sign-in page in a new tab
          </a>
          ; the result comes back here either way.
        </p>
      )}
      {error && (
        <p className="auth-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
