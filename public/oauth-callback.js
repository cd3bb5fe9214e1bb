// The OAuth redirect target. It hands the callback URL (code, state, iss or error) to the MCP Lens tab that
// started the authorization, over a same-origin BroadcastChannel (a popup has no opener under COOP), then
// closes. It checks nothing itself: the engine checks the state, single use, and exchanges the code.
const channel = new BroadcastChannel('mcp-lens-oauth-callback');
const callbackUrl = window.location.href;
// The code must not linger in history or be sent on as a referrer.
window.history.replaceState(null, '', window.location.pathname);
const status = document.getElementById('status');
let acknowledged = false;
channel.addEventListener('message', (event) => {
  if (event.data?.type !== 'oauth-callback-received') return;
  acknowledged = true;
  status.textContent = 'Authorization received. You can close this window.';
  window.close();
});
channel.postMessage({ type: 'oauth-callback', url: callbackUrl });
setTimeout(() => {
  if (!acknowledged) status.textContent = 'No MCP Lens tab is waiting for this authorization. Go back to MCP Lens and connect again.';
}, 3000);
