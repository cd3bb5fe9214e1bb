/**
 * Readers for values of unknown shape (server data, files, caught errors), shared so each file does not
 * keep its own copy. Each returns undefined rather than throwing: the caller decides what absence means.
 */

export const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A finite number, or undefined (NaN and the infinities are not numbers a reader can use). */
export const num = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

export const record = (value: unknown): Record<string, unknown> | undefined => (isRecord(value) ? value : undefined);

/** One formatter for every count shown ("1,024"): `toLocaleString` builds a new one on each call, which is slow. */
const COUNT_FORMAT = new Intl.NumberFormat('en-US');
export const formatCount = (count: number): string => COUNT_FORMAT.format(count);

/** "tool" or "tools" for `count`, without the count (when the count is written apart, e.g. with separators). */
export const pluralWord = (count: number, word: string, many = `${word}s`): string => (count === 1 ? word : many);

/** "1 tool", "3 tools"; `many` for words whose plural is not word + s. */
export const plural = (count: number, word: string, many = `${word}s`): string => `${count} ${pluralWord(count, word, many)}`;

/**
 * The message of anything thrown: an Error's message, the `message` of a plain object (an EngineError after
 * it crossed the worker boundary), or the value as text.
 */
export const describeError = (error: unknown): string =>
  error instanceof Error ? error.message : (str(record(error)?.message) ?? String(error));
