/**
 * What the engine knows about tasks before it follows one: whether a server runs tools as tasks, the tasks
 * each session created, and the tasks extension offered on every modern connection. Small on purpose: the
 * following, polling and the Tasks tab's requests (tasks.ts, task-extension.ts) load with the first task.
 */
import { isRecord } from '../../shared/read.ts';
import { TASKS_EXTENSION, type TaskInfo } from '../../shared/tasks.ts';
import type { Session, SessionExtension } from '../session/session.ts';

/** The extension has no settings yet (an empty object declares support); offered on every modern connection. */
export const tasksExtension: SessionExtension = { protocolExtensions: { [TASKS_EXTENSION]: {} } };

/** Where the server lets clients run tools/call as a task (`capabilities.tasks.requests.tools.call`). */
export function serverRunsToolTasks(capabilities: Record<string, unknown>): boolean {
  const tasks = capabilities.tasks;
  return isRecord(tasks) && isRecord(tasks.requests) && isRecord(tasks.requests.tools) && tasks.requests.tools.call !== undefined;
}

/** Tasks each session created, so a server without tasks/list still has a Tasks tab worth looking at. */
export type KnownTasks = WeakMap<Session, Map<string, TaskInfo>>;

export function rememberTask(known: KnownTasks, session: Session, task: TaskInfo): void {
  let map = known.get(session);
  if (!map) known.set(session, (map = new Map()));
  // A status update does not say which tool started the task: keep what the call said.
  const tool = task.tool ?? map.get(task.taskId)?.tool;
  map.set(task.taskId, tool === undefined ? task : { ...task, tool });
}
