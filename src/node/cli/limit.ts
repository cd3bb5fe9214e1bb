/**
 * A time limit on the injected clock that aborts a signal when it passes: the run's deadline, and inside it
 * each request's timeout. The signal goes to `engine.call`, so a limit that passes cancels the request the
 * way the engine cancels anything (notifications/cancelled in 2025, closing the request's stream in
 * 2026-07-28, tasks/cancel for a task), and `passed` tells which limit it was.
 */
import type { Clock } from '../../engine/clock.ts';

export interface Limit {
  /** Aborts when this limit passes or the parent's signal aborts. */
  readonly signal: AbortSignal;
  /** Whether this limit itself passed (not its parent). */
  readonly passed: boolean;
  dispose(): void;
}

export function startLimit(clock: Clock, ms: number, parent?: AbortSignal): Limit {
  const controller = new AbortController();
  let passed = false;
  const onParentAbort = () => controller.abort(parent?.reason);
  const cancelTimer = clock.after(ms, () => {
    passed = true;
    controller.abort(new Error(`the limit of ${ms} ms passed`));
  });
  if (parent?.aborted) onParentAbort();
  else parent?.addEventListener('abort', onParentAbort, { once: true });
  return {
    signal: controller.signal,
    get passed() {
      return passed;
    },
    dispose() {
      cancelTimer();
      parent?.removeEventListener('abort', onParentAbort);
    },
  };
}
