/**
 * OAuth through the local relay (docs/relay.md#oauth-through-the-relay). Through a relay, the MCP server
 * URL is the relay's loopback address, but the protected resource, its metadata and its authorization
 * server belong to the server the relay fronts. The relay names that server in a response header; this
 * file decides when to believe it, and routes the two metadata documents the relay serves through it.
 *
 * Believed only when all of these hold, so a server reached directly can never name another resource
 * and get a token for it sent back to itself:
 * - the server URL has the shape of a relay (plain http on loopback, `/mcp`, no query), which the relay
 *   alone has: a server elsewhere cannot be reached at a loopback address;
 * - the request carried a relay token, and the answer is not the relay's refusal of it (the relay sets
 *   the header only after its token check);
 * - the named upstream is an http(s) URL without credentials, query or fragment.
 * Tokens still go only to the relay (the controller attaches them to the server URL's origin alone),
 * which forwards them only to the upstream they were issued for.
 */
import { isRelayAddress, isRelayToken, RELAY_TOKEN_HEADER, RELAY_UPSTREAM_HEADER, relayedResourceMetadata } from '../../shared/relay.ts';
import type { FetchLike } from '../wire/wire-tap.ts';
import { RULES, type StepInput } from './rules.ts';

/** A relay the engine talks through: the server it fronts, and the token that opens it. */
export interface RelayFront {
  upstream: URL;
  token: string;
}

/** The relay in front of `serverUrl`, as one answer shows it, or undefined when the answer shows none we may believe. */
export function readRelayFront(serverUrl: URL, requestHeaders: HeadersInit | undefined, response: Response): RelayFront | undefined {
  // The header first: it is read on every answer, and almost every answer has none.
  const declared = response.headers.get(RELAY_UPSTREAM_HEADER);
  if (declared === null || !isRelayAddress(serverUrl)) return undefined;
  const token = new Headers(requestHeaders).get(RELAY_TOKEN_HEADER)?.trim();
  if (token === undefined || !isRelayToken(token)) return undefined;
  if (!URL.canParse(declared)) return undefined;
  const upstream = new URL(declared);
  const plain = upstream.username === '' && upstream.password === '' && upstream.search === '' && upstream.hash === '';
  if ((upstream.protocol !== 'http:' && upstream.protocol !== 'https:') || !plain) return undefined;
  return { upstream, token };
}

/**
 * The OAuth fetch through a relay: a GET of one of the upstream's two protected resource metadata
 * documents goes to the relay path that serves it, with the relay's token (a server without CORS could
 * not answer a browser itself). Every other request, authorization servers included, is unchanged.
 */
export function viaRelayFront(fetch: FetchLike, relayOrigin: string, front: () => RelayFront | undefined): FetchLike {
  return (input, init = {}) => {
    const current = front();
    const method = (init.method ?? 'GET').toUpperCase();
    if (current === undefined || method !== 'GET') return fetch(input, init);
    const served = relayedResourceMetadata(current.upstream).find((document) => document.upstream === String(input));
    if (served === undefined) return fetch(input, init);
    const headers = new Headers(init.headers);
    headers.set(RELAY_TOKEN_HEADER, current.token);
    return fetch(`${relayOrigin}${served.relayPath}`, { ...init, headers });
  };
}

/** The Authorization tab's step, the first time an answer shows the server URL is a local relay. */
export function relayNoticeStep(serverUrl: URL, front: RelayFront): StepInput {
  return {
    kind: 'resource-metadata',
    title: 'Through the local relay',
    rule: RULES['resource-metadata'],
    verdict: 'info',
    detail:
      `${serverUrl.href} is a local relay for ${front.upstream.href}. Discovery, the resource indicator and the authorization server ` +
      `are that server's; its protected resource metadata is read through the relay, and tokens go only to the relay, which passes them only to it.`,
    facts: [{ label: 'Relay for', value: front.upstream.href }],
  };
}
