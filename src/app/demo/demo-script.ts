/**
 * A demo script: the saved requests for the connected server, in their saved order, stepped through one
 * key press at a time. Each step takes two presses: the first shows the tool with its form filled in, the
 * second runs it, so the audience sees what is asked before what comes back.
 */
import { redactUrl } from '../../shared/redact.ts';
import { plural } from '../../shared/read.ts';
import type { ScriptAt } from '../../state/demo-script-store.ts';
import type { SavedCall } from '../../state/saved-calls-store.ts';
import { serverIdentity } from '../address/address.ts';
import type { Stores } from '../stores.ts';

/**
 * The saved requests made on this server. Saved requests keep the server URL with its secrets masked, and
 * a link drops credential-looking parameters from the address, so two spellings of one server (with and
 * without `?api_key=…`) are compared without those parameters: the key is not what names the server.
 */
export function scriptFor(requests: readonly SavedCall[], serverUrl: string): SavedCall[] {
  const server = serverIdentity(redactUrl(serverUrl));
  return requests.filter((request) => serverIdentity(request.server) === server);
}

/**
 * Why demo mode has no script to step, in words that say what to do, or null when there is one. It is the
 * presenter's hint (src/ui/demo/ScriptHint.tsx), so a missing script is never a silent absence, and never
 * the audience's headline either.
 */
export function whyNoScript(requests: readonly SavedCall[], server: string): string | null {
  if (!server) return 'No script yet: connect, and saved requests become its steps.';
  if (scriptFor(requests, server).length > 0) return null;
  const others = requests.length;
  const elsewhere = others > 0 ? ` (${plural(others, 'saved request')} for other servers)` : '';
  return `No script: save a call in History (Save request).${elsewhere}`;
}

/** The same for the Playground's conversation script, given how many prompts this server's script has. */
export function whyNoConversationScript(server: string, prompts: number): string | null {
  if (prompts > 0) return null;
  if (!server) return 'No conversation script yet: connect first.';
  return 'No conversation script: chat, then Use as demo script.';
}

/** The position after one more press; after the last result, the end, and after the end, the start again. */
export function nextAt(at: ScriptAt, length: number): ScriptAt {
  if (length === 0) return 'start';
  if (at === 'start' || at === 'end') return { step: 0, phase: 'form' };
  // The script may have shrunk under the position (a request deleted): carry on from what is left.
  const step = Math.min(at.step, length - 1);
  if (at.phase === 'form' && step === at.step) return { step, phase: 'result' };
  if (step !== at.step) return { step, phase: 'form' };
  return step + 1 < length ? { step: step + 1, phase: 'form' } : 'end';
}

/** What the script bar says: "Step 2 of 5 — Say hello". */
export function scriptStatus(at: ScriptAt, script: readonly SavedCall[]): string {
  const steps = `${plural(script.length, 'step')}`;
  if (at === 'start') return `Script ready: ${steps}`;
  if (at === 'end') return `Script done: ${steps}`;
  const request = script[Math.min(at.step, script.length - 1)];
  return `Step ${at.step + 1} of ${script.length} — ${request?.name ?? ''}`;
}

/** Where the script stands on this server: a position kept for another server counts as not begun. */
export const positionOn = (state: { server: string; at: ScriptAt }, server: string): ScriptAt =>
  state.server === server ? state.at : 'start';

export function demoScriptCommands(stores: Pick<Stores, 'connection' | 'savedCalls' | 'view' | 'demoScript'>) {
  const current = () => {
    const { phase, summary } = stores.connection.getState();
    const server = phase === 'connected' && summary ? redactUrl(summary.url) : '';
    const state = stores.demoScript.getState();
    return { server, script: scriptFor(stores.savedCalls.getState().calls, server), at: positionOn(state, server) };
  };
  return {
    /** One press: show the next step's filled form, or run the step on screen. Nothing without a connection. */
    nextScriptStep(): void {
      const { server, script, at } = current();
      if (!server || script.length === 0) return;
      const next = nextAt(at, script.length);
      const request = typeof next === 'object' ? script[next.step] : undefined;
      if (!request) return stores.demoScript.getState().actions.go(server, next, null);
      stores.view.getState().actions.showTab('tools');
      stores.view.getState().actions.selectTool(request.tool);
      stores.demoScript.getState().actions.go(server, next, {
        tool: request.tool,
        arguments: request.arguments,
        run: typeof next === 'object' && next.phase === 'result',
      });
    },
    /** Back to before the first step. */
    restartScript(): void {
      stores.demoScript.getState().actions.go(current().server, 'start', null);
    },
  };
}
