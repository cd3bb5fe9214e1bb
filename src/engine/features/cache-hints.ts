/**
 * MCP 2026-07-28 cache hints (SEP-2549) read leniently. The SDK's schema wants `ttlMs` a non-negative
 * integer and `cacheScope` "public" or "private", and rejects the whole list otherwise; the spec reads a
 * negative `ttlMs` as 0 and a client may cap what it honours. So a list with odd hints is still shown: the
 * hints are clamped before the SDK decodes the answer, and the list carries a flag saying what was fixed.
 */

/** The spec lets a client cap what it honours; a server cannot pin an entry for longer than a day. */
export const MAX_TTL_MS = 24 * 60 * 60 * 1000;

/** Enumerable, so it survives the SDK's copy of the decoded result (`{ ...raw }`); never crosses the boundary. */
const CACHE_HINTS_FIXED = Symbol('mcp-lens.cache-hints-fixed');

const CACHEABLE = new Set(['tools/list', 'prompts/list', 'resources/list', 'resources/templates/list', 'resources/read']);

const shown = (value: unknown) => (typeof value === 'string' ? JSON.stringify(value.slice(0, 40)) : String(value).slice(0, 40));

/** The ttlMs MCP Lens honours for a value of unknown shape, and what was wrong with it (undefined: nothing). */
function clampTtl(value: unknown): { ttlMs: number; problem?: string } {
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_TTL_MS) return { ttlMs: value };
  if (typeof value === 'number' && Number.isInteger(value) && value > MAX_TTL_MS) return { ttlMs: MAX_TTL_MS };
  if (typeof value === 'number' && value < 0) return { ttlMs: 0, problem: `ttlMs ${shown(value)} is negative; read as 0 (not cached)` };
  if (value === Infinity) return { ttlMs: MAX_TTL_MS, problem: `ttlMs is out of range (${shown(value)}); clamped to one day` };
  if (typeof value === 'number' && Number.isFinite(value))
    return { ttlMs: Math.min(Math.floor(value), MAX_TTL_MS), problem: `ttlMs ${shown(value)} is not a whole number; rounded down` };
  return { ttlMs: 0, problem: `ttlMs ${shown(value)} is not a number; read as 0 (not cached)` };
}

/**
 * A copy of a cacheable result with hints the SDK accepts, marked with what was fixed; the result itself
 * when its hints are fine or the method has none. A missing `ttlMs` is left for the SDK to judge.
 */
export function clampCacheHints(method: string, raw: unknown): unknown {
  if (!CACHEABLE.has(method) || typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw;
  const result = raw as Record<string, unknown>;
  const problems: string[] = [];
  const fixed: Record<string, unknown> = {};
  if (Object.hasOwn(result, 'ttlMs')) {
    const { ttlMs, problem } = clampTtl(result.ttlMs);
    if (ttlMs !== result.ttlMs) fixed.ttlMs = ttlMs;
    if (problem) problems.push(problem);
  }
  if (Object.hasOwn(result, 'cacheScope') && result.cacheScope !== 'public' && result.cacheScope !== 'private') {
    fixed.cacheScope = 'private';
    problems.push(`cacheScope ${shown(result.cacheScope)} is not "public" or "private"; read as private`);
  }
  if (Object.keys(fixed).length === 0 && problems.length === 0) return raw;
  return { ...result, ...fixed, ...(problems.length > 0 && { [CACHE_HINTS_FIXED]: problems.join('; ') }) };
}

/** What clampCacheHints fixed in this (decoded) result, if anything. */
export function cacheHintsProblem(result: unknown): string | undefined {
  if (typeof result !== 'object' || result === null) return undefined;
  const problem = (result as Record<symbol, unknown>)[CACHE_HINTS_FIXED];
  return typeof problem === 'string' ? problem : undefined;
}
