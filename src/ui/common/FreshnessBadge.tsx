import type { Freshness } from '../../shared/model.ts';
import { formatDuration } from './format.ts';

/**
 * MCP 2026-07-28 cache hints of a list or read: how long the server says it stays fresh, for whom (public:
 * anyone; private: this sign-in), and whether MCP Lens answered from its cache instead of asking.
 */
export function FreshnessBadge({ freshness }: { freshness: Freshness | undefined }) {
  if (!freshness) return null;
  const { ttlMs, scope, fromCache, ageMs: age } = freshness;
  const left = Math.max(0, ttlMs - age);
  const scopeText = scope ? ` · ${scope}` : '';
  const title = `The server allows caching this for ${formatDuration(ttlMs)}${scope ? ` (${scope === 'public' ? 'for anyone' : 'for this sign-in only'})` : ''}.${fromCache ? ' MCP Lens answered from its cache without asking the server; Refresh asks it.' : ''}`;
  const text = fromCache
    ? `from cache · ${formatDuration(age)} old${scopeText}`
    : ttlMs > 0
      ? `fresh for ${formatDuration(left)}${scopeText}`
      : `not cacheable${scopeText}`;
  const badge = (
    <span className={fromCache ? 'badge badge-cache' : 'badge badge-fresh'} title={title}>
      {text}
    </span>
  );
  if (!freshness.problem) return badge;
  // The list is shown all the same: odd hints are clamped, never fatal (src/engine/features/cache-hints.ts).
  return (
    <>
      {badge}{' '}
      <span className="badge badge-warn" title={`The server's cache hints are not valid MCP: ${freshness.problem}.`}>
        cache hints fixed: {freshness.problem}
      </span>
    </>
  );
}
