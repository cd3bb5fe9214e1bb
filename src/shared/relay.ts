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
 * `readRelayFront` (engine/auth/relay-front.ts) allows, and only for OAuth discovery.
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

/**
 * The fragment key of what the relay says it runs (its stdio command, or the server URL without its query),
 * for the question the app asks before connecting: never sent either, and removed with the token.
 */
const RUNS_KEY = 'relay-runs';

/** What a link may say the relay runs is shown in one line: longer is cut. */
const MAX_RELAY_RUNS_CHARS = 300;

/** The fragment of a relay link, e.g. `#relay-token=…&relay-runs=…`. */
export function relayFragment(token: string, runs?: string): string {
  const fragment = new URLSearchParams({ [FRAGMENT_KEY]: token });
  if (runs !== undefined && runs !== '') fragment.set(RUNS_KEY, runs.slice(0, MAX_RELAY_RUNS_CHARS));
  return `#${fragment.toString()}`;
}

/** The token in a location's fragment (`location.hash`), or null when there is none of the right shape. */
export function readRelayFragment(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get(FRAGMENT_KEY);
  return token !== null && isRelayToken(token) ? token : null;
}

/**
 * What a link's fragment says its relay runs, on one line and bounded, or null when it says nothing. Anyone
 * can write a link, so the app shows this as the link's claim, never as a fact.
 */
