/**
 * The OAuth redirect target (oauth-callback.html, a Vite entry of its own). Two cases:
 * - Popup or new tab: it hands the callback URL (code, state, iss or error) to the MCP Lens tab that started
 *   the authorization, over a same-origin BroadcastChannel (a popup has no opener under COOP), then closes.
 * - Full-page redirect (the popup was blocked and the person chose "Continue in this tab"): this tab's
 *   sessionStorage holds the pending authorization (src/state/pending-redirect.ts). The callback URL is left
 *   there for the app, which this page then replaces in the same tab; the app checks state and expiry.
 * It checks nothing itself: the engine checks the state, single use, and exchanges the code.
 */
import {
  OAUTH_CALLBACK_CHANNEL,
  OAUTH_CALLBACK_MESSAGE,
  OAUTH_CALLBACK_RECEIVED,
  PENDING_REDIRECT_KEY,
  REDIRECT_RETURN_KEY,
  type OAuthCallbackMessage,
} from './shared/auth.ts';
import './oauth-callback.css';

/** How long a popup waits for an MCP Lens tab to acknowledge before saying that none is waiting. */
const ACK_WAIT_MS = 3_000;

const callbackUrl = window.location.href;
// The code must not linger in history or be sent on as a referrer.
window.history.replaceState(null, '', window.location.pathname);
const status = document.getElementById('status')!;

function pendingInThisTab(): boolean {
  try {
    return window.sessionStorage.getItem(PENDING_REDIRECT_KEY) !== null;
  } catch {
    return false; // storage disabled: only the popup path can work
  }
}

if (pendingInThisTab()) {
  window.sessionStorage.setItem(REDIRECT_RETURN_KEY, callbackUrl);
  status.textContent = 'Returning to MCP Lens…';
  // The app's index sits beside this page, whatever path the app is hosted under.
  window.location.replace(new URL('./', window.location.href).href);
} else {
  const channel = new BroadcastChannel(OAUTH_CALLBACK_CHANNEL);
  let acknowledged = false;
  channel.addEventListener('message', (event: MessageEvent<OAuthCallbackMessage | null>) => {
    if (event.data?.type !== OAUTH_CALLBACK_RECEIVED) return;
    acknowledged = true;
    status.textContent = 'Authorization received. You can close this window.';
    window.close();
  });
  channel.postMessage({ type: OAUTH_CALLBACK_MESSAGE, url: callbackUrl } satisfies OAuthCallbackMessage);
  setTimeout(() => {
    if (!acknowledged) status.textContent = 'No MCP Lens tab is waiting for this authorization. Go back to MCP Lens and connect again.';
  }, ACK_WAIT_MS);
}
