/** The app's own link to a server (`?url=…`), as written into the address bar and history. */
import { redactUrl } from '../../shared/redact.ts';

/**
 * Carries the server URL with its secrets masked: an address bar, history and a copied link are places a key
 * must not end up. A link opened later fills in the URL with the mask, and the person types the key again.
 */
export function appLink(serverUrl: string): string {
  return `?url=${encodeURIComponent(redactUrl(serverUrl))}`;
}
