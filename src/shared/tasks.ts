/**
 * Tasks (MCP 2025-11-25, experimental): a request the server runs in the background and the client polls.
 * Shapes as the engine hands them to the UI; every field the server sent is read defensively.
 */

import type { ToolCallOutcome } from './model.ts';

// The task itself lives in task-info.ts, which model.ts can import without importing this file back.
export { TERMINAL_TASK_STATUSES, type TaskInfo, type TaskStatus } from './task-info.ts';
import type { TaskInfo } from './task-info.ts';

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
