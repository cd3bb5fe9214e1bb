/**
 * One connection to one MCP server: the SDK client on a tapped transport, in the protocol era the server
 * speaks (src/engine/era.ts), opened with the spec's backwards-compatible transport detection, and closed
 * with a session DELETE where the era has sessions.
 */
import {
  type Client,
  SSEClientTransport,
  StreamableHTTPClientTransport,
  type ClientCapabilities,
  type OAuthClientProvider,
  type Transport,
  SdkHttpError,
  SseError,
} from '@modelcontextprotocol/client';
import type { EngineError } from '../../shared/errors.ts';
import type { ConnectParams, Icon, ProtocolEra, ServerSummary, TransportKind } from '../../shared/model.ts';
import { checkServerUrl } from '../../shared/url.ts';
import { redactUrl } from '../../shared/redact.ts';
import type { SessionGuards } from '../guards/connection-guards.ts';
import { hiddenSessionIdError } from '../features/cors-doctor.ts';
import { explainError, isOpaqueNetworkFailure, probeFailureCause } from '../errors/explain-error.ts';
import { explainSessionEndFailure } from './session-end.ts';
import { transportNote } from './transport-notes.ts';
import {
  createProbeWatch,
  explainEra,
  malformedDiscover,
  negotiationMode,
  otherEraFailure,
  planEra,
  relayEraFailure,
  legacyBecause,
  type EraPlan,
} from '../era.ts';
import { isLateProgress, isUnmatchedResponse, LensClient } from '../sdk/sdk-client.ts';
import { NoSdkSchemaValidator } from '../sdk/sdk-validator.ts';
import { createListCache, type ListCache } from '../features/list-cache.ts';
import { MAX_INPUT_ROUNDS } from '../../shared/client-features.ts';
import { checkSessionId } from './session-id.ts';
import { keepRelayTokenOn, scopeRelayToken } from '../relay/relay-token.ts';
import { isRelayTokenHeader } from '../../shared/relay.ts';
import { boundSummary } from '../guards/identity-bounds.ts';
import { withRedirectRules } from '../wire/redirects.ts';
import type { FetchLike } from '../wire/wire-tap.ts';
import type { Clock } from '../clock.ts';
import { str } from '../../shared/read.ts';
import { profileOf, SUPPORTED_PROTOCOL_VERSIONS, type EraProfile } from '../../shared/era-profile.ts';
import { LENS_VERSION } from '../../shared/version.ts';

const CLIENT_INFO = { name: 'mcp-lens', title: 'MCP Lens', version: LENS_VERSION };
const DEFAULT_CONNECT_TIMEOUT_MS = 30_000;

/** Per the spec, only these answers to a POST initialize mean "try the legacy HTTP+SSE transport"; never 401. */
const FALLBACK_STATUSES = new Set([400, 404, 405]);

export interface Session {
  client: LensClient;
  /** What the era the handshake settled on lets this session do, and how; chosen once, here. */
  profile: EraProfile;
  /** Lists the server marked fresh (src/engine/features/list-cache.ts). */
  cache: ListCache;
  /** The SDK's real transport; the client is connected to the request guard that wraps it. */
  transport: Transport;
  summary: ServerSummary;
  /** The local relay's token, when the connection goes through one (the audit's named probes go through it too). */
  relayToken?: string;
  /** Runs `cleanup` first when the session closes (extensions that started something on it). */
  onClose(cleanup: () => Promise<void>): void;
  /** Ends the session (DELETE with the session id on Streamable HTTP) and the client. */
  close(): Promise<void>;
  /**
   * Ends the session because the server is gone for a reason a feature learned beside it (a stdio server behind
   * the relay exited): reported as `reason`, as when the server closes the connection, with no DELETE to send.
   */
  lost(reason: string): void;
}

export interface SessionDeps {
  /** The tapped fetch: everything the transports send and receive goes through it. */
  fetch: FetchLike;
  note: (level: 'info' | 'warning' | 'error', text: string) => void;
  /** Called when the connection ends without us closing it. */
  onLost: (reason: string) => void;
  /**
   * Extension points for features that shape the session rather than call it. Each feature adds what it
   * needs here from its own file, and engine.ts merges them.
   */
  extensions?: SessionExtension[];
  /** Reconnect pacing and early failing of requests whose answer cannot come (src/engine/guards/connection-guards.ts). */
  guards?: SessionGuards;
  now: () => number;
  /** Waits between probes that were told to slow down (HTTP 429). */
  clock: Clock;
}

