/**
 * Lookups keyed by strings a server (or a file, or a user) chose. A plain object inherits from
 * Object.prototype, so `table['__proto__']`, `table['constructor']` or `table['toString']` answer with
 * something nobody put there. Read our own constant tables through `ownValue`; build objects keyed by
 * outside data with `ownEntries` (own data properties, even for `__proto__`), or use a Map.
 */

/** `table[key]` if the table itself has that key, otherwise undefined: never an inherited member. */
export function ownValue<T>(table: Readonly<Record<string, T>>, key: string | undefined): T | undefined {
  return key !== undefined && Object.hasOwn(table, key) ? table[key] : undefined;
}

/**
 * A plain object with these entries as own data properties. Unlike `out[key] = value`, a key `__proto__`
 * becomes an ordinary property instead of replacing the object's prototype (same as Object.fromEntries).
 */
export function ownEntries<T>(entries: Iterable<readonly [string, T]>): Record<string, T> {
  return Object.fromEntries(entries) as Record<string, T>;
}

/**
 * An object with no prototype holding these entries, for code that reads it by name with `obj[name]`
 * (e.g. a library): a missing `toString` or `__proto__` is then undefined, not an Object.prototype member.
 */
export function dictionary<T>(entries: Iterable<readonly [string, T]>): Record<string, T> {
  const out = Object.create(null) as Record<string, T>;
  for (const [key, value] of entries) out[key] = value;
  return out;
}