export function readRelayRuns(hash: string): string | null {
  const runs = new URLSearchParams(hash.replace(/^#/, '')).get(RUNS_KEY);
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const line = runs?.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim();
  return line ? line.slice(0, MAX_RELAY_RUNS_CHARS) : null;
}

/**
 * The link the relay prints (src/node/relay/run-relay.ts, src/node/npx/launch.ts): the app at `app`, asked
 * to connect to the relay (`?url=<relay>&connect=1`, the order the app writes its own address in), with the
 * token and what the relay runs in the fragment. A page opened from it asks before connecting unless its
 * own server started that relay (LAUNCH_META).
 */
export function relayLink(app: URL, relayUrl: string, token: string, runs?: string): string {
  const query = new URLSearchParams({ url: relayUrl, connect: '1' });
  return `${app.origin}${app.pathname}?${query.toString()}${relayFragment(token, runs)}`;
}

/** Whether a header is the relay's token header. */
export const isRelayTokenHeader = (name: string) => name.trim().toLowerCase() === RELAY_TOKEN_HEADER.toLowerCase();

/** Whether a connection's headers go through the relay: it is named by its token header. */
export function usesRelay(headers: ReadonlyArray<{ name: string; value: string }>): boolean {
  return headers.some((header) => isRelayTokenHeader(header.name) && header.value.trim() !== '');
}

/**
 * Where this copy of MCP Lens came from, which decides the command that runs its relay (docs/relay.md#which-command):
 * - `clone`: a clone of the repository (`npm start`, `npm run dev`): `npm run relay -- …`;
 * - `package`: the `mcp-lens` package (`npx mcp-lens`): `npx mcp-lens relay …`;
 * - `hosted`: any other host of the built app, which serves the relay as one file beside it
 *   (src/node/build/relay-file.ts): download it, then `node mcp-lens-relay.mjs …`.
 */
export type LensContext = 'clone' | 'package' | 'hosted';

/**
 * The meta tag the server that served the app adds to its page to name its context. Only our two servers
 * add it (src/node/static-server/, the Vite dev server); a plain static host has neither, so no tag means
 * `hosted`, the one command that works from any copy.
 */
export const LENS_CONTEXT_META = 'mcp-lens-context';

/** The context a meta tag's content names; anything else, or none, is `hosted`. */
export function readLensContext(content: string | null | undefined): LensContext {
  return content === 'clone' || content === 'package' ? content : 'hosted';
}

/** The tag `LENS_CONTEXT_META` as a server puts it in the page's head. */
export function lensContextTag(context: LensContext): string {
  return `<meta name="${LENS_CONTEXT_META}" content="${context}">`;
}

/**
 * The server the page's own server started for it (`npx mcp-lens -- <command>`, `npm start -- -- <command>`):
 * a link that asks to connect to exactly that URL connects at once, without the question an unknown link
 * gets, since the person who ran the command chose that server. A plain static host never says this.
 */
export const LAUNCH_META = 'mcp-lens-launch';

/** The tag `LAUNCH_META` as a server puts it in the page's head, the URL escaped for an attribute. */
export function launchTag(serverUrl: string): string {
  const escaped = serverUrl.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<meta name="${LAUNCH_META}" content="${escaped}">`;
}

/** The single-file relay the build writes beside the app (dist/), and its SHA-256 in `sha256sum` format. */
export const RELAY_FILE = 'mcp-lens-relay.mjs';
export const RELAY_FILE_HASH = `${RELAY_FILE}.sha256`;

/** What runs the relay in each context, before its own arguments. */
export function relayInvocation(context: LensContext): string[] {
  if (context === 'clone') return ['npm', 'run', 'relay', '--'];
  if (context === 'package') return ['npx', 'mcp-lens', 'relay'];
  return ['node', RELAY_FILE];
}

/** What runs the headless client (src/node/cli/) in each context; a hosted copy carries none, so a clone's. */
export function cliInvocation(context: LensContext): string[] {
  return context === 'package' ? ['npx', 'mcp-lens', 'cli'] : ['npm', 'run', 'cli', '--'];
}

/** What runs the headless audit (src/node/cli/audit/) in each context, as `cliInvocation`. */
export function auditInvocation(context: LensContext): string[] {
  return context === 'package' ? ['npx', 'mcp-lens', 'audit'] : ['npm', 'run', 'cli', '--', 'audit'];
}

/**
 * The headless client's command for `words`, as a text names it where the context is not known (the
 * engine's messages): a clone's and the package's, each said where it works; a hosted copy carries none.
 */
export function headlessCommands(words: readonly string[], command: 'cli' | 'audit' = 'cli'): string {
  const of = (context: LensContext) => [...(command === 'audit' ? auditInvocation(context) : cliInvocation(context)), ...words].join(' ');
  return `${of('clone')} in a clone of MCP Lens, ${of('package')} from its package`;
}

/** The audit's command line, in a text that names it (the checks a page cannot make). */
export const AUDIT_COMMANDS = headlessCommands(['<url>'], 'audit');

/** The relay's advice for one context: the command and its PowerShell form, and for the downloaded file the hash check. */
export interface RelayAdvice {
  /** For a POSIX shell (Linux, macOS, Git Bash or WSL on Windows). */
  command: string;
  /**
   * The same in PowerShell: its `curl` is another command, and it swallows a bare `--` before a script
   * such as npm.ps1 or npx.ps1 sees it (npm/cli#4903), so `--` is quoted.
   */
  powershell: string;
  /** The hosted copy's: compare the download with the SHA-256 published beside it. */
  check?: { posix: string; powershell: string };
}

/**
 * The one place every piece of advice gets the relay's command from (the CORS panel, the config import, the
 * relay's and the CLI's own messages; the docs quote it): for a server URL, or `--` and a stdio command,
 * with `--lens <appUrl>` so the link it prints opens this very app and the relay allows this page's origin.
 * Words are quoted for the shell they are shown for.
 */
export function relayAdvice(context: LensContext, appUrl: string, target: readonly string[]): RelayAdvice {
  const args = ['--lens', appUrl, ...target];
  if (context !== 'hosted') {
    const words = [...relayInvocation(context), ...args];
    return { command: words.map(shellWord).join(' '), powershell: words.map(powershellWord).join(' ') };
  }
  const file = new URL(RELAY_FILE, appUrl).href;
  const run = [...relayInvocation('hosted'), ...args];
  return {
    command: `curl -fsSLO ${shellWord(file)} && ${run.map(shellWord).join(' ')}`,
    powershell: `Invoke-WebRequest ${powershellWord(file)} -OutFile ${RELAY_FILE}; ${run.map(powershellWord).join(' ')}`,
    check: {
      posix: `curl -fsSL ${shellWord(`${file}.sha256`)} | sha256sum -c`,
      powershell: `(Get-FileHash ${RELAY_FILE}).Hash -eq (-split (Invoke-RestMethod ${powershellWord(`${file}.sha256`)}))[0]`,
    },
  };
}

/** The relay for an HTTP server that sends no CORS headers. */
export function relayCommand(context: LensContext, appUrl: string, serverUrl: string): RelayAdvice {
  return relayAdvice(context, appUrl, [serverUrl]);
}

/**
 * One word for PowerShell: as it is when it holds only safe characters, else single-quoted (a quote
 * doubled). `--` is quoted too: PowerShell may swallow a bare one instead of passing it on.
 */
export function powershellWord(word: string): string {
  return /^[A-Za-z0-9_./:=@%+,-]+$/.test(word) && word !== '--' ? word : `'${word.replace(/['‘’‚‛]/g, '$&$&')}'`;
}

/** The header on every answer the relay gives past its token check: its version, for the app to compare. */
export const RELAY_VERSION_HEADER = 'Lens-Relay-Version';

/** Versions are short; anything longer, or not a version's characters, is not read. */
const VERSION_SHAPE = /^[0-9A-Za-z.+-]{1,40}$/;

/** The relay's version from its header's value, or undefined when it sent none of the right shape. */
export function readRelayVersion(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed !== undefined && VERSION_SHAPE.test(trimmed) ? trimmed : undefined;
}

/**
 * What to say when the relay that answered is another version than this app, or undefined when they agree
 * (or the relay said none: one older than the header). Either may be older, so the advice is the one that
 * always works: run the relay this copy of the app offers.
 */
export function relayVersionWarning(relayVersion: string | undefined, appVersion: string): string | undefined {
  if (relayVersion === undefined || relayVersion === appVersion) return undefined;
  return `The local relay is version ${relayVersion} and this app ${appVersion}. If something fails through it, stop it and start the relay with the command this app gives for a server it cannot reach directly.`;
}
