import { queryOptions } from '@tanstack/react-query';
import type { EngineClient } from '../bridge/index.ts';
import type { EngineError } from '../shared/errors.ts';
import { TERMINAL_TASK_STATUSES, type TaskList } from '../shared/tasks.ts';
import { mcpKeys } from './keys.ts';

/** While a task is running, the list refreshes this often unless the server asks for slower polling. */
const ACTIVE_REFRESH_MS = 2_000;

/**
 * The Tasks tab's list. Unlike other lists it goes stale by itself (tasks change without list_changed), so
 * it is refetched on mount and polled while any task is still working.
 */
export function tasksQueryOptions(client: EngineClient, connectionKey: number) {
  return queryOptions<TaskList, EngineError>({
    queryKey: mcpKeys.tasks(connectionKey),
    queryFn: ({ signal }) => client.call('listTasks', undefined, signal),
    staleTime: 0,
    refetchInterval: (query) => {
      const active = query.state.data?.tasks.filter((task) => !TERMINAL_TASK_STATUSES.includes(task.status)) ?? [];
      if (active.length === 0) return false;
      const suggested = Math.max(...active.map((task) => task.pollInterval ?? 0));
      return Math.min(10_000, Math.max(ACTIVE_REFRESH_MS, suggested));
    },
  });
}
