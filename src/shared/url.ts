/**
 * The one URL validator. Every navigation, `window.open`, `href`, `src` and fetch of a server-provided URL
 * goes through here, so a `javascript:` link or a credential-bearing URL is refused in one place.
 */
export type UrlCheck = { ok: true; url: string } | { ok: false; reason: string };

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
