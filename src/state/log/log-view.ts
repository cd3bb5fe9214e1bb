/**
 * What the Message log shows: every entry, or those the text filter and the direction, kind and method
 * filters keep. One function for the list on screen and for "Export filtered log", so the file holds exactly
 * the rows the person sees.
 */
import { facetsActive, selectByFacets, type LogFacets } from './log-facets.ts';
import { filterLog, type FilterResult } from './log-filter.ts';
import type { LogState } from './log-store.ts';

export interface ShownLog {
  /** How many rows the list shows. */
  count: number;
  /** The id of row `index` (0 = oldest shown). */
  idAt(index: number): string | undefined;
  /** The row index of `id`, or -1. */
  indexOf(id: string): number;
  /** A filter is in force: the rows are a part of the log. */
  filtering: boolean;
}

type FilterableLog = Pick<LogState, 'ids' | 'byId' | 'generation' | 'revision'>;

/**
 * The rows for this filter text and these facets. `previous` is the last text-filter result, so new batches
 * are scanned once; the new one is returned as `cache` for the next call (null when no text is typed).
 */
export function shownLog(
  log: FilterableLog,
  filterText: string,
  facets: LogFacets,
  previous: FilterResult | null = null,
): { shown: ShownLog; cache: FilterResult | null } {
  const text = filterText.trim();
  const matched = text === '' ? null : filterLog(log, text, previous);
  if (facetsActive(facets)) {
    // Direction, kind and method are field checks: run over the text filter's matches (or all), per refresh.
    return { shown: fromArray(selectByFacets(matched ? matched.ids : log.ids, log.byId, facets)), cache: matched };
  }
  if (matched) return { shown: fromArray(matched.ids), cache: matched };
  const { ids } = log;
  return {
    shown: {
      count: ids.length,
      idAt: (index) => ids.at(index),
      indexOf: (id) => {
        for (let index = ids.length - 1; index >= 0; index -= 1) if (ids.at(index) === id) return index;
        return -1;
      },
      filtering: false,
    },
    cache: null,
  };
}

const fromArray = (kept: readonly string[]): ShownLog => ({
  count: kept.length,
  idAt: (index) => kept[index],
  indexOf: (id) => kept.lastIndexOf(id),
  filtering: true,
});
