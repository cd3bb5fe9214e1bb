/**
 * What the app and the local relay (src/node/relay/) agree on. The relay lets a browser reach a server that
 * sends no CORS headers, or a stdio server, through one process on this machine that the person started
 * (docs/relay.md).
 */
import { isRecord, str } from './read.ts';
import { shellWord } from './shell.ts';

/**
 * The header that carries the relay's per-run token. Its name contains "token", so `isSecretHeader`
 * (redact.ts) masks its value wherever headers are captured, and session files keep only its name.
 */
export const RELAY_TOKEN_HEADER = 'Lens-Relay-Token';

/** Set by the relay on every forwarded answer: the upstream's HTTP status, or `unreachable`. */
export const RELAY_UPSTREAM_STATUS_HEADER = 'Lens-Relay-Upstream-Status';

/**
 * Set by the relay on every forwarded answer to a request that passed its token check: the one server it
 * fronts (origin and path, never its query, where an API key may sit). The engine trusts it only as
 * `relayFront` (engine/auth/relay-front.ts) allows, and only for OAuth discovery.
 */
export const RELAY_UPSTREAM_HEADER = 'Lens-Relay-Upstream';

/**
 * Marks a JSON-RPC error the relay wrote itself about the protocol era of the stdio server it runs, rather
 * than passed on from that server: `error.data.lensRelayEra` says why. A stdio server keeps the era it
 * started with for as long as its process runs, and the relay runs it once, so the relay, not the server,
 * is then the reason an era is refused (src/node/relay/stdio-era.ts). The engine believes the mark only on
 * a connection through a relay, to word the failure as the relay's.
 */
export const RELAY_ERA_DATA_KEY = 'lensRelayEra';

/**
 * `in-2025-session`: the server opened with initialize through this relay; `speaks-2026`: it has answered
 * 2026-07-28 requests through it; `probe-timeout`: it left server/discover unanswered, so the relay answered
 * for it as a 2025 server would.
 */
export type RelayEraReason = 'in-2025-session' | 'speaks-2026' | 'probe-timeout';

const RELAY_ERA_REASONS = new Set<string>(['in-2025-session', 'speaks-2026', 'probe-timeout']);

/** The relay's own era answer in a parsed JSON-RPC error response, or undefined when it is not one. */
export function readRelayEraAnswer(body: unknown): { reason: RelayEraReason; message: string } | undefined {
  const error = isRecord(body) && isRecord(body.error) ? body.error : undefined;
  const reason = error && isRecord(error.data) ? error.data[RELAY_ERA_DATA_KEY] : undefined;
  const message = str(error?.message);
  if (typeof reason !== 'string' || !RELAY_ERA_REASONS.has(reason) || message === undefined) return undefined;
  return { reason: reason as RelayEraReason, message: message.slice(0, 1000) };
}

/** The path the relay serves its one MCP endpoint on. */
export const RELAY_MCP_PATH = '/mcp';

/** The names under which the relay listens: it binds 127.0.0.1 only, and browsers also call it localhost. */
const LOOPBACK_HOSTNAMES = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Whether `url` has the shape of a relay's endpoint: plain http on loopback, the one path, no query. */
export function isRelayAddress(url: URL): boolean {
  return url.protocol === 'http:' && LOOPBACK_HOSTNAMES.has(url.hostname) && url.pathname === RELAY_MCP_PATH && url.search === '';
}

const RESOURCE_METADATA_PATH = '/.well-known/oauth-protected-resource';

/**
 * The protected resource metadata documents (RFC 9728 §3.1) of the server a relay fronts, each with the
 * relay path that serves it: the path-aware one (the well-known prefix before the server's path, which
 * the relay's `/mcp` stands for) and the root one. These two, GET only, are all of OAuth the relay
 * forwards; authorization servers are reached directly.
 */
export function relayedResourceMetadata(upstream: URL): Array<{ upstream: string; relayPath: string }> {
  const path = upstream.pathname.replace(/\/$/, '');
  return [
    { upstream: `${upstream.origin}${RESOURCE_METADATA_PATH}${path}`, relayPath: `${RESOURCE_METADATA_PATH}${RELAY_MCP_PATH}` },
    { upstream: `${upstream.origin}${RESOURCE_METADATA_PATH}`, relayPath: RESOURCE_METADATA_PATH },
  ];
}

/**
 * The fragment key of the link the relay prints (`…?url=<relay>#relay-token=<token>`). A fragment never
 * leaves the browser in a request, and the app removes it from the address bar as it starts.
 */
const FRAGMENT_KEY = 'relay-token';

/** A token is 32 random bytes in base64url (43 characters); anything else in a fragment is ignored. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function isRelayToken(value: string): boolean {
  return TOKEN_SHAPE.test(value);
}

/** The fragment of a relay link, e.g. `#relay-token=…`. */
export function relayFragment(token: string): string {
  return `#${FRAGMENT_KEY}=${token}`;
}

/** The token in a location's fragment (`location.hash`), or null when there is none of the right shape. */
export function readRelayFragment(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get(FRAGMENT_KEY);
  return token !== null && isRelayToken(token) ? token : null;
}

/** Whether a header is the relay's token header. */
export const isRelayTokenHeader = (name: string) => name.trim().toLowerCase() === RELAY_TOKEN_HEADER.toLowerCase();

/** Whether a connection's headers go through the relay: it is named by its token header. */
export function usesRelay(headers: ReadonlyArray<{ name: string; value: string }>): boolean {
  return headers.some((header) => isRelayTokenHeader(header.name) && header.value.trim() !== '');
}

/**
 * The command that relays `serverUrl` for an app at `appUrl`: the published package's relay (packages/
 * mcp-lens), so no clone is needed; it prints a link that opens this app on the relay with the token in
 * place. Values are single-quoted for a POSIX shell when they hold anything but URL-safe characters.
 */
export function relayCommand(serverUrl: string, appUrl: string): string {
  return relayCommandLine(['--lens', appUrl, serverUrl]);
}

/** `npx mcp-lens relay` with these arguments, each quoted for a POSIX shell where it needs to be. */
export function relayCommandLine(args: readonly string[]): string {
  return ['npx', 'mcp-lens', 'relay', ...args].map(shellWord).join(' ');
}
