/**
 * What demo mode hides in a URL: user info, and the values of query parameters whose names suggest a
 * credential, by the same rule that keeps them out of the address bar (`looksLikeCredential`).
 */
import { looksLikeCredential, redactUrl } from '../../shared/redact.ts';

/** The URL with its credentials masked, or null when it carries none (then it is shown as typed). */
export function hideUrlCredentials(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return null;
  }
  const credential =
    parsed.username !== '' ||
    parsed.password !== '' ||
    [...parsed.searchParams].some(([name, value]) => value !== '' && looksLikeCredential(name));
  return credential ? redactUrl(url.trim(), looksLikeCredential) : null;
}
