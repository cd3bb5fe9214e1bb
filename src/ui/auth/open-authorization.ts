/**
 * Opens an authorization URL in a popup, on a user gesture. The URL is checked again here (the engine
 * checked it already): nothing but https, or http on loopback, is ever opened.
 */
import type { OpenResult } from '../../app/index.ts';
import { checkNavigableUrl } from '../../shared/url.ts';

export function openAuthorizationPopup(url: string): OpenResult {
  const checked = checkNavigableUrl(url);
  if (!checked.ok) return { ok: false, reason: 'refused', detail: checked.reason };
  // Opened blank first so we can cut `opener` before the authorization server's page loads: it must not
  // be able to navigate this tab. The result comes back over a BroadcastChannel instead.
  // eslint-disable-next-line no-restricted-properties -- the one place that opens a checked URL
  const popup = window.open('', 'mcp-lens-oauth', 'popup,width=520,height=720');
  if (!popup) return { ok: false, reason: 'blocked' };
  popup.opener = null;
  popup.location.replace(checked.url);
  return { ok: true };
}

/**
 * The full-page fallback: this tab goes to the checked authorization URL. The caller has saved the pending
 * authorization in sessionStorage first, since the worker (and its PKCE verifier) dies with the page.
 */
export function navigateToAuthorization(url: string): OpenResult {
  const checked = checkNavigableUrl(url);
  if (!checked.ok) return { ok: false, reason: 'refused', detail: checked.reason };
  window.location.assign(checked.url);
  return { ok: true };
}

/** This tab's sessionStorage, or undefined where storage is disabled (then only the popup path works). */
export function tabStorage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}
