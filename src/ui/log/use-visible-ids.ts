import { useDeferredValue, useMemo, useRef } from 'react';
import { facetsActive, filterLog, selectByFacets, type FilterResult } from '../../state/index.ts';
import { LIST_REFRESH_MS, useThrottledState } from '../common/use-throttled-state.ts';
import { useLog, useApp } from '../services.tsx';

export interface VisibleIds {
  /** How many rows the list shows. */
  count: number;
  /** The id of row `index` (0 = oldest shown). */
  idAt(index: number): string | undefined;
  /** The row index of `id`, or -1. */
  indexOf(id: string): number;
  filtering: boolean;
}

/**
 * The ids the log shows: all of them, or those matching the filter (deferred, so typing stays responsive,
 * and incremental, so new batches are scanned once). Rows are virtualized, so nothing is capped here.
 */
export function useVisibleIds(): VisibleIds {
  // New entries repaint the list ten times a second at most (see useThrottledState); a typed filter at once.
  const { ids, byId, generation, revision } = useThrottledState(useApp().log, LIST_REFRESH_MS);
  const filterText = useDeferredValue(useLog((state) => state.filterText)).trim();
  const facets = useLog((state) => state.facets);
  const previous = useRef<FilterResult | null>(null);
  return useMemo(() => {
    if (facetsActive(facets)) {
      // Direction, kind and method are field checks: run over the text filter's matches (or all), per refresh.
      const text = filterText === '' ? null : filterLog({ ids, byId, generation, revision }, filterText, previous.current);
      previous.current = text;
      const kept = selectByFacets(text ? text.ids : ids, byId, facets);
      return {
        count: kept.length,
        idAt: (index: number) => kept[index],
        indexOf: (id: string) => kept.lastIndexOf(id),
        filtering: true,
      };
    }
    if (filterText === '') {
      previous.current = null;
      return {
        count: ids.length,
        idAt: (index: number) => ids.at(index),
        indexOf: (id: string) => {
          for (let index = ids.length - 1; index >= 0; index -= 1) if (ids.at(index) === id) return index;
          return -1;
        },
        filtering: false,
      };
    }
    // Reading and writing the ref here is a cache, not render output: the result depends only on the inputs.
    const result = filterLog({ ids, byId, generation, revision }, filterText, previous.current);
    previous.current = result;
    return {
      count: result.ids.length,
      idAt: (index: number) => result.ids[index],
      indexOf: (id: string) => result.ids.lastIndexOf(id),
      filtering: true,
    };
  }, [ids, byId, generation, revision, filterText, facets]);
}
