/**
 * Which web pages may use the demo server. Browsers attach `Origin` to cross-origin requests, and a page on
 * another site — or a DNS-rebinding page that resolves to 127.0.0.1 — must not drive a server on this
 * machine, so a request whose Origin is not allowed is refused with 403 before MCP sees it. MCP Lens is a
 * static app people host anywhere, so the default is this machine's own pages (any port, which is how
 * `npm start` and the e2e suite serve it) plus the origins given with `--allow-origin`.
 */

const LOOPBACK_HOSTNAMES = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Normalises an `--allow-origin` value to what browsers send (`scheme://host[:port]`), or throws saying
 * what to pass instead.
 */
export function parseAllowedOrigin(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`--allow-origin "${value}" is not an origin. Use scheme://host[:port], e.g. https://lens.example.com`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`--allow-origin "${value}" is not an http(s) origin. Use scheme://host[:port], e.g. https://lens.example.com`);
  }
  if (url.pathname !== '/' || url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') {
    throw new Error(`--allow-origin "${value}" has more than an origin. Pass just ${url.origin}`);
  }
  return url.origin;
}

/** Whether a request with this `Origin` header may proceed. `allowed` holds values from {@link parseAllowedOrigin}. */
export function isOriginAllowed(origin: string | null, allowed: ReadonlySet<string>): boolean {
  // Programs (Node clients, curl) send no Origin; only pages do, and pages are what this guards against.
  if (origin === null || origin === '') return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    // Includes the opaque "null" origin of sandboxed frames and file:// pages.
    return false;
  }
  // A real Origin header is exactly scheme://host[:port]; anything else is not from a browser we understand.
  if (url.origin !== origin) return false;
  if ((url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK_HOSTNAMES.has(url.hostname)) return true;
  return allowed.has(url.origin);
}
