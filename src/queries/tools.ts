import { queryOptions } from '@tanstack/react-query';
import type { EngineClient } from '../bridge/index.ts';
import type { EngineError } from '../shared/errors.ts';
import type { ToolList } from '../shared/model.ts';
import { listStaleTime } from './refresh.ts';
import { mcpKeys, type CacheMode } from './keys.ts';

/**
 * `tools/list`, all pages. react-query's signal becomes a `cancel` message, then `notifications/cancelled`.
 * `cache: 'refresh'` (the Refresh button, through `queryClient.fetchQuery`) asks the server even while the
 * engine holds a list the server marked fresh; both fill the same query.
 */
export function toolsQueryOptions(client: EngineClient, connectionKey: number, cache: CacheMode = 'use') {
  return queryOptions<ToolList, EngineError>({
    queryKey: mcpKeys.tools(connectionKey),
    queryFn: ({ signal }) => client.call('listTools', { cache }, signal),
    staleTime: listStaleTime,
  });
}
