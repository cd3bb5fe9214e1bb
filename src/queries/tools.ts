import { mutationOptions, queryOptions } from '@tanstack/react-query';
import type { EngineClient } from '../bridge/index.ts';
import type { EngineError } from '../shared/errors.ts';
import type { ToolCallOutcome, ToolCallParams, ToolList } from '../shared/model.ts';
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

export interface CallToolVariables {
  params: ToolCallParams;
  /** Mutations get no signal from react-query, so the caller brings one to offer a Cancel button. */
  signal?: AbortSignal;
}

/**
 * `tools/call` is a mutation: it may have effects, so it is never cached, refetched or retried. `runTool`
 * is the app's command (src/app/tool-commands.ts), which also keeps the result for a saved session.
 */
export function callToolMutationOptions(runTool: (params: ToolCallParams, signal?: AbortSignal) => Promise<ToolCallOutcome>) {
  return mutationOptions<ToolCallOutcome, EngineError, CallToolVariables>({
    mutationKey: mcpKeys.mutation('tools/call'),
    mutationFn: ({ params, signal }) => runTool(params, signal),
  });
}
