/**
 * The Message log's structured filters: direction, kind and method, combined (AND) with the free-text
 * filter of log-filter.ts. Cheap field checks, so they run over the text filter's result on each refresh.
 */
import type { LogFacets } from './log-facet-model.ts';
import type { LogItem } from './log-item.ts';
import { labelOf, labelText } from './log-label.ts';

export { NO_FACETS, type DirectionFacet, type KindFacet, type LogFacets } from './log-facet-model.ts';

export function facetsActive(facets: LogFacets): boolean {
  return facets.direction !== 'any' || facets.kind !== 'any' || facets.method.trim() !== '';
}

function matchesFacets(item: LogItem, facets: LogFacets, label: string): boolean {
  if (!facetsActive(facets)) return true;
  // Engine notes are neither sent nor received: any structured filter leaves them out.
  if (item.type !== 'message') return false;
  const { entry } = item;
  if (facets.direction !== 'any' && entry.direction !== facets.direction) return false;
  if (facets.kind === 'error' ? entry.kind !== 'error' && entry.kind !== 'invalid' : facets.kind !== 'any' && entry.kind !== facets.kind)
    return false;
  const method = facets.method.trim().toLowerCase();
  // "tools/call · echo": the method filter finds a tool, prompt or resource by name too.
  return method === '' || label.toLowerCase().includes(method);
}

interface IdList {
  readonly length: number;
  at(index: number): string | undefined;
}

/** The ids of `ids` whose entries match the facets, in order. */
export function selectByFacets(ids: IdList, byId: ReadonlyMap<string, LogItem>, facets: LogFacets): string[] {
  const kept: string[] = [];
  for (let index = 0; index < ids.length; index += 1) {
    const id = ids.at(index)!;
    const item = byId.get(id);
    if (item && matchesFacets(item, facets, labelText(labelOf(byId, item)))) kept.push(id);
  }
  return kept;
}
