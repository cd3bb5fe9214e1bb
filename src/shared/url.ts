/**
 * The one URL validator. Every navigation, `window.open`, `href`, `src` and fetch of a server-provided URL
 * goes through here, so a `javascript:` link or a credential-bearing URL is refused in one place.
 */
import { redactUrl } from './redact.ts';

export type UrlCheck = { ok: true; url: string } | { ok: false; reason: string; suggestion?: string };

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || /^127(\.\d{1,3}){3}$/.test(hostname) || hostname.endsWith('.localhost');
}

function parse(input: string): URL | string {
  const trimmed = input.trim();
  if (trimmed === '') return 'Enter a URL.';
  try {
    return new URL(trimmed);
  } catch {
    return 'This is not a valid URL. Include the scheme, e.g. https://example.com/mcp.';
  }
}

/**
 * An MCP server URL the user typed: http or https, no credentials in it (they would be sent in clear to
 * every hop and end up in logs — use a header instead).
 */
export function checkServerUrl(input: string): UrlCheck {
  const suggestion = withScheme(input);
  // The sentence may be shown and saved; a secret in the query is masked there (the suggestion keeps it, for the field).
  if (suggestion !== undefined)
    return { ok: false, reason: `Add http:// or https:// — did you mean ${redactUrl(suggestion)}?`, suggestion };
  const url = parse(input);
  if (typeof url === 'string') return { ok: false, reason: url };
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, reason: `Only http and https URLs can be inspected, not ${url.protocol.slice(0, -1)}:.` };
  }
  if (url.username !== '' || url.password !== '') {
    return { ok: false, reason: 'Remove the credentials from the URL and send them as a header (e.g. Authorization) instead.' };
  }
  return { ok: true, url: url.href };
}

/**
 * The URL a person most likely meant when they left the scheme off (`localhost:3001/mcp`, `example.com/mcp`):
 * http:// on this machine, where servers under development listen, https:// anywhere else. `new URL` reads
 * `localhost:3001/mcp` as the scheme `localhost:`, so the check is on the text, before parsing.
 */
function withScheme(input: string): string | undefined {
  const trimmed = input.trim();
  // A host (name, IPv4 or [IPv6]) with an optional port, then a path, query or nothing; no scheme.
  const match = /^(\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*)(:\d{1,5})?([/?#]\S*)?$/i.exec(
    trimmed,
  );
  if (!match) return undefined;
  const [, host = '', port, rest] = match;
  // A bare word with neither port nor path ("mcp") is not an address anyone means; a dotted name or a port makes it one.
  if (!port && !host.includes('.') && !host.startsWith('[') && host.toLowerCase() !== 'localhost') return undefined;
  const scheme = isLoopbackHost(host.toLowerCase()) ? 'http' : 'https';
  try {
    return new URL(`${scheme}://${host}${port ?? ''}${rest ?? ''}`).href;
  } catch {
    return undefined;
  }
}

/** A link a person may open: https anywhere, http only on loopback. */
export function checkNavigableUrl(input: string): UrlCheck {
  const url = parse(input);
  if (typeof url === 'string') return { ok: false, reason: url };
  if (url.username !== '' || url.password !== '') return { ok: false, reason: 'The link carries credentials.' };
  if (url.protocol === 'https:') return { ok: true, url: url.href };
  if (url.protocol === 'http:' && isLoopbackHost(url.hostname)) return { ok: true, url: url.href };
  if (url.protocol === 'http:') return { ok: false, reason: 'Plain http links are only followed on this machine (loopback).' };
  return { ok: false, reason: `Links with the ${url.protocol.slice(0, -1)}: scheme are never opened.` };
}

/**
 * An icon source as the spec allows it: https (or http on loopback) fetched without credentials, or a data: image.
 * The reasons are about the icon (the UI adds "Icon not shown"), never about the server URL the person typed.
 */
export function checkIconUrl(input: string): UrlCheck {
  const trimmed = input.trim();
  if (trimmed.toLowerCase().startsWith('data:')) {
    return /^data:image\/(png|jpeg|gif|webp|svg\+xml|x-icon|vnd\.microsoft\.icon)[;,]/i.test(trimmed)
      ? { ok: true, url: trimmed }
      : { ok: false, reason: 'Only data: URIs of image types are shown as icons.' };
  }
  const shown = JSON.stringify(trimmed.length > 80 ? `${trimmed.slice(0, 80)}…` : trimmed);
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    // A path such as ./mcp.svg: MCP icons are absolute URIs, and there is no page to resolve a path against.
    return {
      ok: false,
      reason: `The server gave the icon a relative address (${shown}). MCP icons need an absolute https: URL or a data: URI; the server should send one.`,
    };
  }
  if (url.username !== '' || url.password !== '') return { ok: false, reason: "The icon's URL carries credentials, so it is not loaded." };
  if (url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname))) return { ok: true, url: url.href };
  if (url.protocol === 'http:')
    return {
      ok: false,
      reason: 'The icon is on plain http: from another host; icons load over https:, or over http: only from loopback (this machine).',
    };
  return {
    ok: false,
    reason: `The icon's ${url.protocol.slice(0, -1)}: address is never loaded; icons must be https: URLs or data: images.`,
  };
}
