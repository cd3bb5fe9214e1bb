import { useEffect, useMemo } from 'react';
import { positionOn, scriptFor, scriptStatus } from '../../app/index.ts';
import { redactUrl } from '../../shared/redact.ts';
import { useCommands, useStoreOf } from '../services.tsx';
import { stepsScript } from './script-keys.ts';

/**
 * Demo mode's script: the saved requests for this server (ordered in the History tab), stepped with one
 * key; the keys work wherever the focus is not typing. Shown only while there is a script: why there is
 * none is the presenter's to read, in small type under the Demo mode button (ScriptHint.tsx), not the
 * audience's headline.
 */
export function ScriptBar() {
  const { nextScriptStep, restartScript } = useCommands().demo;
  const server = useStoreOf('connection', (state) => (state.phase === 'connected' && state.summary ? redactUrl(state.summary.url) : ''));
  const requests = useStoreOf('savedCalls', (state) => state.calls);
  const script = useMemo(() => (server ? scriptFor(requests, server) : []), [requests, server]);
  const at = useStoreOf('demoScript', (state) => positionOn(state, server));
  // The Playground shows its own script (the prompts to send, PromptScriptBar.tsx) in this place.
  const onPlayground = useStoreOf('view', (state) => state.tab === 'playground');
  const active = script.length > 0 && !onPlayground;

  useEffect(() => {
    if (!active) return;
    const onKey = (event: KeyboardEvent) => {
      if (!stepsScript({ ...pick(event), target: event.target instanceof HTMLElement ? event.target : null })) return;
      event.preventDefault();
      nextScriptStep();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [active, nextScriptStep]);

  if (!active) return null;
  const next =
    at === 'start' || at === 'end'
      ? 'show step 1'
      : at.phase === 'form'
        ? 'run it'
        : at.step + 1 < script.length
          ? `show step ${at.step + 2}`
          : 'finish';
  return (
    <section role="region" aria-label="Demo script" className="script-bar">
      <p role="status" className="script-status">
        {scriptStatus(at, script)}
      </p>
      <span className="script-next muted">Next: {next}</span>
      <button
        type="button"
        className="button button-primary script-next-button"
        aria-keyshortcuts="ArrowRight PageDown Space"
        onClick={nextScriptStep}
      >
        Next step <kbd aria-hidden="true">→</kbd>
      </button>
      <button type="button" className="button" disabled={at === 'start'} onClick={restartScript}>
        Restart script
      </button>
    </section>
  );
}

const pick = ({ key, altKey, ctrlKey, metaKey, shiftKey, defaultPrevented }: KeyboardEvent) => ({
  key,
  altKey,
  ctrlKey,
  metaKey,
  shiftKey,
  defaultPrevented,
});
