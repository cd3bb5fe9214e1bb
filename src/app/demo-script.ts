/**
 * A demo script: the saved requests for the connected server, in their saved order, stepped through one
 * key press at a time. Each step takes two presses: the first shows the tool with its form filled in, the
 * second runs it, so the audience sees what is asked before what comes back.
 */
import { redactUrl } from '../shared/redact.ts';
import { plural } from '../shared/read.ts';
import type { ScriptAt } from '../state/demo-script-store.ts';
import type { SavedCall } from '../state/saved-calls-store.ts';
import { serverIdentity } from './address.ts';
import type { Stores } from './stores.ts';

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
 * Why demo mode shows no script, in words that say what to do: the bar always says something, so a
 * missing script is never a silent absence.
 */
export function whyNoScript(requests: readonly SavedCall[], server: string): string {
  if (!server) return 'No script yet: connect to a server, and its saved requests become the script.';
  const others = requests.length;
  const elsewhere =
    others > 0 ? ` The ${plural(others, 'saved request')} here ${others === 1 ? 'belongs' : 'belong'} to other servers.` : '';
  return `No script for this server: save a call in the History tab (Save request) and it becomes a step.${elsewhere}`;
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
