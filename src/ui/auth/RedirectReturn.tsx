import { useEffect, useState } from 'react';
import { appLink } from './app-link.ts';
import { REDIRECT_RETURN_KEY } from '../../state/index.ts';
import type { ReturnOutcome } from '../../app/index.ts';
import { useCommands, useStoreReader } from '../services.tsx';
import { tabStorage } from './open-authorization.ts';
import './auth.css';

/** The callback is taken once per page load, even if React mounts this twice (StrictMode in development). */
let started = false;

/**
 * Back from a full-page redirect: finishes the sign-in this tab started (restoring the connection the
 * user had), then connects. A wrong or missing state, an expired record, or an `error=` answer is shown
 * here, and nothing is exchanged.
 */
export function RedirectReturn() {
  const commands = useCommands();
  const read = useStoreReader();
  const [outcome, setOutcome] = useState<ReturnOutcome | { kind: 'working' }>(() =>
    tabStorage()?.getItem(REDIRECT_RETURN_KEY) ? { kind: 'working' } : { kind: 'none' },
  );

  useEffect(() => {
    if (started) return;
    started = true;
    const storage = tabStorage();
    if (!storage?.getItem(REDIRECT_RETURN_KEY)) return;
    void commands.auth.returnFromAuthorization().then((result) => {
      setOutcome(result);
      if (result.kind === 'none') return;
      // A reload now reopens the same server instead of the bare callback hand-over.
      const url = read('connection').input.url;
      if (url) window.history.replaceState(null, '', appLink(url));
    });
  }, [commands, read]);

  if (outcome.kind === 'none') return null;
  if (outcome.kind === 'working') {
    return (
      <section className="auth-prompt" role="region" aria-label="Sign-in result">
        <p role="status">Finishing the sign-in you started in this tab…</p>
      </section>
    );
  }
  if (outcome.kind === 'finished' && outcome.droppedHeaders.length === 0) return null;
  const dismiss = () => setOutcome({ kind: 'none' });
  return (
    <section className={`auth-prompt${outcome.kind === 'failed' ? ' auth-prompt-failed' : ''}`} role="region" aria-label="Sign-in result">
      {outcome.kind === 'failed' ? (
        <p className="auth-error" role="alert">
          Sign-in not finished: {outcome.message}
        </p>
      ) : (
        <p role="status">
          Signed in. Secret headers are not kept across a redirect; enter {outcome.droppedHeaders.join(', ')} again if this server needs{' '}
          {outcome.droppedHeaders.length > 1 ? 'them' : 'it'}.
        </p>
      )}
      <div className="auth-prompt-actions">
        <button type="button" className="button" onClick={dismiss}>
          Dismiss
        </button>
      </div>
    </section>
  );
}
