import { redactUrl } from '../../shared/redact.ts';

/**
 * The one-click fix for a URL that cannot work as typed: the scheme left off (`localhost:3001/mcp`), or
 * https:// to a port that speaks plain http. It puts the suggested URL in the Server URL box and connects.
 * The name is the visible text, "Use <url>", with a secret in the query masked as everywhere on screen.
 */
export function UseSuggestedUrl({ url, onUse }: { url: string; onUse: (url: string) => void }) {
  return (
    <button type="button" className="button button-small suggested-url" onClick={() => onUse(url)}>
      Use <span className="mono">{redactUrl(url)}</span>
    </button>
  );
}
