import type { QueryClient } from '@tanstack/react-query';
import type { EngineEvent, MessageEntry } from '../shared/events.ts';
import { ownValue } from '../shared/own.ts';
import { LIST_CHANGED, mcpKeys } from './keys.ts';

/**
 * Marks lists stale when the server says they changed (an inbound `notifications/<feature>/list_changed`).
 * Active queries refetch at once; inactive ones on next use.
 */
export function wireInvalidation(queryClient: QueryClient, events: readonly EngineEvent[]): void {
  const stale = new Set<string>();
  for (const event of events) {
    if (event.type !== 'message') continue;
    const { entry } = event;
    // Tasks change without list_changed: a new task (a call answered with one) or a status notification
    // refreshes the Tasks tab, so a new task appears without Refresh.
    if (entry.direction === 'in' && (startsTask(entry) || entry.method === 'notifications/tasks/status')) stale.add('tasks/list');
    if (entry.direction !== 'in' || entry.kind !== 'notification' || entry.method === undefined) continue;
    for (const method of ownValue(LIST_CHANGED, entry.method) ?? []) stale.add(method);
  }
  if (stale.size === 0) return;
  void queryClient.invalidateQueries({
    queryKey: mcpKeys.all,
    predicate: (query) => stale.has(String(query.queryKey[2])),
  });
}

/** A response that hands out a task: `result.task` (2025-11-25's CreateTaskResult) or `resultType: "task"` (the tasks extension). */
function startsTask(entry: MessageEntry): boolean {
  if (entry.kind !== 'response' || typeof entry.message !== 'object' || entry.message === null) return false;
  const result = (entry.message as { result?: unknown }).result;
  if (typeof result !== 'object' || result === null) return false;
  const { task, resultType } = result as { task?: unknown; resultType?: unknown };
  return resultType === 'task' || (typeof task === 'object' && task !== null);
}

/** Drops every cached MCP result, e.g. when the session ends: nothing of a dead session should be shown. */
export function forgetSession(queryClient: QueryClient): void {
  queryClient.removeQueries({ queryKey: mcpKeys.all });
}