export interface SessionExtension {
  /** Capabilities this feature lets the client declare (merged across features). */
  capabilities?: ClientCapabilities;
  /**
   * Protocol extensions (SEP-2133) this feature supports, by id with their settings. Declared on a modern
   * connection only, and only where the server's `server/discover` offers the same id: an extension one
   * side lacks is not in force, and both fall back to core.
   */
  protocolExtensions?: Record<string, Record<string, unknown>>;
  /** Registers handlers for requests and notifications from the server, before initialize. */
  setup?: (client: Client) => void;
  /**
   * Starts what the feature runs beside an adopted session (the engine calls it once the session is the
   * current one); cleanups it needs go through `session.onClose`.
   */
  adopted?: (session: Session) => void;
  /** An OAuth provider for the transports; at most one feature supplies it. */
  authProvider?: OAuthClientProvider;
  /**
   * Wraps the fetch the transports use for this server (OAuth: bearer token, refresh, 401 and 403 handling).
   * Applied above the wire tap, so what the tap logs is what was sent.
   */
  wrapFetch?: (fetch: FetchLike, serverUrl: URL) => FetchLike;
}

export async function openMcpSession(params: ConnectParams, deps: SessionDeps): Promise<Session> {
  const checked = checkServerUrl(params.url);
  if (!checked.ok) throw invalidUrl(checked);
  const url = new URL(checked.url);
  const headers = scopeRelayToken(
    Object.fromEntries(params.headers.filter((h) => h.name.trim() !== '').map((h) => [h.name.trim(), h.value])),
    url,
    (text) => deps.note('warning', text),
  );
  const timeout = params.requestTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  const plan = planEra(params, deps.now());
  // scopeRelayToken kept the token only for a relay's address: what the relay itself answers is believed then.
  const viaRelay = Object.keys(headers).some(isRelayTokenHeader);
  const connect = (kind: TransportKind, eraPlan: EraPlan) => connectWith({ kind, url, headers, timeout, plan: eraPlan, viaRelay }, deps);

  if (params.transport === 'sse') return connect('sse', plan);
  try {
    return await connect('streamable-http', plan).catch((error: unknown) => {
      // What the SDK does in a page, done in our worker too: a probe the browser refused to send (an opaque
      // network error, typically CORS on the new headers) says nothing about the era, so 2025 is tried next.
      if (plan.mode !== 'auto' || probeFailureCause(error) === error || !isOpaqueNetworkFailure(error)) throw error;
      // Nothing is known yet: the server may be down as well as refusing the probe's headers, so no cause is named.
      deps.note(
        'info',
        'The browser could not send the 2026-07-28 server/discover probe (no response; a browser does not say why); trying the 2025 initialize handshake.',
      );
      return connect('streamable-http', { mode: 'legacy', why: 'probe-blocked' });
    });
  } catch (error) {
    const status = SdkHttpError.isInstance(error) ? error.status : undefined;
    // A remembered 2025 verdict that no longer holds (the server was upgraded): probe again, once.
    if (legacyBecause(plan, 'remembered') && status !== 401 && status !== 403) {
      deps.note(
        'info',
        'This endpoint was remembered as a 2025-era server, but the initialize handshake failed; probing its protocol era again.',
      );
      return connectWith({ kind: 'streamable-http', url, headers, timeout, plan: { mode: 'auto' }, viaRelay }, deps);
    }
    if (params.transport !== 'auto' || plan.mode === 'pin' || typeof status !== 'number' || !FALLBACK_STATUSES.has(status)) throw error;
    deps.note('info', `POST initialize got HTTP ${status}; trying the legacy HTTP+SSE transport (GET ${url.href}).`);
    // The fallback is a guess; when it fails too, the server's answer to POST (a 404 that names the right
    // path) is what a person can act on, not what a GET to a page or a missing /sse said. Explained here,
    // where it is known that both transports were tried, so no advice says to try the other one.
    return connect('sse', { mode: 'legacy', why: 'pinned' }).catch((sseError: unknown) => {
      throw isAuthFailure(sseError) ? sseError : explainError(error, url.href, { bothTransportsTried: true });
    });
  }
}

/**
 * The invalid-url failure, with the URL a person most likely meant when the check has one. An error is logged
 * and saved, so a suggestion whose query carries a secret is left out (the sentence has it masked).
 */
export function invalidUrl(checked: { reason: string; suggestion?: string }): EngineError {
  const { suggestion } = checked;
  const offered = suggestion !== undefined && redactUrl(suggestion) === suggestion;
  return { code: 'invalid-url', message: checked.reason, ...(offered && { suggestedUrl: suggestion }) };
}

/** A failure on the fallback that is worth more than the first answer: the server asked for authorization. */
function isAuthFailure(error: unknown): boolean {
  const status = SdkHttpError.isInstance(error) ? error.status : SseError.isInstance(error) ? error.code : undefined;
  return status === 401 || status === 403;
}

