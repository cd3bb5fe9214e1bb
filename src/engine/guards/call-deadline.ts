/**
 * A call's own timeout, which stops counting while a person answers. The SDK's request timeout cannot
 * pause, so a tool that asks a question (elicitation, sampling, an input_required round) failed at 60 s
 * with "the server may be busy or stuck" while the person was still reading the dialog. Here the idle
 * timeout (reset by progress) and the total limit both skip the time held, and an answer counts as a
 * fresh sign of life.
 */
import type { EngineError } from '../../shared/errors.ts';
import type { Clock } from '../clock.ts';

export interface CallDeadlineOptions {
  /** Without a sign of life (the start, progress, an answer from the person) for this long, the call fails. */
  idleMs: number;
  /** The call fails after this long in all, not counting the time held. */
  totalMs: number;
  clock: Clock;
  /** The caller's cancellation; it aborts the deadline's signal with the same reason. */
  parent?: AbortSignal;
}

export interface CallDeadline {
  /** Aborts when the caller cancels or the deadline passes. */
  readonly signal: AbortSignal;
  /** Why the deadline passed, once it has: what the call should fail with. */
  readonly expired: EngineError | undefined;
  /** The server showed progress: the idle timeout starts again. */
  progressed(): void;
  /** A person is answering the server (true), or no longer is (false). */
  hold(held: boolean): void;
  dispose(): void;
}

const seconds = (ms: number) => (ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`);

export function createCallDeadline(options: CallDeadlineOptions): CallDeadline {
  const { clock } = options;
  const controller = new AbortController();
  let expired: EngineError | undefined;
  let cancelTimer: (() => void) | undefined;
  let held = false;
  let disposed = false;
  let lastSign = clock.now();
  let runningSince = lastSign;
  /** Time counted against the total before the current running stretch. */
  let counted = 0;

  const clear = () => {
    cancelTimer?.();
    cancelTimer = undefined;
  };
  const expire = (error: EngineError) => {
    expired = error;
    clear();
    controller.abort(error.message);
  };
  const check = () => {
    cancelTimer = undefined;
    if (held || disposed || controller.signal.aborted) return;
    const now = clock.now();
    const idleLeft = options.idleMs - (now - lastSign);
    const totalLeft = options.totalMs - counted - (now - runningSince);
    if (totalLeft <= 0) {
      expire({
        code: 'timeout',
        message: `The call ran past its total limit of ${seconds(options.totalMs)} (time you spent answering the server is not counted). Raise the total limit in Call settings if the tool needs longer.`,
      });
    } else if (idleLeft <= 0) {
      expire({
        code: 'timeout',
        message: `The server sent nothing for ${seconds(options.idleMs)} (no answer and no progress; time you spent answering its questions is not counted). It may be busy or stuck; try again, or raise the timeout in Call settings.`,
      });
    } else cancelTimer = clock.after(Math.min(idleLeft, totalLeft), check);
  };
  const onParentAbort = () => {
    clear();
    controller.abort(options.parent?.reason);
  };
  if (options.parent?.aborted) onParentAbort();
  else options.parent?.addEventListener('abort', onParentAbort, { once: true });
  check();

  return {
    signal: controller.signal,
    get expired() {
      return expired;
    },
    progressed() {
      lastSign = clock.now();
      if (!held && !controller.signal.aborted) {
        clear();
        check();
      }
    },
    hold(hold) {
      if (hold === held || controller.signal.aborted) return;
      const now = clock.now();
      held = hold;
      if (hold) {
        counted += now - runningSince;
        clear();
      } else {
        runningSince = now;
        lastSign = now;
        check();
      }
    },
    dispose() {
      disposed = true;
      clear();
      options.parent?.removeEventListener('abort', onParentAbort);
    },
  };
}
