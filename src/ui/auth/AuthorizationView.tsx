import { useState, type FormEvent } from 'react';
import type { AuthStatus } from '../../shared/auth.ts';
import { useCommands, useRedirectUrl, useStoreOf } from '../services.tsx';
import { StepItem } from './AuthStepItem.tsx';
import { GuidedAuthorization } from './GuidedAuthorization.tsx';
import { RememberCheckbox } from './RememberCheckbox.tsx';
import './auth.css';
import { describeError } from '../../shared/read.ts';

/**
 * The Authorization tab: where OAuth stands for this server, how the client registers (a pre-registered
 * client id and secret, else Dynamic Client Registration), Forget, and every step with its request and
 * response, the rule it follows, and a verdict.
 */
export function AuthorizationView() {
  const steps = useStoreOf('auth', (s) => s.steps);
  const evicted = useStoreOf('auth', (s) => s.evicted);
  const status = useStoreOf('auth', (s) => s.status);
  const serverUrl = useStoreOf('connection', (s) => s.summary?.url ?? s.input.url);

  return (
    <div className="auth-view">
      <StatusLine status={status} />
      <ClientSettings serverUrl={serverUrl} />
      <GuidedAuthorization serverUrl={serverUrl} />
      {steps.length === 0 ? (
        <p className="muted">
          No authorization yet. Step through it above, or connect: when a server answers 401, each step of OAuth discovery, registration,
          authorization and token exchange appears here. To skip OAuth, add an <code>Authorization: Bearer …</code> header before
          connecting.
        </p>
      ) : (
        <ol className="auth-steps" aria-label="Authorization steps">
          {evicted > 0 && <li className="muted">{evicted} older steps not shown</li>}
          {steps.map((step) => (
            <StepItem key={step.id} step={step} />
          ))}
        </ol>
      )}
    </div>
  );
}

function StatusLine({ status }: { status: AuthStatus }) {
  let text: string;
  switch (status.phase) {
    case 'none':
      text = 'Not authorized (no OAuth flow has run).';
      break;
    case 'awaiting-user':
      text = `Waiting for you to sign in at ${new URL(status.url).host}.`;
      break;
    case 'authorized':
      text = `Authorized${status.scope ? ` with scope “${status.scope}”` : ''}${
        status.expiresAt ? `; the token expires at ${new Date(status.expiresAt).toLocaleTimeString()}` : ''
      }${status.hasRefreshToken ? ' and is refreshed automatically' : '; no refresh token, so you sign in again when it expires'}.${
        status.issuer ? ` Credentials keyed by issuer ${status.issuer}.` : ''
      }${status.remembered ? ' Remembered on this device.' : ''}`;
      break;
    case 'failed':
      text = `Authorization failed: ${status.message}`;
      break;
  }
  return (
    <p className={`auth-status auth-status-${status.phase}`} aria-live="polite">
      {text}
    </p>
  );
}

function ClientSettings({ serverUrl }: { serverUrl: string }) {
  const commands = useCommands();
  const redirectUrl = useRedirectUrl();
  const [clientId, setClientId] = useState('');
  const [clientSecret, setClientSecret] = useState('');
  const [saved, setSaved] = useState<string | null>(null);
  const status = useStoreOf('auth', (s) => s.status);
  const [rememberChoice, setRememberChoice] = useState<{ serverUrl: string; remember: boolean } | null>(null);
  // What the engine reports for this server wins; before any authorization, the user's own choice.
  const remember =
    status.phase === 'authorized' && sameUrl(status.serverUrl, serverUrl)
      ? Boolean(status.remembered)
      : rememberChoice !== null && sameUrl(rememberChoice.serverUrl, serverUrl) && rememberChoice.remember;

  const save = (event: FormEvent) => {
    event.preventDefault();
    void commands.auth
      .configureClient({ clientId, clientSecret })
      .then(() =>
        setSaved(
          clientId.trim()
            ? `Using pre-registered client “${clientId.trim()}” for the next authorization.`
            : 'Using Dynamic Client Registration.',
        ),
      );
  };
  const forget = () => {
    if (!serverUrl) return;
    setRememberChoice(null);
    void commands.auth.forgetAuthorization(serverUrl).then(
      () => {
        setSaved('Forgot every token, registration and discovery result for this server, in memory and on this device.');
      },
      (error: unknown) => setSaved(`Forget failed: ${describeError(error)}`),
    );
  };
  const toggleRemember = (checked: boolean) => {
    if (!serverUrl) return;
    setRememberChoice({ serverUrl, remember: checked });
    void commands.auth
      .rememberAuthorization(serverUrl, checked)
      .then(() =>
        setSaved(
          checked
            ? 'Tokens for this server are kept on this device until you press Forget.'
            : 'Tokens for this server are kept in memory only; the copy on this device was deleted.',
        ),
      );
  };

  return (
    <form className="auth-settings" onSubmit={save} aria-label="OAuth client">
      <p className="muted">
        Redirect URI: <code>{redirectUrl}</code>. Register it with your authorization server if you use a pre-registered client.
      </p>
      <div className="auth-fields">
        <label>
          Client ID
          <input
            className="input mono"
            value={clientId}
            onChange={(e) => setClientId(e.target.value)}
            placeholder="empty: register dynamically"
            autoComplete="off"
            spellCheck={false}
          />
        </label>
        <label>
          Client secret
          <input
            className="input mono"
            type="password"
            value={clientSecret}
            onChange={(e) => setClientSecret(e.target.value)}
            placeholder="optional"
            autoComplete="off"
          />
        </label>
      </div>
      <div className="auth-settings-actions">
        <button type="submit" className="button">
          Use this client
        </button>
        <button type="button" className="button" onClick={forget} disabled={!serverUrl}>
          Forget
        </button>
        <RememberCheckbox checked={remember} onChange={toggleRemember} disabled={!serverUrl} />
      </div>
      {saved && (
        <p className="muted" role="status">
          {saved}
        </p>
      )}
    </form>
  );
}

function sameUrl(a: string, b: string): boolean {
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return a === b;
  }
}
