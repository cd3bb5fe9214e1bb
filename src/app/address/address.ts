/**
 * The app's address: `?url=<server>#<tab>/<tool>`, plus `&connect=1` on a link that asks to connect and
 * `&demo=1` while demo mode is on (so a reload, or the link passed on, stays in demo mode).
 * The address is shared by copy and paste and sits in the browser's history, so it never carries a
 * secret: header values never enter it, and a server URL's query parameters that look like credentials
 * (token, key, secret, …) are dropped from it.
 */
import { looksLikeCredential } from '../../shared/redact.ts';
import { checkServerUrl } from '../../shared/url.ts';

export interface Address {
  /** The server URL, or '' when the address names none. */
  url: string;
  tab: string | null;
  tool: string | null;
  /** The link asks to connect on open (shown to the user first unless the server is saved). */
  connect: boolean;
  /** Demo mode is on (see src/ui/demo/). */
  demo: boolean;
}

/** The server URL without query parameters whose names suggest a credential; '' for a URL the bar refuses. */
function shareableServerUrl(url: string): string {
  const checked = checkServerUrl(url);
  if (!checked.ok) return '';
  const parsed = new URL(checked.url);
  for (const name of [...parsed.searchParams.keys()]) if (looksLikeCredential(name)) parsed.searchParams.delete(name);
  parsed.hash = '';
  return parsed.href;
}

/**
 * What names a server when two spellings are compared (a link against a saved server, a saved request
 * against the connection): its URL without user info, fragment or credential-looking parameters, since a
 * link never carries those. A URL the bar refuses is compared as it is.
 */
export function serverIdentity(url: string): string {
  return shareableServerUrl(url) || url;
}

export function readAddress(href: string): Address {
  let parsed: URL;
  try {
    parsed = new URL(href);
  } catch {
    return { url: '', tab: null, tool: null, connect: false, demo: false };
  }
  const [tab = '', ...rest] = parsed.hash.replace(/^#/, '').split('/');
  const decode = (part: string) => {
    try {
      return decodeURIComponent(part);
    } catch {
      return null;
    }
  };
  const tool = rest.length > 0 ? decode(rest.join('/')) : null;
  return {
    url: parsed.searchParams.get('url') ?? '',
    tab: /^[a-z]{1,32}$/.test(tab) ? tab : null,
    tool: tool === '' ? null : tool,
    connect: parsed.searchParams.get('connect') === '1',
    demo: parsed.searchParams.get('demo') === '1',
  };
}

/** The address for this place in the app, relative to the page (a query and a fragment). */
export function addressFor(place: { url: string; tab: string; tool: string | null; connect?: boolean; demo?: boolean }): string {
  const url = shareableServerUrl(place.url);
  const query = new URLSearchParams();
  if (url) query.set('url', url);
  if (url && place.connect) query.set('connect', '1');
  if (place.demo) query.set('demo', '1');
  const search = query.size > 0 ? `?${query.toString()}` : '?';
  const tool = place.tab === 'tools' && place.tool ? `/${encodeURIComponent(place.tool)}` : '';
  return `${search}#${place.tab}${tool}`;
}
