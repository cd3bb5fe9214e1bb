/**
 * Task polling folded into one row per task. A client follows a task with `tasks/get` every second or two,
 * and the Tasks tab polls too: left alone, one long task put hundreds of rows in the Message log. The first
 * `tasks/get` of a task is its group's row (the head); later polls and every answer fold into it, and the row
 * says how many polls there were and the status the last answer gave. Expanding a group shows its members
 * again, in their places. Filters still find folded messages, and exports hold them all (log-view.ts).
 */
import { targetOf } from './log-label.ts';
import { messageItemId, type LogItem } from './log-item.ts';
import { isRecord } from '../../shared/read.ts';

const POLL_METHOD = 'tasks/get';

export interface PollGroup {
  /** The id of the group's first `tasks/get` request: the row that stands for the group. */
  head: string;
  taskId: string;
  /** How many `tasks/get` requests were sent for this task (the head included). */
  polls: number;
  /** The status in the latest answer; `error` when it was a JSON-RPC error. */
  lastStatus?: string;
  /** How many messages fold into the head (later requests and every answer). */
  folded: number;
}

/** Mutable indexes, updated in place with the log's `byId`; a new group object tells the head's row it changed. */
export interface PollIndex {
  /** By head id. */
  groups: Map<string, PollGroup>;
  /** Task id → head id. */
  headOfTask: Map<string, string>;
  /** A folded message's id → its head's id. */
  foldedInto: Map<string, string>;
}

export const emptyPollIndex = (): PollIndex => ({ groups: new Map(), headOfTask: new Map(), foldedInto: new Map() });

/**
 * Files a new item (already in `byId`) with its task's polls. Returns true when it folds into an earlier
 * row, false when it is a row of its own (anything else, or a task's first poll, which becomes a head).
 */
export function filePoll(index: PollIndex, byId: ReadonlyMap<string, LogItem>, item: LogItem): boolean {
  if (item.type !== 'message') return false;
  const { entry } = item;
  if (entry.kind === 'request' && entry.method === POLL_METHOD) {
    const taskId = targetOf(POLL_METHOD, entry.message);
    if (taskId === undefined) return false;
    const head = index.headOfTask.get(taskId);
    const group = head === undefined ? undefined : index.groups.get(head);
    if (!group) {
      index.headOfTask.set(taskId, item.id);
      index.groups.set(item.id, { head: item.id, taskId, polls: 1, folded: 0 });
      return false;
    }
    index.foldedInto.set(item.id, group.head);
    index.groups.set(group.head, { ...group, polls: group.polls + 1, folded: group.folded + 1 });
    return true;
  }
  if ((entry.kind !== 'response' && entry.kind !== 'error') || entry.requestSeq === undefined) return false;
  const requestId = messageItemId(entry.requestSeq);
  const head = index.groups.has(requestId) ? requestId : index.foldedInto.get(requestId);
  const group = head === undefined ? undefined : index.groups.get(head);
  if (!group || byId.get(requestId)?.type !== 'message') return false;
  index.foldedInto.set(item.id, group.head);
  const status = entry.kind === 'error' ? 'error' : statusOf(entry.message);
  index.groups.set(group.head, { ...group, folded: group.folded + 1, ...(status !== undefined && { lastStatus: status }) });
  return true;
}

/** An evicted item leaves the indexes; a group whose head is evicted ends, and the task's next poll starts a new one. */
export function forgetPoll(index: PollIndex, id: string): void {
  index.foldedInto.delete(id);
  const group = index.groups.get(id);
  if (!group) return;
  index.groups.delete(id);
  if (index.headOfTask.get(group.taskId) === id) index.headOfTask.delete(group.taskId);
}

/** The task status a `tasks/get` result carries: `status` (2025-11-25) or `task.status` (the tasks extension). */
function statusOf(message: unknown): string | undefined {
  const result = isRecord(message) && isRecord(message.result) ? message.result : undefined;
  if (!result) return undefined;
  const status = typeof result.status === 'string' ? result.status : isRecord(result.task) ? result.task.status : undefined;
  return typeof status === 'string' ? status.slice(0, 40) : undefined;
}

/** "×37, last: working": what a group's row says after its method and task. */
export const pollSummary = (group: PollGroup): string =>
  `×${group.polls}${group.lastStatus === undefined ? '' : `, last: ${group.lastStatus}`}`;
