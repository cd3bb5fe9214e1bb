import { useEffect } from 'react';
import { nextAt, scriptFrom } from '../../app/index.ts';
import { plural } from '../../shared/read.ts';
import { redactUrl } from '../../shared/redact.ts';
import { stepsScript } from '../demo/script-keys.ts';
import { useStoreOf } from '../services.tsx';

/** One empty list: a selector that answered a new `[]` each time would re-render without end (React error 185). */
const NONE: readonly string[] = [];

const useServer = () =>
  useStoreOf('connection', (state) => (state.phase === 'connected' && state.summary ? redactUrl(state.summary.url) : ''));

/**
 * Demo mode's conversation script in the Playground: the prompts to send, in order, stepped with → like
 * the saved requests' script (src/ui/demo/ScriptBar.tsx). The first press puts the prompt in the composer,
 * the second sends it, so the audience reads the question before the model answers. Its key handler runs
 * before the saved requests' (capture), so → steps this script while the Playground is on screen.
 */
export function PromptScriptBar({ onShow, onSend, busy }: { onShow(prompt: string): void; onSend(prompt: string): void; busy: boolean }) {
  const server = useServer();
  const prompts = useStoreOf('conversationScripts', (state) => state.scripts.find((script) => script.server === server)?.prompts ?? NONE);
  const at = useStoreOf('conversationScripts', (state) => (state.position.server === server ? state.position.at : 'start'));
  const { go } = useStoreOf('conversationScripts', (state) => state.actions);
  const onScreen = useStoreOf('view', (state) => state.tab === 'playground');

  const step = () => {
    if (busy || prompts.length === 0) return;
    const next = nextAt(at, prompts.length);
    go(server, next);
    if (typeof next !== 'object') return;
    const prompt = prompts[next.step] ?? '';
    if (next.phase === 'form') onShow(prompt);
    else onSend(prompt);
  };

  useEffect(() => {
    if (!onScreen || prompts.length === 0) return;
    const onKey = (event: KeyboardEvent) => {
      const { key, altKey, ctrlKey, metaKey, shiftKey, defaultPrevented } = event;
      const target = event.target instanceof HTMLElement ? event.target : null;
      if (!stepsScript({ key, altKey, ctrlKey, metaKey, shiftKey, defaultPrevented, target })) return;
      event.preventDefault();
      step();
    };
    window.addEventListener('keydown', onKey, { capture: true });
    return () => window.removeEventListener('keydown', onKey, { capture: true });
  });

  // Without a script the presenter's hint says why (src/ui/demo/ScriptHint.tsx); the stage shows nothing.
  if (prompts.length === 0) return null;
  const status =
    at === 'start'
      ? `Conversation script ready: ${plural(prompts.length, 'prompt')}`
      : at === 'end'
        ? `Conversation script done: ${plural(prompts.length, 'prompt')}`
        : `Prompt ${at.step + 1} of ${prompts.length}${at.phase === 'result' ? ' sent' : ''}`;
  return (
    <section role="region" aria-label="Conversation script" className="script-bar">
      <p role="status" className="script-status">
        {status}
      </p>
      <button
        type="button"
        className="button button-primary script-next-button"
        aria-keyshortcuts="ArrowRight PageDown Space"
        disabled={busy}
        onClick={step}
      >
        Next prompt <kbd aria-hidden="true">→</kbd>
      </button>
      <button type="button" className="button" disabled={at === 'start'} onClick={() => go(server, 'start')}>
        Restart script
      </button>
    </section>
  );
}

/** Makes the person's messages of a conversation this server's demo script. */
export function UseAsScript({ items }: { items: readonly { kind: string; text?: string }[] }) {
  const server = useServer();
  const { setScript } = useStoreOf('conversationScripts', (state) => state.actions);
  const prompts = scriptFrom(items);
  return (
    <button
      type="button"
      className="button button-small"
      disabled={prompts.length === 0 || server === ''}
      title={server === '' ? 'Connect to the server the script is for.' : undefined}
      onClick={() => setScript(server, prompts)}
    >
      Use as demo script
    </button>
  );
}
