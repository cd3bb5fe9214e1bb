/**
 * Follows `nextCursor` through a paginated list, guarding against servers whose cursors never end: one load
 * follows at most MAX_LIST_PAGES pages and keeps at most MAX_LIST_ITEMS items, then stops with `more`, from
 * which "Load more" continues. A cursor seen twice ends the list (a loop, not more data).
 */
import type { Client, RequestOptions, StandardSchemaV1 } from '@modelcontextprotocol/client';
import { boundJson } from '../../shared/bounds.ts';
import { MAX_LIST_ITEMS, MAX_LIST_PAGES, type CacheHints, type ListMore } from '../../shared/model.ts';
import { plural, record } from '../../shared/read.ts';
import { cacheHintsProblem } from './cache-hints.ts';

export interface Paged<T> {
  items: T[];
  pages: number;
  /** Entries that `read` rejected (not the right shape). */
  skipped: number;
  /** 2026-07-28 cache hints: the shortest `ttlMs` of the pages, and `private` if any page is. */
  hints?: CacheHints;
  /** Paging stopped at a bound; the list goes on from `more.cursor`. */
  more?: ListMore;
}

type ListMethod = 'tools/list' | 'resources/list' | 'resources/templates/list' | 'prompts/list';

export async function listAllPages<T>(
  client: Client,
  method: ListMethod,
  field: string,
  read: (value: unknown) => T | undefined,
  options: { signal?: AbortSignal; note: (text: string) => void; after?: string; limits?: { pages: number; items: number } },
): Promise<Paged<T>> {
  const limits = options.limits ?? { pages: MAX_LIST_PAGES, items: MAX_LIST_ITEMS };
  const items: T[] = [];
  const seen = new Set<string>();
  let cursor = options.after;
  let pages = 0;
  let skipped = 0;
  let hints: CacheHints | undefined;
  let more: ListMore | undefined;
  do {
    const params = cursor === undefined ? {} : { cursor };
    const page = record(await rawRequest(client, method, params, { ...(options.signal && { signal: options.signal }) })) ?? {};
    pages += 1;
    hints = mergeHints(hints, page, pages);
    const all = Array.isArray(page[field]) ? (page[field] as unknown[]) : [];
    const room = limits.items - items.length;
    const raw = all.length > room ? all.slice(0, room) : all;
    if (raw.length < all.length)
      options.note(`${method}: kept ${room} of the ${all.length} entries on page ${pages}; the rest of that page is left out.`);
    for (const value of raw) {
      // Bounded before reading, so a megabyte-long description or a deeply nested annotation cannot cross as is.
      const item = read(boundJson(value));
      if (item === undefined) skipped += 1;
      else items.push(item);
    }
    cursor = typeof page.nextCursor === 'string' ? page.nextCursor : undefined;
    if (cursor !== undefined && seen.has(cursor)) {
      options.note(`${method} returned cursor ${JSON.stringify(cursor)} twice; stopped paging to avoid a loop.`);
      break;
    }
    if (cursor !== undefined) seen.add(cursor);
    const bound =
      pages >= limits.pages
        ? `stopped after ${plural(pages, 'page')}`
        : items.length >= limits.items
          ? `stopped at ${items.length} entries`
          : undefined;
    if (bound !== undefined && cursor !== undefined) {
      options.note(`${method}: ${bound}; the server has more. Use Load more to continue.`);
      more = { cursor, reason: bound };
      break;
    }
  } while (cursor !== undefined);
  if (skipped > 0) options.note(`${method}: left out ${skipped} entr${skipped === 1 ? 'y' : 'ies'} without the required fields.`);
  return { items, pages, skipped, ...(hints && { hints }), ...(more && { more }) };
}

/** The first page decides whether the list carries hints; a later page without `ttlMs` makes it stale. */
function mergeHints(sofar: CacheHints | undefined, page: Record<string, unknown>, pageNumber: number): CacheHints | undefined {
  const ttlMs = typeof page.ttlMs === 'number' && Number.isFinite(page.ttlMs) ? page.ttlMs : undefined;
  const scope = page.cacheScope === 'public' || page.cacheScope === 'private' ? page.cacheScope : undefined;
  // What sdk-client.ts clamped on this page before the SDK read it (a negative ttlMs, an unknown scope…).
  const problem = cacheHintsProblem(page);
  if (pageNumber === 1) return ttlMs === undefined ? undefined : { ttlMs, ...(scope && { scope }), ...(problem && { problem }) };
  if (sofar === undefined) return undefined;
  const merged = {
    ttlMs: Math.min(sofar.ttlMs, ttlMs ?? 0),
    scope: sofar.scope === 'private' || scope === 'private' ? 'private' : scope,
    problem: sofar.problem ?? problem,
  } as const;
  return { ttlMs: merged.ttlMs, ...(merged.scope && { scope: merged.scope }), ...(merged.problem && { problem: merged.problem }) };
}

/**
 * Accepts any result: the SDK's own schema would reject a whole page for one malformed entry, and an
 * inspector must show what came (and what is wrong with it) rather than only an error.
 */
const ANY_RESULT: StandardSchemaV1<unknown, unknown> = {
  '~standard': { version: 1, vendor: 'mcp-lens', validate: (value) => ({ value }) },
};

/** A request whose result is read defensively by the caller instead of validated by the SDK. */
export function rawRequest(
  client: Client,
  method: string,
  params: Record<string, unknown> | undefined,
  options: RequestOptions = {},
): Promise<unknown> {
  return client.request({ method, ...(params !== undefined && { params }) }, ANY_RESULT, options);
}
