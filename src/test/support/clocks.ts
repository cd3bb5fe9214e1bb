/**
 * A clock that moves only when a test moves it. The engine takes it in place of `realClock`, so tests of
 * timeouts, pacing and polling run at once and assert exact delays instead of wall-clock windows.
 */
import { realClock, type Clock } from '../../engine/clock.ts';
import { waitFor } from './wait-for.ts';

export interface ManualClock extends Clock {
  /** Moves time forward by `ms`, firing every timer that falls due on the way, earliest first. */
  advance(ms: number): void;
  /** Moves time to the earliest pending timer and fires it. Returns its delay from before the move, or undefined when none is pending. */
  fireNext(): number | undefined;
  /** The delays of the timers still pending, from now, earliest first. */
  pending(): number[];
}

export function createManualClock(start = Date.UTC(2026, 0, 1)): ManualClock {
  let time = start;
  let nextId = 0;
  const timers = new Map<number, { at: number; callback: () => void }>();

  const earliest = () => [...timers.entries()].sort(([a, x], [b, y]) => x.at - y.at || a - b)[0];
  const fire = (id: number, at: number, callback: () => void) => {
    timers.delete(id);
    time = Math.max(time, at);
    callback();
  };

  return {
    now: () => time,
    after(ms, callback) {
      const id = ++nextId;
      timers.set(id, { at: time + Math.max(0, ms), callback });
      return () => void timers.delete(id);
    },
    advance(ms) {
      const until = time + ms;
      for (let due = earliest(); due && due[1].at <= until; due = earliest()) fire(due[0], due[1].at, due[1].callback);
      time = until;
    },
    fireNext() {
      const due = earliest();
      if (!due) return undefined;
      const delay = due[1].at - time;
      fire(due[0], due[1].at, due[1].callback);
      return delay;
    },
    pending: () => [...timers.values()].map((t) => t.at - time).sort((a, b) => a - b),
  };
}

export interface ShiftedClock extends Clock {
  /** Jumps the time forward by `ms` at once; timers keep running in real time. */
  skip(ms: number): void;
}

/**
 * The real clock, moved forward on demand: for tests against real servers where only the time that is
 * read matters (a token's expiry), not the timers. Give the same clock to the server under test.
 */
export function createShiftedClock(): ShiftedClock {
  let shift = 0;
  return { now: () => realClock.now() + shift, after: (ms, callback) => realClock.after(ms, callback), skip: (ms) => void (shift += ms) };
}

/**
 * Drives an engine on a manual clock against a real server: waits (on state) until the engine has a timer
 * pending, fires it, and repeats until `done()` holds. Returns the delays it fired, in order. Only timers
 * shorter than `below` are fired, so an idle timeout is never mistaken for the timer a test waits for.
 */
export async function fireTimersUntil(clock: ManualClock, done: () => boolean, what: string, below = 60_000): Promise<number[]> {
  const fired: number[] = [];
  for (;;) {
    await waitFor(() => done() || (clock.pending()[0] ?? Infinity) < below, what);
    if (done()) return fired;
    fired.push(clock.fireNext()!);
  }
}

/** A check for `fireTimersUntil`: whether `promise` has settled, either way. */
export function settled(promise: Promise<unknown>): () => boolean {
  let done = false;
  promise.then(
    () => (done = true),
    () => (done = true),
  );
  return () => done;
}
