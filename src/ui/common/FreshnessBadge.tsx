import { useEffect, useState } from 'react';
import type { Freshness } from '../../shared/model.ts';
import { formatDuration, formatSpan } from './format.ts';

/**
 * MCP 2026-07-28 cache hints of a list: how long the server says it stays fresh (counting down), for whom
 * (public: anyone; private: this sign-in), and whether MCP Lens answered from its cache instead of asking.
 */
export function FreshnessBadge({ freshness }: { freshness: Freshness | undefined }) {
  // Capped at the TTL: the clock may be up to a second behind when a new answer arrives.
  const left = Math.min(freshness?.ttlMs ?? 0, useTimeLeft(freshness ? freshness.receivedAt + freshness.ttlMs : 0));
  if (!freshness) return null;
  const { ttlMs, scope, fromCache } = freshness;
  const scopeText = scope ? ` · ${scope}` : '';
  const title = `The server allows caching this for ${formatDuration(ttlMs)}${scope ? ` (${scope === 'public' ? 'for anyone' : 'for this sign-in only'})` : ''}.${
    fromCache ? ' MCP Lens answered from its cache without asking the server.' : ''
  } Refresh always asks the server.`;
  const text =
    ttlMs <= 0
      ? `not cacheable${scopeText}`
      : left > 0
        ? `${fromCache ? 'from cache · ' : ''}fresh for ${formatSpan(left)}${scopeText}`
        : `${fromCache ? 'from cache · ' : ''}expired${scopeText}`;
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

/** Milliseconds until `until` (epoch), ticking once a second while it is ahead. */
function useTimeLeft(until: number): number {
  const [now, setNow] = useState(() => Date.now());
  const ahead = until > now;
  useEffect(() => {
    if (!ahead) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until, ahead]);
  return Math.max(0, until - now);
}
