/**
 * The relay token's scope in the engine. The token opens a local relay (src/node/relay/), so it goes only
 * to a relay: a connection whose URL has a relay's shape (plain http, a loopback name, `/mcp`, no query)
 * sends it, to that URL's origin only; any other connection drops it and says so. The UI drops it too
 * when the connection's URL moves to another origin (connection-store.ts); this is the engine's own check.
 */
import { isRelayAddress, isRelayTokenHeader } from '../../shared/relay.ts';
import type { FetchLike } from '../wire/wire-tap.ts';

/** `headers` without the relay token unless `url` is a relay's endpoint; `note` says why it was dropped. */
export function scopeRelayToken(headers: Record<string, string>, url: URL, note: (text: string) => void): Record<string, string> {
  const names = Object.keys(headers).filter(isRelayTokenHeader);
  if (names.length === 0 || isRelayAddress(url)) return headers;
  note(
    `Not sending Lens-Relay-Token to ${url.origin}: the relay's token goes only to a relay (http on 127.0.0.1 or localhost, path /mcp). Remove the header, or connect to the relay's address.`,
  );
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !isRelayTokenHeader(name)));
}

/** A fetch that never carries the relay token to any origin but `origin` (a stream endpoint elsewhere, say). */
export function keepRelayTokenOn(origin: string, fetch: FetchLike): FetchLike {
  // Every request of a session goes to the same URL: its verdict is kept, not parsed again each time.
  let last: { url: string; same: boolean } | undefined;
  const sameOrigin = (url: string) => {
    if (last?.url !== url) last = { url, same: new URL(url).origin === origin };
    return last.same;
  };
  return (input, init) => {
    if (init?.headers === undefined || sameOrigin(String(input))) return fetch(input, init);
    const headers = new Headers(init.headers);
    for (const name of [...headers.keys()].filter(isRelayTokenHeader)) headers.delete(name);
    return fetch(input, { ...init, headers });
  };
}
