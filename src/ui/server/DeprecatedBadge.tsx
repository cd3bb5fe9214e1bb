import type { DeprecatedFeature } from '../../shared/era-profile.ts';
import { useScope } from '../services.tsx';

/**
 * Marks a feature 2026-07-28 deprecated (SEP-2577: Logging, Roots, Sampling) when the server speaks that
 * revision. Deprecated is not removed: the feature still works, for a 12-month window at least.
 */
export function DeprecatedBadge({ feature }: { feature: DeprecatedFeature }) {
  const { protocol } = useScope();
  if (!protocol.deprecated.includes(feature)) return null;
  return (
    <span
      className="badge badge-warn"
      title={`${feature} is deprecated in MCP 2026-07-28 (SEP-2577): it still works, but servers may drop it after the deprecation window.`}
    >
      deprecated in 2026-07-28
    </span>
  );
}
