import { whyNoConversationScript, whyNoScript } from '../../app/index.ts';
import { redactUrl } from '../../shared/redact.ts';
import { useStoreOf } from '../services.tsx';
import { useDemo } from './use-demo.ts';

/**
 * Where the presenter looks (under the Demo mode button), in small muted type: why there is no script to
 * step, and what would make one. It is for the presenter, not the audience, so it never takes the stage
 * the way a running script's bar does (ScriptBar.tsx, PromptScriptBar.tsx); once there is a script it
 * says nothing, and the bar shows it. On the Playground it speaks of the conversation script, as the bar
 * there does.
 */
export function ScriptHint() {
  const demo = useDemo();
  const server = useStoreOf('connection', (state) => (state.phase === 'connected' && state.summary ? redactUrl(state.summary.url) : ''));
  const requests = useStoreOf('savedCalls', (state) => state.calls);
  const onPlayground = useStoreOf('view', (state) => state.tab === 'playground');
  const prompts = useStoreOf(
    'conversationScripts',
    (state) => state.scripts.find((script) => script.server === server)?.prompts.length ?? 0,
  );
  if (!demo) return null;
  const hint = onPlayground ? whyNoConversationScript(server, prompts) : whyNoScript(requests, server);
  if (hint === null) return null;
  return (
    <p className="presenter-hint muted" role="note" aria-label="Presenter hint">
      {hint}
    </p>
  );
}
