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
  /** Starts the time again from now, unless it already passed: progress from the server extends a call, as the SDK's resetTimeoutOnProgress does. */
  restart(): void;
  dispose(): void;
}

export function startLimit(clock: Clock, ms: number, parent?: AbortSignal): Limit {
  const controller = new AbortController();
  let passed = false;
  const onParentAbort = () => controller.abort(parent?.reason);
  const start = () =>
    clock.after(ms, () => {
      passed = true;
      controller.abort(new Error(`the limit of ${ms} ms passed`));
    });
  let cancelTimer = start();
  if (parent?.aborted) onParentAbort();
  else parent?.addEventListener('abort', onParentAbort, { once: true });
  return {
    signal: controller.signal,
    get passed() {
      return passed;
    },
    restart() {
      if (controller.signal.aborted) return;
      cancelTimer();
      cancelTimer = start();
    },
    dispose() {
      cancelTimer();
      parent?.removeEventListener('abort', onParentAbort);
    },
  };
}

/**
 * Waits for the call, but once the signal aborts, for at most `graceMs` more on the clock. A call gets time
 * to finish cancelling (a task's tasks/cancel is awaited by the engine, bounded at 10 s), so the cancel is
 * on the wire before the run moves on or exits. Connect and disconnect get none: the engine's take no
 * signal (a newer Connect or Disconnect supersedes a connect, which the CLI's disconnect does) and would
 * hold the run until their own timeouts.
 */
export function untilAborted<T>(call: Promise<T>, signal: AbortSignal, clock: Clock, graceMs: number): Promise<T> {
  // Whatever an abandoned call does later must not surface as an unhandled rejection.
  call.catch(() => undefined);
  let cancelGrace = () => undefined as void;
  let onAbort = () => undefined as void;
  const abandoned = new Promise<never>((_, reject) => {
    onAbort = () => {
      if (graceMs === 0) reject(signal.reason);
      else cancelGrace = clock.after(graceMs, () => reject(signal.reason));
    };
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  return Promise.race([call, abandoned]).finally(() => {
    signal.removeEventListener('abort', onAbort);
    cancelGrace();
  });
}

/** What a call under a limit came to: its value, or its error and whether the limit itself ran out. */
export type Attempt<T> = { ok: true; value: T } | { ok: false; error: unknown; timedOut: boolean };

export interface WithinOptions {
  /** The enclosing limit (the run's deadline): its abort cancels this call too, but is not this limit passing. */
  parent?: AbortSignal;
  /** Time the call gets to finish cancelling once aborted (see untilAborted). @default 0 */
  graceMs?: number;
  /** Called with the limit before the call starts (to restart it on progress); returns what stops that. */
  watch?(limit: Limit): () => void;
}

/**
 * One request (or a handshake as a whole) within `ms`: a server that stops answering cannot hold the step.
 * The CLI's calls and the audit's connection and listing both go through here; `timedOut` says the limit
 * itself passed, so each words its own timeout, and an engine bound that fired first words its own failure.
 */
export async function within<T>(
  clock: Clock,
  ms: number,
  call: (signal: AbortSignal) => Promise<T>,
  options: WithinOptions = {},
): Promise<Attempt<T>> {
  const limit = startLimit(clock, ms, options.parent);
  const stopWatching = options.watch?.(limit) ?? (() => undefined);
  try {
    return { ok: true, value: await untilAborted(call(limit.signal), limit.signal, clock, options.graceMs ?? 0) };
  } catch (error) {
    return { ok: false, error, timedOut: limit.passed };
  } finally {
    stopWatching();
    limit.dispose();
  }
}
