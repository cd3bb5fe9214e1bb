import { useDeferredValue, useMemo, useRef } from 'react';
import { shownLog, type FilterResult, type ShownLog } from '../../state/index.ts';
import { LIST_REFRESH_MS } from '../common/use-throttled-state.ts';
import { useStoreOf, useThrottledStoreOf } from '../services.tsx';

/**
 * The ids the log shows: all of them, or those matching the filters (the text deferred, so typing stays
 * responsive, and incremental, so new batches are scanned once). Rows are virtualized, so nothing is capped here.
 */
export function useVisibleIds(): ShownLog {
  // New entries repaint the list ten times a second at most (see useThrottledState); a typed filter at once.
  const { ids, byId, generation, revision, rowIds, polls, expandedPolls } = useThrottledStoreOf('log', LIST_REFRESH_MS);
  const filterText = useDeferredValue(useStoreOf('log', (state) => state.filterText));
  const facets = useStoreOf('log', (state) => state.facets);
  const previous = useRef<FilterResult | null>(null);
  return useMemo(() => {
    // Reading and writing the ref here is a cache, not render output: the result depends only on the inputs.
    const { shown, cache } = shownLog({ ids, byId, generation, revision }, filterText, facets, previous.current, {
      rowIds,
      polls,
      expandedPolls,
    });
    previous.current = cache;
    return shown;
  }, [ids, byId, generation, revision, filterText, facets, rowIds, polls, expandedPolls]);
}