interface ConnectTarget {
  kind: TransportKind;
  url: URL;
  headers: Record<string, string>;
  timeout: number;
  plan: EraPlan;
  /** Through the local relay (src/node/relay/): its own era answers are worded as the relay's. */
  viaRelay: boolean;
}

async function connectWith({ kind, url, headers, timeout, plan, viaRelay }: ConnectTarget, deps: SessionDeps): Promise<Session> {
  // credentials: 'omit' — a server's cookies for this origin must never ride along with an inspector's requests.
  const requestInit: RequestInit = { headers, credentials: 'omit' };
  const extensions = deps.extensions ?? [];
  const probes = createProbeWatch({
    clock: deps.clock,
    deadline: deps.clock.now() + timeout,
    plan,
    note: (text) => deps.note('info', text),
  });
  const fetch = probes.wrap(
    extensions.reduce<FetchLike>(
      (inner, extension) => extension.wrapFetch?.(inner, url) ?? inner,
      keepRelayTokenOn(url.origin, withRedirectRules(deps.fetch)),
    ),
  );
  const authProvider = extensions.find((extension) => extension.authProvider)?.authProvider;
  const transportAuth = authProvider ? { authProvider } : {};
  const pacing = deps.guards ? { reconnectionScheduler: deps.guards.reconnectionScheduler } : {};
  const transport =
    kind === 'streamable-http'
      ? new StreamableHTTPClientTransport(url, { fetch, requestInit, ...transportAuth, ...pacing })
      : new SSEClientTransport(url, { fetch, requestInit, eventSourceInit: { fetch }, ...transportAuth });
  // The client talks to the guarded transport; the session keeps the real one for its own questions.
  const guarded = deps.guards?.guard(transport) ?? transport;
  const capabilities = Object.assign({}, ...extensions.map((extension) => extension.capabilities ?? {})) as ClientCapabilities;
  // Several features may declare client-side extensions (MCP Apps): merge them rather than keep the last.
  const declared = extensions.map((extension) => (extension.capabilities as { extensions?: object } | undefined)?.extensions);
  if (declared.some(Boolean)) Object.assign(capabilities, { extensions: Object.assign({}, ...declared) as object });
  // HTTP+SSE has no modern era: it is spoken only with initialize.
  const mode = kind === 'sse' ? 'legacy' : negotiationMode(plan);
  const client = new LensClient(CLIENT_INFO, {
    capabilities,
    supportedProtocolVersions: [...SUPPORTED_PROTOCOL_VERSIONS],
    versionNegotiation: { mode },
    inputRequired: { maxRounds: MAX_INPUT_ROUNDS },
    jsonSchemaValidator: new NoSdkSchemaValidator(),
  });
  for (const extension of extensions) extension.setup?.(client);

  let closing = false;
  // The SDK's own words for what went wrong while connecting ("Error POSTing to endpoint: …") are held: a
  // connect that fails says why in plain words, and its requests stay in the log; one that succeeds notes them.
  let held: Error[] | undefined = [];
  client.onerror = (error) => {
    // The message log already marks such responses (late or unmatched) on the entry itself.
    if (isUnmatchedResponse(error)) return;
    // Progress for a request that already ended (cancelled, or answered): its log row says so; the SDK's words would not.
    if (isLateProgress(error)) return;
    // Closing explains its own failures (the session DELETE note); the same error again would only repeat it.
    if (closing) return;
    deps.guards?.transportError(error.message);
    if (held) held.push(error);
    else deps.note('warning', transportNote(error));
  };
  try {
    await client.connect(guarded, { timeout });
    checkSessionId((transport as { sessionId?: string }).sessionId);
  } catch (error) {
    closing = true;
    // The transport learns the protocol version only from a successful initialize result.
    const initialized = (transport as { protocolVersion?: string }).protocolVersion !== undefined;
    const hidden = hiddenSessionIdError(initialized, (transport as { sessionId?: string }).sessionId, error, Object.keys(headers));
    await client.close().catch(() => undefined);
    await probes.settled({ cancel: true });
    // A discover result that is not valid is the server's first real answer; what the fallback to 2025 met after it is not.
    const seen = probes.seen();
    throw (
      hidden ?? relayEraFailure(plan, error, seen, viaRelay) ?? malformedDiscover(plan, seen) ?? otherEraFailure(plan, error, seen) ?? error
    );
  }
  for (const error of held) deps.note('warning', transportNote(error));
  held = undefined;
  client.onclose = () => {
    if (!closing) deps.onLost('The server closed the connection.');
  };
  const profile = profileOf(client.getProtocolEra());
  if (profile.protocolExtensions) client.declareExtensions(negotiateExtensions(extensions, client.getServerCapabilities()?.extensions));

  const summary = boundSummary(
    summarize(client, profile, kind, url, transport, (era) =>
      explainEra(plan, era, probes.seen(), { sse: kind === 'sse', relay: viaRelay }),
    ),
  );
  // The UI offers the CORS doctor for it, and does not remember it as the origin's era.
  if (legacyBecause(plan, 'probe-blocked')) summary.probeBlocked = true;
  // Auto gave up waiting on a busy probe (so went on to initialize): 2025 was used without evidence, not to be remembered.
  if (probes.seen().at(-1)?.kind === 'busy') summary.probeBusy = true;
  // Auto ended with the handshake: why is worth a line in the log.
  if (profile.firstRequest === 'initialize' && plan.mode === 'auto' && kind === 'streamable-http') deps.note('info', summary.eraReason);
  const cleanups: Array<() => Promise<void>> = [];
  const relayToken = viaRelay
    ? Object.entries(headers)
        .find(([name]) => isRelayTokenHeader(name))?.[1]
        .trim()
    : undefined;
  const session: Session = {
    client,
    profile,
    transport,
    summary,
    ...(relayToken !== undefined && { relayToken }),
    cache: createListCache(deps.now),
    onClose: (cleanup) => void cleanups.push(cleanup),
    async close() {
      closing = true;
      await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
      // Only the 2025 era has sessions to end; 2026-07-28 has no DELETE.
      if (transport instanceof StreamableHTTPClientTransport && summary.sessionId !== undefined) {
        // A 405 means the server does not let clients end sessions, which is allowed (the SDK does not throw for it).
        await transport.terminateSession().catch((error: unknown) => {
          const { level, text } = explainSessionEndFailure(error);
          deps.note(level, text);
        });
      }
      await client.close();
    },
    lost(reason) {
      if (closing) return;
      closing = true;
      deps.onLost(reason);
      void Promise.all(cleanups.splice(0).map((cleanup) => cleanup()))
        .then(() => client.close())
        .catch(() => undefined);
    },
  };
  return session;
}

