import type { HeaderPair } from '../../shared/model.ts';
import { isRelayAddress, readRelayFragment, readRelayRuns, RELAY_TOKEN_HEADER } from '../../shared/relay.ts';

/** What a relay's link brings: its token as a header, and what the link says the relay runs. */
export interface RelayLinkTaken {
  headers: HeaderPair[];
  /** Shown in the question before connecting, as the link's claim; undefined when the link says nothing. */
  runs?: string;
}

/**
 * The relay's link carries its token in the fragment (`#relay-token=…&relay-runs=…`), which no request ever
 * sends. At startup the app moves the token into the connection's headers, in memory only, and at once
 * removes the fragment from the address bar and this history entry, so it is not bookmarked, shared or
 * synced. The token is taken only when the link's server URL (`?url=`) has a relay's shape (a loopback
 * `/mcp`): a link that pairs a token with any other server would hand that server the relay's key.
 */
export function takeRelayLink(
  location: Pick<Location, 'hash' | 'pathname' | 'search'>,
  history: Pick<History, 'replaceState' | 'state'>,
): RelayLinkTaken {
  if (!location.hash.includes('relay-token')) return { headers: [] };
  const token = readRelayFragment(location.hash);
  const runs = readRelayRuns(location.hash);
  history.replaceState(history.state, '', `${location.pathname}${location.search}`);
  if (token === null || !namesRelay(location.search)) return { headers: [] };
  return { headers: [{ name: RELAY_TOKEN_HEADER, value: token }], ...(runs !== null && { runs }) };
}

function namesRelay(search: string): boolean {
  const server = new URLSearchParams(search).get('url');
  if (server === null || !URL.canParse(server)) return false;
  return isRelayAddress(new URL(server));
}
