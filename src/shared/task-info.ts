/** One task (2025-11-25 tasks, or the 2026-07-28 tasks extension) as the engine hands it to the UI; see tasks.ts for the rest. */

export const TERMINAL_TASK_STATUSES: readonly string[] = ['completed', 'failed', 'cancelled'];

export interface TaskInfo {
  taskId: string;
  /** One of TaskStatus, or whatever else a server sent (shown as-is). */
  status: string;
  statusMessage?: string;
  /** ISO 8601, as the server sent it. */
  createdAt?: string;
  lastUpdatedAt?: string;
  /** Milliseconds the server keeps the task after creation (`ttl`, or `ttlMs` in the extension); null means unlimited. */
  ttl?: number | null;
  /** Milliseconds the server suggests between polls (`pollInterval`, or `pollIntervalMs` in the extension). */
  pollInterval?: number;
  /** The tool whose call started the task, when this session started it (not sent by the server). */
  tool?: string;
}

/**
 * How a call that the server turns into a task is followed. The browser leaves both unset: a person answers
 * the task's questions, and the server's pollInterval is honoured as given. A program with no one to answer
 * (the headless CLI) stops at `input_required` instead of waiting for an answer that never comes, and backs
 * its polls off so a long task costs a few requests, not one every half second.
 */
export interface TaskFollowPolicy {
  /**
   * `answer`: put the task's requests for input to the host and keep following. `cancel`: at
   * `input_required`, send `tasks/cancel` and fail the call with the code `input-required`.
   * @default 'answer'
   */
  inputRequired?: 'answer' | 'cancel';
  /**
   * When set, the wait doubles after each poll that brings the same status (from the server's pollInterval,
   * never shorter than it) up to this many milliseconds. Unset: the follower's own pace (follower.ts).
   */
  backoffCapMs?: number;
}
