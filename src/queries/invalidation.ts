import type { QueryClient } from '@tanstack/react-query';
import type { EngineEvent } from '../shared/events.ts';
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
    if (entry.direction !== 'in' || entry.kind !== 'notification' || entry.method === undefined) continue;
    for (const method of ownValue(LIST_CHANGED, entry.method) ?? []) stale.add(method);
  }
  if (stale.size === 0) return;
  void queryClient.invalidateQueries({
    queryKey: mcpKeys.all,
    predicate: (query) => stale.has(String(query.queryKey[2])),
  });
}

/** Drops every cached MCP result, e.g. when the session ends: nothing of a dead session should be shown. */
export function forgetSession(queryClient: QueryClient): void {
  queryClient.removeQueries({ queryKey: mcpKeys.all });
}
