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
