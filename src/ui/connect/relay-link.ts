import type { HeaderPair } from '../../shared/model.ts';
import { isRelayAddress, readRelayFragment, RELAY_TOKEN_HEADER } from '../../shared/relay.ts';

/**
 * The relay's link carries its token in the fragment (`#relay-token=…`), which no request ever sends.
 * At startup the app moves the token into the connection's headers, in memory only, and at once removes
 * the fragment from the address bar and this history entry, so it is not bookmarked, shared or synced.
 * The token is taken only when the link's server URL (`?url=`) has a relay's shape (a loopback `/mcp`):
 * a link that pairs a token with any other server would hand that server the relay's key.
 */
export function takeRelayToken(
  location: Pick<Location, 'hash' | 'pathname' | 'search'>,
  history: Pick<History, 'replaceState' | 'state'>,
): HeaderPair[] {
  if (!location.hash.includes('relay-token')) return [];
  const token = readRelayFragment(location.hash);
  history.replaceState(history.state, '', `${location.pathname}${location.search}`);
  return token === null || !namesRelay(location.search) ? [] : [{ name: RELAY_TOKEN_HEADER, value: token }];
}

function namesRelay(search: string): boolean {
  const server = new URLSearchParams(search).get('url');
  if (server === null || !URL.canParse(server)) return false;
  return isRelayAddress(new URL(server));
}
