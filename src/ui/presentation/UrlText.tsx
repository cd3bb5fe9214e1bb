import { ServerText } from '../common/ServerText.tsx';
import { useShownUrl } from './use-presentation.ts';

/** A URL as text, its credentials masked where the presentation policy says so (`redact` masks secrets always). */
export function UrlText({ url, redact }: { url: string; redact?: (url: string) => string }) {
  const shown = useShownUrl(url);
  return <ServerText text={redact ? redact(shown) : shown} />;
}
