/**
 * The document an MCP App runs as: the server's HTML with our policy and guard in front of it. The policy
 * is a `<meta>` CSP placed before anything of the app's, so no app markup or script precedes it; a policy
 * set this way cannot be loosened by the document afterwards (a second policy only narrows). The guard is
 * a few lines that report what the browser refused (CSP violations, popups) to the host as log messages;
 * it reports only — the sandbox and the policy do the refusing, whatever the app does to the guard.
 */
import { appCspPolicy, type AppCsp } from '../../shared/apps.ts';

/** The logger name the guard's reports carry, so the host can tell them from the app's own logs. */
export const GUARD_LOGGER = 'mcp-lens/sandbox';

const GUARD = `(() => {
  const report = (data) => parent.postMessage({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'warning', logger: '${GUARD_LOGGER}', data } }, '*');
  document.addEventListener('securitypolicyviolation', (e) => report('what its CSP does not allow (' + e.effectiveDirective + '): ' + (e.blockedURI || 'inline code')));
  window.open = (url) => { report('a popup to ' + String(url).slice(0, 200) + ' (apps open links through the host, with consent)'); return null; };
})();`;

const DOCTYPE = /^\s*<!doctype[^>]*>/i;

/** Escapes a value for a double-quoted HTML attribute. */
const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export function buildAppDocument(html: string, csp: AppCsp): string {
  // A leading doctype stays first (standards mode); everything else of the app's comes after our head.
  const doctype = DOCTYPE.exec(html)?.[0].trim() ?? '<!doctype html>';
  const body = html.replace(DOCTYPE, '');
  const meta = `<meta http-equiv="Content-Security-Policy" content="${attribute(appCspPolicy(csp))}">`;
  return `${doctype}${meta}<script>${GUARD}</script>${body}`;
}
