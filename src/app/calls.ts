/**
 * The calls registry of one connection: `start(kind, params)` sends a tool call, a prompt get or a log
 * re-send and returns its id at once; `cancel(id)` stops it. Where each call stands lives in the `calls`
 * store (src/state/calls-store.ts), fed by the event router, so a view renders a call by its id and owns no
 * AbortController. Leaving a view, or putting the connection in the background, cancels nothing.
 */
import type { EngineClient } from '../bridge/index.ts';
import { asEngineError } from '../shared/errors.ts';
import type { ToolCallOutcome, ToolCallParams } from '../shared/model.ts';
import type { ResendDraft, ResendResult } from '../shared/resend.ts';
import type { AnyCall, CallKind, CallKinds, RequestMatch } from '../state/calls-store.ts';
import type { AppEffects } from './effects.ts';
import type { Stores } from './stores.ts';

interface Senders {
  runTool(params: ToolCallParams, signal?: AbortSignal): Promise<ToolCallOutcome>;
  resendRequest(itemId: string, edited?: ResendDraft, signal?: AbortSignal): Promise<ResendResult>;
}

export function callCommands(client: EngineClient, stores: Stores, effects: Pick<AppEffects, 'now'>, send: Senders) {
  /** The calls still running, with what stops them: the registry's, never a view's. */
  const running = new Map<string, AbortController>();
  let counter = 0;
  const calls = () => stores.calls.getState();

  function request<K extends CallKind>(kind: K, params: CallKinds[K]['params'], id: string, signal: AbortSignal): Promise<unknown> {
    if (kind === 'tool') return send.runTool({ ...(params as CallKinds['tool']['params']), trackingId: id }, signal);
    if (kind === 'prompt') {
      const { name, arguments: args } = params as CallKinds['prompt']['params'];
      return client.call('getPrompt', { name, arguments: args }, signal);
    }
    const { itemId, edited } = params as CallKinds['resend']['params'];
    return send.resendRequest(itemId, edited, signal);
  }

  function matchOf<K extends CallKind>(kind: K, params: CallKinds[K]['params']): { target: string; match: RequestMatch } {
    if (kind === 'resend') {
      const { itemId, edited } = params as CallKinds['resend']['params'];
      const item = stores.log.getState().byId.get(itemId);
      const method = edited?.method ?? (item?.type === 'message' ? item.entry.method : undefined) ?? '';
      return { target: itemId, match: { method, ...(item?.type === 'message' && { resentFrom: item.entry.seq }) } };
    }
    const { name } = params as { name: string };
    return { target: name, match: { method: kind === 'tool' ? 'tools/call' : 'prompts/get', name } };
  }

  /**
   * Starts a call and returns its id; its progress, answer, error and time appear in the `calls` store under
   * that id, and as the latest call of its tool, prompt or log entry.
   */
  function startCall<K extends CallKind>(kind: K, params: CallKinds[K]['params']): string {
    const id = `${kind}-${effects.now().toString(36)}-${++counter}`;
    const controller = new AbortController();
    running.set(id, controller);
    const { target, match } = matchOf(kind, params);
    calls().actions.started({ id, kind, target, params, status: 'running', startedAt: effects.now(), match } as AnyCall);
    request(kind, params, id, controller.signal)
      .then(
        (result) => calls().actions.settled(id, { result }, effects.now()),
        (error: unknown) => calls().actions.settled(id, { error: asEngineError(error) }, effects.now()),
      )
      .finally(() => running.delete(id));
    return id;
  }

  /** Stops a running call: the server is told (notifications/cancelled, a closed stream, or tasks/cancel). */
  function cancelCall(id: string): void {
    running.get(id)?.abort();
  }

  /** Settles once the call has: for tests and scripts that wait on a call rather than render it. */
  function settledCall(id: string): Promise<AnyCall> {
    const done = () => {
      const call = calls().byId.get(id);
      return call && call.status !== 'running' ? call : undefined;
    };
    const now = done();
    if (now) return Promise.resolve(now);
    return new Promise((resolve) => {
      const stop = stores.calls.subscribe(() => {
        const call = done();
        if (!call) return;
        stop();
        resolve(call);
      });
    });
  }

  return { startCall, cancelCall, settledCall };
}
