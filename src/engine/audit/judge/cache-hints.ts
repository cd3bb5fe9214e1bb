/**
 * MCP 2026-07-28 caching hints (server/utilities/caching): every complete result of server/discover, the four
 * lists and resources/read MUST carry `ttlMs` (an integer ≥ 0) and `cacheScope` ("public" or "private"), and
 * every page of one list MUST have the same scope. Read from the wire: the engine clamps odd hints before it
 * uses them, and the audit must see what the server sent.
 */
import { isRecord, plural } from '../../../shared/read.ts';
import { MAX_TTL_MS } from '../../features/cache-hints.ts';
import { fail, hasProblems, pass, quote, warn, type Finding } from './findings.ts';

export interface CacheableResult {
  /** What the sentence names: "tools/list page 2", "server/discover". */
  label: string;
  /** The request it answers; pages of one list share it. */
  method: string;
  /** The result as the server sent it. */
  result: unknown;
}

export function judgeCacheHints(results: readonly CacheableResult[]): Finding[] {
  const findings: Finding[] = [];
  const scopes = new Map<string, Set<unknown>>();
  let judged = 0;
  for (const { label, method, result } of results) {
    // An interim input_required result is not cacheable and carries no hints.
    if (!isRecord(result) || result.resultType === 'input_required') continue;
    judged += 1;
    findings.push(...cacheHintFindings(label, result));
    scopes.set(method, (scopes.get(method) ?? new Set()).add(result.cacheScope));
  }
  for (const [method, seen] of scopes) {
    if (seen.size > 1)
      findings.push(fail(`The pages of ${method} carry different cacheScope values; every page of one list must have the same.`));
  }
  if (judged > 0 && !hasProblems(findings))
    findings.push(
      pass(`${plural(judged, 'cacheable result')} carry a whole, non-negative ttlMs and a cacheScope of "public" or "private".`),
    );
  return findings;
}

/**
 * One result's hints: ttlMs whole and ≥ 0 (over a day warns), cacheScope "public" or "private". The list checks
 * judge each page with this too, since the schema that requires resultType requires both hints beside it.
 */
export function cacheHintFindings(label: string, result: Record<string, unknown>): Finding[] {
  return [...ttlFindings(label, result), ...scopeFindings(label, result)];
}

function ttlFindings(label: string, result: Record<string, unknown>): Finding[] {
  const { ttlMs } = result;
  if (ttlMs === undefined) return [fail(`${label} has no ttlMs; MCP 2026-07-28 requires caching hints on it.`)];
  if (typeof ttlMs !== 'number' || !Number.isInteger(ttlMs))
    return [fail(`${label} has ttlMs ${quote(ttlMs, 30)}, not a whole number of milliseconds.`)];
  if (ttlMs < 0) return [fail(`${label} has ttlMs ${ttlMs}; servers must send a value ≥ 0.`)];
  if (ttlMs > MAX_TTL_MS)
    return [
      warn(
        `${label} has ttlMs ${ttlMs} (over a day); clients cap what they honour (MCP Lens at one day), and a stale list lingers that long.`,
      ),
    ];
  return [];
}

function scopeFindings(label: string, result: Record<string, unknown>): Finding[] {
  const { cacheScope } = result;
  if (cacheScope === undefined) return [fail(`${label} has no cacheScope; MCP 2026-07-28 requires "public" or "private".`)];
  if (cacheScope !== 'public' && cacheScope !== 'private')
    return [fail(`${label} has cacheScope ${quote(cacheScope, 30)}, not "public" or "private".`)];
  return [];
}
