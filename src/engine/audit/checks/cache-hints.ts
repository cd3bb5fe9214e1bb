/**
 * cache-hints (2026-07-28): server/discover, each list the server offers and one resources/read carry sane
 * caching hints. Lists come from the shared listings; server/discover is asked again, so the hints are read
 * as sent rather than as the connect step kept them.
 */
import { isRecord, plural } from '../../../shared/read.ts';
import type { AuditCheck } from '../check.ts';
import type { Exchange } from '../exchange.ts';
import { exchangeLine, wireResult } from '../judge/answer.ts';
import { judgeCacheHints, type CacheableResult } from '../judge/cache-hints.ts';
import { outcomeOf } from '../judge/findings.ts';
import { LISTS, type ListKind } from '../listing.ts';

const CACHED_LISTS: ListKind[] = ['tools', 'prompts', 'resources', 'resourceTemplates'];

const cacheable = (exchange: Exchange, label: string): CacheableResult[] =>
  exchange.answer.kind === 'result' ? [{ label, method: exchange.method, result: wireResult(exchange) }] : [];

export const cacheHints: AuditCheck = {
  id: 'cache-hints',
  title: 'Cacheable results carry sane caching hints',
  sections: { modern: 'server/utilities/caching#cacheable-results' },
  notInEra: 'Caching hints are new in MCP 2026-07-28; the 2025 era has none.',
  sideEffects: false,
  suite: {
    scenario: 'caching',
    differs:
      'The suite asks for every list whatever the server offers (a missing list fails); MCP Lens reads only the lists the capabilities declare.',
  },
  async run(ctx) {
    const results: CacheableResult[] = [];
    const sent: string[] = [];
    const discover = await ctx.send('server/discover');
    sent.push(exchangeLine(discover));
    results.push(...cacheable(discover, 'server/discover'));
    for (const kind of CACHED_LISTS) {
      if (ctx.capabilities[LISTS[kind].capability] === undefined) continue;
      const listing = await ctx.listing(kind);
      listing.pages.forEach((page, index) =>
        results.push(...cacheable(page, listing.pages.length > 1 ? `${page.method} page ${index + 1}` : page.method)),
      );
      sent.push(`Read ${LISTS[kind].method}: ${plural(listing.pages.length, 'page')}.`);
      if (kind !== 'resources') continue;
      const first = listing.items.find((item) => isRecord(item) && typeof item.uri === 'string');
      if (!isRecord(first)) continue;
      const read = await ctx.send('resources/read', { uri: first.uri });
      sent.push(exchangeLine(read));
      results.push(...cacheable(read, 'resources/read'));
    }
    return outcomeOf(judgeCacheHints(results), sent);
  },
};
