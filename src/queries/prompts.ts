import { queryOptions } from '@tanstack/react-query';
import type { EngineClient } from '../bridge/index.ts';
import type { CompleteParams, CompleteResult } from '../shared/completions-api.ts';
import type { EngineError } from '../shared/errors.ts';
import type { PromptList } from '../shared/prompts-api.ts';
import { listStaleTime } from './refresh.ts';
import { mcpKeys, type CacheMode } from './keys.ts';

/** `prompts/list`; `cache: 'refresh'` as in toolsQueryOptions. */
export function promptsQueryOptions(client: EngineClient, connectionKey: number, cache: CacheMode = 'use') {
  return queryOptions<PromptList, EngineError>({
    queryKey: mcpKeys.prompts(connectionKey),
    queryFn: ({ signal }) => client.call('listPrompts', { cache }, signal),
    staleTime: listStaleTime,
  });
}

/**
 * Completions for what is typed so far. Keyed by everything that shapes the answer; kept briefly so
 * typing back and forth does not ask again.
 */
export function completionQueryOptions(client: EngineClient, connectionKey: number, params: CompleteParams) {
  const ref = params.ref.type === 'ref/prompt' ? params.ref.name : params.ref.uri;
  return queryOptions<CompleteResult, EngineError>({
    queryKey: mcpKeys.completion(
      connectionKey,
      params.ref.type,
      ref,
      params.argument.name,
      params.argument.value,
      // As sorted entries, not an object: react-query hashes an object key by copying it into a plain object,
      // where an argument named `__proto__` would vanish and two different contexts would share one answer.
      Object.entries(params.contextArguments ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    ),
    queryFn: ({ signal }) => client.call('complete', params, signal),
    staleTime: 10_000,
    gcTime: 60_000,
  });
}
