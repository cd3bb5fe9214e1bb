import type { Tool } from '../../shared/model.ts';
import { hintBadges } from './tool-meta.ts';

export function HintBadges({ tool }: { tool: Tool }) {
  const badges = hintBadges(tool);
  if (badges.length === 0) return null;
  return (
    <ul className="hint-badges" aria-label="Behaviour hints (from the server, untrusted)">
      {badges.map((badge) => (
        <li key={badge.label} className={`badge badge-${badge.tone}`} title={badge.description}>
          {badge.label}
        </li>
      ))}
    </ul>
  );
}
