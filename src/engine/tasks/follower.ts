/**
 * The one task follower: the loop that waits, polls `tasks/get` and reports each status, for either era's
 * tasks. What differs between eras is what a poll reads and when following is done (the caller's `poll`
 * and `done`); the pace is the same everywhere: the server's `pollInterval` when it gives one (within a
 * floor and a ceiling), otherwise backing off, since a task that says nothing about its pace is usually a
 * slow one and a follower polling twice a second fills the log (hundreds of rows for a minute's task).
 */
import type { TaskInfo } from '../../shared/tasks.ts';
import { sleep, type Clock } from '../clock.ts';

/** Polls no faster than this whatever the server suggests, and no slower than the upper bound. */
const MIN_POLL_MS = 200;
const MAX_POLL_MS = 10_000;
/** Without a suggested interval: the waits before each poll, the last one repeated. */
export const BACKOFF_MS: readonly number[] = [500, 1_000, 2_000, 5_000];

const clampPoll = (ms: number) => Math.min(MAX_POLL_MS, Math.max(MIN_POLL_MS, ms));

/**
 * The wait before each poll. A change of status starts the back-off over: a task that moved is worth
 * watching closely again. With `backoffCapMs` (a caller no one watches, such as the headless CLI) the wait
 * also doubles from the server's pollInterval: the server's pace is the shortest wait, never the only one.
 */
export function createPollPace(backoffCapMs?: number): (task: TaskInfo) => number {
  let step = 0;
  let lastStatus: string | undefined;
  return (task) => {
    if (task.status !== lastStatus) step = 0;
    lastStatus = task.status;
    if (backoffCapMs !== undefined) {
      const base = task.pollInterval === undefined ? BACKOFF_MS[0]! : clampPoll(task.pollInterval);
      const doubled = base * 2 ** Math.min(step++, 30);
      return Math.max(base, Math.min(clampPoll(backoffCapMs), doubled));
    }
    if (task.pollInterval !== undefined) return clampPoll(task.pollInterval);
    return BACKOFF_MS[Math.min(step++, BACKOFF_MS.length - 1)]!;
  };
}

export interface PollLoop<S> {
  /** What the follow starts from (the task handle the call was answered with). */
  first: S;
  taskOf(state: S): TaskInfo;
  /** Following ends (the loop returns) once this holds. */
  done(state: S): boolean;
  /** One `tasks/get`, read; undefined when the poll brought no news and the next one should be made. */
  poll(signal: AbortSignal | undefined): Promise<S | undefined>;
  /** Called with every state before the wait for the next poll; may throw to end the follow (a deadline). */
  beforeWait?(state: S): void;
  onStatus(task: TaskInfo): void;
  clock: Clock;
  signal?: AbortSignal;
  /** Doubles the wait while the status stays the same, up to this (`TaskFollowPolicy.backoffCapMs`). */
  backoffCapMs?: number;
}

/** Waits and polls until `done`; the last state is the result. Aborting `signal` ends the wait or the poll. */
export async function followPolls<S>(loop: PollLoop<S>): Promise<S> {
  const pace = createPollPace(loop.backoffCapMs);
  let state = loop.first;
  loop.onStatus(loop.taskOf(state));
  while (!loop.done(state)) {
    loop.beforeWait?.(state);
    await sleep(loop.clock, pace(loop.taskOf(state)), loop.signal);
    const next = await loop.poll(loop.signal);
    if (next === undefined) continue;
    state = next;
    loop.onStatus(loop.taskOf(state));
  }
  return state;
}
