import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import type { Freshness } from '../shared/model.ts';

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
