/**
 * A fetch for Node that enforces CORS the way a browser does for a page on `origin`: a preflight for
 * non-simple requests (checking Allow-Origin and Allow-Headers), Allow-Origin on the response, and only
 * safelisted or exposed response headers readable. Refusals are the same opaque TypeError a browser throws,
 * so engine code that diagnoses CORS can be tested in vitest against real servers.
 */
const SAFELISTED_REQUEST = new Set(['accept', 'accept-language', 'content-language']);
const SIMPLE_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain']);
const SAFELISTED_RESPONSE = new Set([
  'cache-control',
  'content-language',
  'content-length',
  'content-type',
  'expires',
  'last-modified',
  'pragma',
]);

const blocked = () => new TypeError('Failed to fetch');

export function browserCorsFetch(origin: string, inner: typeof fetch = fetch): typeof fetch {
  return async (input, init = {}) => {
    const headers = new Headers(init.headers);
    headers.set('origin', origin);
    const method = (init.method ?? 'GET').toUpperCase();
    if (init.mode === 'no-cors') return inner(input, { ...init, headers }).then(() => new Response(null, { status: 200 }));
    const nonSimple = [...headers.keys()].filter((name) => {
      if (name === 'origin') return false;
      if (name === 'content-type') return !SIMPLE_TYPES.has((headers.get(name) ?? '').split(';')[0]!.trim().toLowerCase());
      return !SAFELISTED_REQUEST.has(name);
    });
    const allowsOrigin = (response: Response) => {
      const allow = response.headers.get('access-control-allow-origin');
      return allow === '*' || allow === origin;
    };
    if (nonSimple.length > 0 || !['GET', 'HEAD', 'POST'].includes(method)) {
      const preflight = await inner(input, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': nonSimple.sort().join(',') },
      }).catch(() => {
        throw blocked();
      });
      await preflight.body?.cancel();
      if (!preflight.ok || !allowsOrigin(preflight)) throw blocked();
      const allowed = (preflight.headers.get('access-control-allow-headers') ?? '')
        .toLowerCase()
        .split(',')
        .map((h) => h.trim());
      if (!allowed.includes('*') && nonSimple.some((name) => !allowed.includes(name))) throw blocked();
    }
    const response = await inner(input, { ...init, headers }).catch(() => {
      throw blocked();
    });
    if (!allowsOrigin(response)) {
      await response.body?.cancel();
      throw blocked();
    }
    const exposed = new Set(
      (response.headers.get('access-control-expose-headers') ?? '')
        .toLowerCase()
        .split(',')
        .map((h) => h.trim()),
    );
    const visible = new Headers();
    response.headers.forEach((value, name) => {
      if (SAFELISTED_RESPONSE.has(name) || exposed.has(name) || exposed.has('*')) visible.set(name, value);
    });
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers: visible });
  };
}
