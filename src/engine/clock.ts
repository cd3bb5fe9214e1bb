/**
 * The engine's only way to read the time or wait. Composition roots pass `realClock`; tests pass a manual
 * clock (`createManualClock` in src/test/support/clocks.ts) and move time themselves, so no engine test has to sleep.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Calls `callback` once, `ms` from now. Returns the function that cancels it (safe to call twice). */
  after(ms: number, callback: () => void): () => void;
}

export const realClock: Clock = {
  now: () => Date.now(),
  // The globals are read at each call, not captured at load, so vitest's fake timers still reach them.
  after(ms, callback) {
    const handle = setTimeout(callback, ms);
    return () => clearTimeout(handle);
  },
};

/** Resolves after `ms` on `clock`, or rejects with the signal's reason when it aborts first. */
export function sleep(clock: Clock, ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      cancel();
      reject(signal?.reason);
    };
    const cancel = clock.after(ms, () => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    });
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
