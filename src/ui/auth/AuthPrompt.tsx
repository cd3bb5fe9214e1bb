import { useState } from 'react';
import { useStoreOf, useCommands } from '../services.tsx';
import { RememberCheckbox } from './RememberCheckbox.tsx';
import './auth.css';

/**
 * Shown while a server waits for a person to authorize: the authorization server's host, Authorize (opens
 * the checked URL in a popup on this click), and Cancel. When the callback arrives, the engine checks the
 * state and exchanges the code, and the app connects again. If the popup is blocked, the sign-in can go
 * on in this tab (a full-page redirect) or in a new one.
 */
export function AuthPrompt() {
  const commands = useCommands();
  const status = useStoreOf('auth', (s) => s.status);
  // The callback itself is heard by the workspace (WorkspaceView), which hands it to the connection waiting.
  const callbackError = useStoreOf('auth', (s) => s.callbackError);
  const [blockedUrl, setBlockedUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [remember, setRemember] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const waiting = status.phase === 'awaiting-user';

  if (!waiting) return null;
  const authorizationHost = new URL(status.url).host;

  const authorize = () => {
    setError(null);
    const outcome = commands.auth.authorize(status.url);
    if (outcome.kind === 'opened') setBlockedUrl(null);
    else if (outcome.kind === 'blocked') setBlockedUrl(outcome.url);
    else setError(outcome.message);
  };

  const continueHere = () => {
    setError(null);
    setLeaving(true);
    void commands.auth.continueInThisTab(status.state, remember).then((problem) => {
      if (problem === undefined) return; // the page is navigating away
      setLeaving(false);
      setError(problem);
    });
  };

  const toggleRemember = (checked: boolean) => {
    setRemember(checked);
    void commands.auth.rememberAuthorization(status.serverUrl, checked);
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
        <button type="button" className="button" onClick={() => void commands.auth.cancelAuthorization()}>
          Cancel
        </button>
        <RememberCheckbox checked={remember} onChange={toggleRemember} />
      </div>
      {blockedUrl && (
        <div className="auth-blocked" role="alert">
          <p>
            The popup was blocked. Allow popups for this page, continue the sign-in in this tab (MCP Lens reloads and finishes it when you
            come back), or{' '}
            <a href={blockedUrl} target="_blank" rel="noopener noreferrer">
              open the sign-in page in a new tab
            </a>
            .
          </p>
          <button type="button" className="button" onClick={continueHere} disabled={leaving}>
            {leaving ? 'Leaving for the sign-in page…' : 'Continue in this tab'}
          </button>
        </div>
      )}
      {(error ?? callbackError) && (
        <p className="auth-error" role="alert">
          {error ?? callbackError}
        </p>
      )}
    </section>
  );
}
