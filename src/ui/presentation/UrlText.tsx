import { ServerText } from '../common/ServerText.tsx';
import { useShownUrl } from './use-presentation.ts';

/**
 * A URL as text, its credentials masked where the presentation policy says so (`redact` masks secrets
 * always). `redact` goes first: it re-serializes the query, which would percent-encode the policy's
 * masks (`%E2%80%A2…`) of the parameters it does not itself call secret; the policy's wider rule after it
 * leaves its masks as they are.
 */
export function UrlText({ url, redact }: { url: string; redact?: (url: string) => string }) {
  return <ServerText text={useShownUrl(redact ? redact(url) : url)} />;
}
