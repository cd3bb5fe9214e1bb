/**
 * Redirects of MCP requests, followed by hand. A fetch that follows them itself would send the request
 * again, with the person's headers (API keys, a session id), to wherever the server points, and a browser
 * reports a refused cross-origin hop as "HTTP 0". So MCP Lens asks with `redirect: 'manual'` and:
 * - follows a 307 or 308 to the same origin (the method and body are kept, as those codes require), at most
 *   MAX_HOPS times;
 * - refuses any redirect to another origin, and names it;
 * - refuses a redirect it cannot see (a browser hides a redirect's target from the page: `opaqueredirect`).
 */
import type { EngineError } from '../../shared/errors.ts';
import type { FetchLike } from './wire-tap.ts';

const MAX_HOPS = 3;
const FOLLOWED = new Set([307, 308]);

const refuse = (message: string): EngineError => ({ code: 'http', message });

export function withRedirectRules(inner: FetchLike): FetchLike {
  return async (input, init) => {
    let url = String(input instanceof Request ? input.url : input);
    for (let hop = 0; ; hop++) {
      const response = await inner(url, { ...init, redirect: 'manual' });
      if (response.type === 'opaqueredirect')
        throw refuse(
          'The server answered with a redirect, and the browser hides where it points, so MCP Lens cannot check that it stays on the same origin and does not follow it with your credentials. Connect to the address it redirects to (the devtools Network panel shows it).',
        );
      if (response.status < 300 || response.status >= 400) return response;
      const location = response.headers.get('location');
      if (location === null) return response;
      let target: URL;
      try {
        target = new URL(location, url);
      } catch {
        throw refuse(
          `The server redirected to an address that is not a URL (${JSON.stringify(location.slice(0, 200))}); MCP Lens did not follow it.`,
        );
      }
      const from = new URL(url);
      if (target.origin !== from.origin)
        throw refuse(
          `The server redirected to another origin (${target.origin.slice(0, 200)}); MCP Lens does not follow it with your credentials. If you trust that server, connect to ${target.href.slice(0, 300)} directly.`,
        );
      if (!FOLLOWED.has(response.status))
        throw refuse(
          `The server answered HTTP ${response.status} (a redirect that may turn the POST into a GET); MCP Lens follows only 307 and 308 on the same origin. Connect to ${target.href.slice(0, 300)} directly.`,
        );
      if (hop >= MAX_HOPS) throw refuse(`The server redirected more than ${MAX_HOPS} times; MCP Lens stopped following.`);
      await response.body?.cancel().catch(() => undefined);
      url = target.href;
    }
  };
}