function summarize(
  client: LensClient,
  profile: EraProfile,
  kind: TransportKind,
  url: URL,
  transport: Transport,
  explain: (era: ProtocolEra) => string,
): ServerSummary {
  const info = (client.getServerVersion() ?? {}) as Record<string, unknown>;
  const sessionId = (transport as { sessionId?: string }).sessionId;
  const instructions = client.getInstructions();
  const { era } = profile;
  const discover = client.getDiscoverResult();
  return {
    url: url.href,
    transport: kind,
    era,
    eraReason: explain(era),
    protocolVersion: client.getNegotiatedProtocolVersion() ?? 'unknown',
    ...(discover && { supportedVersions: [...discover.supportedVersions], discover: discover as unknown as Record<string, unknown> }),
    ...(profile.protocolExtensions && { extensions: client.declaredExtensions() }),
    ...(sessionId !== undefined && { sessionId }),
    server: {
      name: str(info.name) ?? '(unnamed)',
      version: str(info.version) ?? '',
      ...optional('title', str(info.title)),
      ...optional('description', str(info.description)),
      ...optional('websiteUrl', str(info.websiteUrl)),
      icons: readIcons(info.icons),
    },
    capabilities: (client.getServerCapabilities() ?? {}) as Record<string, unknown>,
    ...(instructions !== undefined && { instructions }),
  };
}

/** The extensions both sides offered; ours keep their settings (the server's are its own). */
function negotiateExtensions(extensions: SessionExtension[], offered: unknown): Record<string, Record<string, unknown>> {
  const theirs = typeof offered === 'object' && offered !== null ? offered : {};
  const agreed: Record<string, Record<string, unknown>> = {};
  for (const extension of extensions) {
    for (const [id, settings] of Object.entries(extension.protocolExtensions ?? {})) if (Object.hasOwn(theirs, id)) agreed[id] = settings;
  }
  return agreed;
}

const optional = <K extends string>(key: K, value: string | undefined) =>
  value === undefined ? {} : ({ [key]: value } as Record<K, string>);

/** Icons from an untrusted server: keep only well-formed entries. */
export function readIcons(value: unknown): Icon[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((icon): Icon[] => {
    if (typeof icon !== 'object' || icon === null || typeof (icon as Icon).src !== 'string') return [];
    const { src, mimeType, sizes, theme } = icon as Record<string, unknown>;
    return [
      {
        src: src as string,
        ...(typeof mimeType === 'string' && { mimeType }),
        ...(Array.isArray(sizes) && { sizes: sizes.filter((s): s is string => typeof s === 'string') }),
        ...((theme === 'light' || theme === 'dark') && { theme }),
      },
    ];
  });
}
