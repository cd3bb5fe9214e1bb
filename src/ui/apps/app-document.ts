/**
 * The document an MCP App runs as: the server's HTML with our policy and guard in front of it. The policy
 * is a `<meta>` CSP placed before anything of the app's, so no app markup or script precedes it; a policy
 * set this way cannot be loosened by the document afterwards (a second policy only narrows). The guard
 * (app-guard.ts) follows it: it takes WebRTC away, which no CSP governs, and reports what the browser
 * refused (CSP violations, popups) to the host as log messages.
 */
import { appCspPolicy, type AppCsp } from '../../shared/apps.ts';
import { GUARD } from './app-guard.ts';

export { GUARD_LOGGER } from './app-guard.ts';

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
