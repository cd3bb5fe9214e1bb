/**
 * Tasks: a request the server runs in the background and the client polls. Two wires carry them: the
 * experimental tasks of MCP 2025-11-25 (`capabilities.tasks`, `tasks/list`, `tasks/result`) and, on
 * 2026-07-28, the tasks extension (SEP-2663: `resultType: "task"`, `tasks/get` carries the result,
 * `tasks/update` answers its requests for input). Shapes as the engine hands them to the UI; every field
 * the server sent is read defensively.
 */

import type { ToolCallOutcome } from './model.ts';

// The task itself lives in task-info.ts, which model.ts can import without importing this file back.
export { TERMINAL_TASK_STATUSES, type TaskInfo } from './task-info.ts';
import type { TaskInfo } from './task-info.ts';

/** The tasks extension's id (SEP-2663), in `capabilities.extensions` on both sides. */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';
/** The requests the tasks extension lets a server answer with a task; a task for any other is invalid. */
export const TASK_METHODS: readonly string[] = ['tools/call'];

export interface TaskList {
  tasks: TaskInfo[];
  /** `server`: from tasks/list. `session`: the server has no tasks/list, so these are the tasks this session created, refreshed with tasks/get. */
  source: 'server' | 'session';
  pages: number;
}

/** A finished task's payload, shaped as a tool result when it is one, and always the raw payload. */
export interface TaskPayload {
  outcome: ToolCallOutcome;
  raw: unknown;
  /** Where the payload came from: `tasks/result` (2025-11-25), or the `result` a completed task carries in `tasks/get` (2026-07-28). */
  source: 'tasks/result' | 'tasks/get';
}

export interface TasksApi {
  taskResult: { params: { taskId: string }; result: TaskPayload };
  listTasks: { params: undefined; result: TaskList };
  getTask: { params: { taskId: string }; result: TaskInfo };
  cancelTask: { params: { taskId: string }; result: TaskInfo };
}
