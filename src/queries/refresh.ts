import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import type { Freshness } from '../shared/model.ts';
import { mcpKeys } from './keys.ts';

/**
 * Refresh: asks again now. Our queries never go stale by time (`staleTime: Infinity`, see client.ts), and
 * `fetchQuery` hands back a held answer that is not stale, so without `staleTime: 0` Refresh sent nothing.
 * Pair it with the `'refresh'` cache mode so the engine's list cache is skipped too.
 */
export function refreshQuery<T, E, K extends QueryKey>(queryClient: QueryClient, options: FetchQueryOptions<T, E, T, K>): Promise<T> {
  return queryClient.fetchQuery({ ...options, staleTime: 0 });
}

/**
 * A list the server marked cacheable is asked for again each time a view mounts: the engine answers from
 * its cache while the server's time allows (and the badge says "from cache"), and asks the server after.
 * A list without hints stays held until Refresh or list_changed, as before.
 */
export const listStaleTime = (query: { state: { data?: { freshness?: Freshness } | undefined } }): number =>
  query.state.data?.freshness ? 0 : Infinity;

/**
 * Feature tabs stay mounted once visited, so a view coming back on screen does not mount again. When one
 * does come back, the lists the server marked cacheable are asked for again: the engine answers from its
 * cache while the server's time allows (the badge then says "from cache"), and asks the server once it has
 * run out. Lists without cache hints are left alone (they change only on Refresh or list_changed).
 */
export function askAgainForCacheableLists(
  queryClient: QueryClient,
  connectionKey: number,
  /** The list methods of the view that came back (e.g. `tools/list`); every list when left out. */
  methods?: readonly string[],
): Promise<void> {
  return queryClient.refetchQueries({
    queryKey: mcpKeys.connection(connectionKey),
    type: 'active',
    predicate: (query) =>
      (methods === undefined || methods.includes(String(query.queryKey[2]))) &&
      (query.state.data as { freshness?: Freshness } | undefined)?.freshness !== undefined,
  });
}
