/**
 * Cacheable lists (MCP 2026-07-28, SEP-2549): a server may mark a list fresh for `ttlMs`. Within that time
 * MCP Lens answers from its cache and says so; Refresh (`cache: 'refresh'`) always asks the server, and a
 * list_changed notification drops the entry. The cache belongs to one session, so nothing crosses to
 * another server or another sign-in.
 */
import type { CacheHints, Freshness, ListRequest } from '../../shared/model.ts';
import { ownValue } from '../../shared/own.ts';
import { MAX_TTL_MS } from './cache-hints.ts';

type CacheableList = 'tools/list' | 'prompts/list' | 'resources/list' | 'resources/templates/list';

const DROPPED_BY: Record<string, CacheableList[]> = {
  'notifications/tools/list_changed': ['tools/list'],
  'notifications/prompts/list_changed': ['prompts/list'],
  'notifications/resources/list_changed': ['resources/list', 'resources/templates/list'],
};

export interface ListCache {
  /** A fresh cached answer unless `request.cache` is 'refresh'; otherwise `load`, kept when the server allows. */
  serve<T extends object>(
    method: CacheableList,
    request: ListRequest,
    load: () => Promise<{ value: T; hints?: CacheHints }>,
  ): Promise<T & { freshness?: Freshness }>;
  /** A notification that arrived: list_changed drops what it names. */
  observe(method: string | undefined): void;
}

export function createListCache(now: () => number): ListCache {
  const entries = new Map<CacheableList, { value: object; freshness: Freshness }>();
  return {
    async serve(method, request, load) {
      const held = entries.get(method);
      if (held && request?.cache !== 'refresh' && now() < held.freshness.receivedAt + held.freshness.ttlMs) {
        const ageMs = now() - held.freshness.receivedAt;
        return { ...(held.value as Awaited<ReturnType<typeof load>>['value']), freshness: { ...held.freshness, fromCache: true, ageMs } };
      }
      entries.delete(method);
      const { value, hints } = await load();
      if (!hints) return value;
      const freshness: Freshness = {
        ...hints,
        ttlMs: Math.min(Math.max(0, hints.ttlMs), MAX_TTL_MS),
        receivedAt: now(),
        fromCache: false,
        ageMs: 0,
      };
      if (freshness.ttlMs > 0) entries.set(method, { value, freshness });
      return { ...value, freshness };
    },
    observe(method) {
      for (const dropped of ownValue(DROPPED_BY, method) ?? []) entries.delete(dropped);
    },
  };
}
