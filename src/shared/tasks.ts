/**
 * Tasks (MCP 2025-11-25, experimental): a request the server runs in the background and the client polls.
 * Shapes as the engine hands them to the UI; every field the server sent is read defensively.
 */

import type { ToolCallOutcome } from './model.ts';

export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

export const TERMINAL_TASK_STATUSES: readonly string[] = ['completed', 'failed', 'cancelled'];

export interface TaskInfo {
  taskId: string;
  /** One of TaskStatus, or whatever else a server sent (shown as-is). */
  status: string;
  statusMessage?: string;
  /** ISO 8601, as the server sent it. */
  createdAt?: string;
  lastUpdatedAt?: string;
  /** Milliseconds the server keeps the task after creation; null means unlimited. */
  ttl?: number | null;
  /** Milliseconds the server suggests between polls. */
  pollInterval?: number;
}

export interface TaskList {
  tasks: TaskInfo[];
  /** `server`: from tasks/list. `session`: the server has no tasks/list, so these are the tasks this session created, refreshed with tasks/get. */
  source: 'server' | 'session';
  pages: number;
}

/** What tasks/result returned: shaped as a tool result when it is one, and always the raw payload. */
export interface TaskPayload {
  outcome: ToolCallOutcome;
  raw: unknown;
}

export interface TasksApi {
  taskResult: { params: { taskId: string }; result: TaskPayload };
  listTasks: { params: undefined; result: TaskList };
  getTask: { params: { taskId: string }; result: TaskInfo };
  cancelTask: { params: { taskId: string }; result: TaskInfo };
}
