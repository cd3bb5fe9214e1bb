/**
 * Searching the Tools, Resources and Prompts lists: a pure predicate over an item's name, title,
 * description (and a resource's address), applied to the list data before it is rendered, so a windowed list
 * renders only what matches. Case-insensitive; every whitespace-separated term must occur somewhere.
 */

export interface Searchable {
  name: unknown;
  title?: unknown;
  description?: unknown;
  /** A resource's uri or a template's uriTemplate. */
  address?: unknown;
}

/** The terms of a query, lowercased; none for a blank query (which matches everything). */
export function searchTerms(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter(Boolean);
}

// Server-supplied fields may be anything at runtime (a hostile list): only strings are searched.
const text = (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : '');

export function matchesSearch(item: Searchable, terms: readonly string[]): boolean {
  if (terms.length === 0) return true;
  const haystack = [item.name, item.title, item.description, item.address].map(text).join('\n');
  return terms.every((term) => haystack.includes(term));
}

/** The items matching `query`, in list order. */
export function searchList<T extends Searchable>(items: readonly T[], query: string): T[] {
  const terms = searchTerms(query);
  return terms.length === 0 ? [...items] : items.filter((item) => matchesSearch(item, terms));
}
