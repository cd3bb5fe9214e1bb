/**
 * What the Message log shows: every entry, or those the text filter and the direction, kind and method
 * filters keep. One function for the list on screen and for "Export filtered log", so the file holds exactly
 * the messages the person sees. On screen, task polls also fold into one row per task (log-polls.ts); an
 * export passes no folding and holds every message the filters keep.
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

/** The log's poll folding, for the list on screen. */
export type Folding = Pick<LogState, 'rowIds' | 'polls' | 'expandedPolls'>;

/**
 * The rows for this filter text and these facets. `previous` is the last text-filter result, so new batches
 * are scanned once; the new one is returned as `cache` for the next call (null when no text is typed).
 */
export function shownLog(
  log: FilterableLog,
  filterText: string,
  facets: LogFacets,
  previous: FilterResult | null = null,
  folding?: Folding,
): { shown: ShownLog; cache: FilterResult | null } {
  const text = filterText.trim();
  const matched = text === '' ? null : filterLog(log, text, previous);
  const fold = (kept: readonly string[]) => (folding ? foldMatches(folding, kept) : kept);
  if (facetsActive(facets)) {
    // Direction, kind and method are field checks: run over the text filter's matches (or all), per refresh.
    return { shown: fromArray(fold(selectByFacets(matched ? matched.ids : log.ids, log.byId, facets)), true), cache: matched };
  }
  if (matched) return { shown: fromArray(fold(matched.ids), true), cache: matched };
  if (folding && folding.expandedPolls.size > 0) {
    // Expanded groups show their members in place: a scan of the log, made only while one is open.
    const kept: string[] = [];
    for (let index = 0; index < log.ids.length; index += 1) {
      const id = log.ids.at(index)!;
      if (!isHidden(folding, id)) kept.push(id);
    }
    return { shown: fromArray(kept, false), cache: null };
  }
  // The common case, a flood included: the rows list is kept by the store, nothing is scanned.
  const ids = folding ? folding.rowIds : log.ids;
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

const fromArray = (kept: readonly string[], filtering: boolean): ShownLog => ({
  count: kept.length,
  idAt: (index) => kept[index],
  indexOf: (id) => kept.lastIndexOf(id),
  filtering,
});

/** A folded poll stays hidden unless its group is expanded (or its head was evicted, ending the group). */
function isHidden({ polls, expandedPolls }: Folding, id: string): boolean {
  const head = polls.foldedInto.get(id);
  return head !== undefined && polls.groups.has(head) && !expandedPolls.has(head);
}

/** Matches with folded polls replaced by their group's row, once: a filter that finds only an answer still shows its task. */
function foldMatches(folding: Folding, kept: readonly string[]): readonly string[] {
  if (folding.polls.groups.size === 0) return kept;
  const heads = new Set<string>();
  const rows: string[] = [];
  for (const id of kept) {
    const row = isHidden(folding, id) ? folding.polls.foldedInto.get(id)! : id;
    if (folding.polls.groups.has(row)) {
      if (heads.has(row)) continue;
      heads.add(row);
    }
    rows.push(row);
  }
  return rows;
}
