/**
 * The OAuthClientProvider the SDK's `auth()` drives, for one MCP server. Everything lives in this object
 * (worker memory): registrations and tokens keyed by the authorization server's issuer (see
 * credentials.ts), the PKCE verifier, discovery, and the pending `state`. It adds what the spec and
 * docs/security.md require and the SDK leaves out: metadata URLs validated and S256 required before
 * any navigation, a `javascript:`/`data:` authorization URL refused, a 128-bit single-use `state`, the
 * issuer recorded with the verifier for the RFC 9207 check, an authorization server change noticed
 * (SEP-2352), and the `resource` indicator on every request, exactly as published (resource.ts).
 */
import {
  checkResourceAllowed,
  type OAuthClientInformationContext,
  type OAuthClientMetadata,
  type OAuthClientProvider,
  type OAuthDiscoveryState,
  type StoredOAuthClientInformation,
  type StoredOAuthTokens,
} from '@modelcontextprotocol/client';
import type { AuthSettings } from '../../shared/auth.ts';
import type { OAuthDiscoverySnapshot } from '../../shared/auth-persist.ts';
import { checkNavigableUrl } from '../../shared/url.ts';
import { IssuerKeyedCredentials, type PreRegisteredClient } from './credentials.ts';
import { AuthRefusal } from './refusal.ts';
import { canonicalResource, publishedResource } from './resource.ts';
import type { RememberedAuthorization } from './vault.ts';

export interface PendingAuthorization {
  url: string;
  state: string;
  createdAt: number;
  /** The issuer from the validated metadata when the request was made: what the callback's `iss` must equal. */
  issuer?: string;
  /** Whether that metadata advertises `authorization_response_iss_parameter_supported`. */
  issParameterSupported?: boolean;
}

/** State lives 10 minutes: a callback after that is refused, like one with a wrong state. */
export const STATE_TTL_MS = 10 * 60_000;

const METADATA_URL_FIELDS = [
  'issuer',
  'authorization_endpoint',
  'token_endpoint',
  'registration_endpoint',
  'revocation_endpoint',
  'introspection_endpoint',
  'jwks_uri',
] as const;

export interface ProviderDeps {
  serverUrl: URL;
  settings: () => AuthSettings;
  now: () => number;
  /** Random bytes (crypto.getRandomValues in every environment we run in). */
  random: (bytes: number) => Uint8Array;
  /** Discovery found another authorization server than the one the current credentials belong to. */
  onIssuerChange?: (change: { from: string; to: string }) => void;
}

export class LensOAuthProvider implements OAuthClientProvider {
  private readonly credentials = new IssuerKeyedCredentials();
  /** When the current access token stops being valid, from `expires_in` at the time it was saved. */
  expiresAt: number | undefined;
  /** When to refresh it: 30 s before expiry, or at three quarters of a short lifetime. */
  refreshAt: number | undefined;
  private verifier: string | undefined;
  private discovery: OAuthDiscoveryState | undefined;
  /** The issuer of the last discovery; kept when discovery is dropped, so a change can be noticed. */
  private lastIssuer: string | undefined;
  private pending: PendingAuthorization | undefined;
  private issuedState: { value: string; createdAt: number } | undefined;

  constructor(private readonly deps: ProviderDeps) {}

  get redirectUrl(): string {
    return this.deps.settings().redirectUrl;
  }

  get clientMetadataUrl(): string {
    // The SDK only uses it when the AS advertises CIMD, and only https URLs are valid client ids. The SDK
    // tests it for truth, so '' means "none" (a getter cannot be absent, which the optional field's type asks).
    const url = this.deps.settings().clientMetadataUrl;
    return url?.startsWith('https://') ? url : '';
  }

  get clientMetadata(): OAuthClientMetadata {
    const settings = this.deps.settings();
    return {
      client_name: settings.clientName ?? 'MCP Lens',
      redirect_uris: [settings.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }

  /** The authorization server the current discovery names (its metadata `issuer`, as the SDK keys it). */
  get issuer(): string | undefined {
    return issuerOf(this.discovery);
  }

  private preRegistered(): PreRegisteredClient | undefined {
    const { clientId, clientSecret } = this.deps.settings();
    return clientId ? { clientId, ...(clientSecret && { clientSecret }) } : undefined;
  }

  state(): string {
    const value = toHex(this.deps.random(16));
    this.issuedState = { value, createdAt: this.deps.now() };
    return value;
  }

  clientInformation(ctx?: OAuthClientInformationContext): StoredOAuthClientInformation | undefined {
    // A pre-registered client comes first in the spec's order, whatever was registered before.
    return this.credentials.client(ctx?.issuer ?? this.issuer, this.preRegistered());
  }

  saveClientInformation(info: StoredOAuthClientInformation, ctx?: OAuthClientInformationContext): void {
    if (this.preRegistered()) return;
    const issuer = ctx?.issuer ?? info.issuer ?? this.issuer;
    if (issuer !== undefined) this.credentials.saveRegistration(info, issuer);
  }

  tokens(ctx?: OAuthClientInformationContext): StoredOAuthTokens | undefined {
    return this.credentials.tokens(ctx?.issuer);
  }

  saveTokens(tokens: StoredOAuthTokens, ctx?: OAuthClientInformationContext): void {
    this.credentials.saveTokens(tokens, ctx?.issuer ?? tokens.issuer ?? this.issuer);
    const lifetime = typeof tokens.expires_in === 'number' ? tokens.expires_in * 1000 : undefined;
    this.expiresAt = lifetime === undefined ? undefined : this.deps.now() + lifetime;
    this.refreshAt = lifetime === undefined ? undefined : this.deps.now() + Math.max(lifetime - 30_000, lifetime * 0.75);
  }

  redirectToAuthorization(authorizationUrl: URL): void {
    const checked = checkNavigableUrl(authorizationUrl.href);
    if (!checked.ok) throw new AuthRefusal(`Refused to open the authorization endpoint: ${checked.reason}`);
    const state = this.issuedState;
    if (!state || authorizationUrl.searchParams.get('state') !== state.value) {
      throw new AuthRefusal('The authorization URL lost its state parameter; refusing to start an unverifiable flow.');
    }
    this.pending = { url: checked.url, state: state.value, createdAt: state.createdAt, ...issExpectation(this.discovery) };
    this.issuedState = undefined;
  }

  /** The authorization a person must now complete; taken once, so a state can only be used once. */
  takePending(): PendingAuthorization | undefined {
    const pending = this.pending;
    this.pending = undefined;
    return pending;
  }

  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier;
  }

  codeVerifier(): string {
    if (!this.verifier) throw new AuthRefusal('No authorization is in progress (the PKCE verifier is gone). Connect again.');
    return this.verifier;
  }

  saveDiscoveryState(state: OAuthDiscoveryState): void {
    checkDiscovery(state);
    const previous = this.lastIssuer;
    const next = issuerOf(state);
    this.discovery = state;
    this.lastIssuer = next;
    if (previous === undefined || next === undefined || sameIssuer(previous, next)) return;
    // The tokens were minted by the previous authorization server: never refreshed at, or sent to, the new one.
    this.credentials.dropTokens();
    this.expiresAt = this.refreshAt = undefined;
    this.deps.onIssuerChange?.({ from: previous, to: next });
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.discovery;
  }

  async validateResourceURL(serverUrl: string | URL, resource?: string): Promise<URL | undefined> {
    const canonical = canonicalResource(serverUrl);
    if (resource === undefined) return canonical; // RFC 8707: the MCP server's own URI, even without metadata
    if (!checkResourceAllowed({ requestedResource: canonical, configuredResource: resource })) {
      throw new AuthRefusal(
        `The protected resource metadata names "${resource}", which does not cover ${canonical.href}. A token for it must not be used here.`,
      );
    }
    return publishedResource(resource); // as published: new URL() would append "/" to a bare origin
  }

  /** What "Remember on this device" keeps: tokens, the registration they belong to, its issuer, and discovery. */
  snapshot(key: string): RememberedAuthorization | undefined {
    const tokens = this.credentials.tokens();
    if (!tokens) return undefined;
    const issuer = tokens.issuer ?? this.issuer;
    // A pre-registered client is kept by its id alone: a secret the user typed stays in the form.
    const preRegistered = this.preRegistered();
    const client = preRegistered ? { client_id: preRegistered.clientId } : this.credentials.client(issuer, undefined);
    return {
      key,
      serverUrl: this.deps.serverUrl.href,
      savedAt: this.deps.now(),
      ...(issuer !== undefined && { issuer }),
      tokens,
      ...(this.expiresAt !== undefined && { expiresAt: this.expiresAt }),
      ...(this.refreshAt !== undefined && { refreshAt: this.refreshAt }),
      ...(client && { client }),
      ...(this.discovery && { discovery: this.discovery }),
    };
  }

  /** Takes a remembered authorization whose issuer was checked (this tab's earlier session or another tab's refresh). */
  restore(record: RememberedAuthorization & { issuer: string }): void {
    if (record.discovery) this.saveDiscoveryState(record.discovery); // re-validated, as on first use
    const preRegistered = this.preRegistered();
    if (preRegistered) {
      if (record.client?.client_id === preRegistered.clientId) this.credentials.bind(preRegistered, record.issuer);
    } else if (record.client) {
      this.credentials.saveRegistration(record.client, record.issuer);
    }
    this.credentials.saveTokens(record.tokens, record.issuer);
    this.expiresAt = record.expiresAt;
    this.refreshAt = record.refreshAt ?? record.expiresAt;
  }

  /** What a full-page redirect must carry: the verifier, discovery and the client used for this state. */
  exportForRedirect(): {
    codeVerifier: string;
    discovery: OAuthDiscoverySnapshot;
    clientId: string;
    issuer?: string;
    preRegistered: boolean;
    clientSecret?: string;
  } {
    const client = this.clientInformation();
    if (!this.verifier || !this.discovery || !client)
      throw new AuthRefusal('The authorization has not reached the sign-in step yet; nothing to carry across a redirect.');
    const preRegistered = this.preRegistered();
    return {
      codeVerifier: this.verifier,
      discovery: JSON.parse(JSON.stringify(this.discovery)) as OAuthDiscoverySnapshot,
      clientId: client.client_id,
      ...(client.issuer !== undefined && { issuer: client.issuer }),
      preRegistered: Boolean(preRegistered),
      ...(preRegistered?.clientSecret && { clientSecret: preRegistered.clientSecret }),
    };
  }

  /** Restores what `exportForRedirect` produced, in a fresh engine after the page came back. */
  restoreForRedirect(saved: {
    codeVerifier: string;
    discovery: OAuthDiscoverySnapshot;
    clientId: string;
    issuer?: string;
    preRegistered: boolean;
  }): void {
    this.saveDiscoveryState(saved.discovery as unknown as OAuthDiscoveryState);
    const issuer = saved.issuer ?? this.issuer;
    const preRegistered = this.preRegistered();
    if (issuer !== undefined && !saved.preRegistered) this.credentials.saveRegistration({ client_id: saved.clientId }, issuer);
    if (issuer !== undefined && saved.preRegistered && preRegistered?.clientId === saved.clientId)
      this.credentials.bind(preRegistered, issuer);
    this.verifier = saved.codeVerifier;
  }

  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): void {
    if (scope === 'all' || scope === 'client') this.credentials.dropClients();
    if (scope === 'all' || scope === 'tokens') {
      this.credentials.dropTokens();
      this.expiresAt = this.refreshAt = undefined;
    }
    if (scope === 'all' || scope === 'verifier') this.verifier = undefined;
    if (scope === 'all' || scope === 'discovery') this.discovery = undefined;
    if (scope === 'all') this.pending = this.issuedState = this.lastIssuer = undefined;
  }
}

/** The issuer credentials are keyed by, as the SDK computes it: the metadata's, else the server's URL. */
export function issuerOf(discovery: OAuthDiscoverySnapshot | OAuthDiscoveryState | undefined): string | undefined {
  if (!discovery) return undefined;
  const issuer = (discovery.authorizationServerMetadata as { issuer?: unknown } | undefined)?.issuer;
  return typeof issuer === 'string' ? issuer : String(discovery.authorizationServerUrl);
}

/** One authorization server under two spellings (the SDK derives URLs with a trailing "/", metadata may not). */
function sameIssuer(a: string, b: string): boolean {
  return a === b || a === `${b}/` || b === `${a}/`;
}

/** What the callback's `iss` is checked against (RFC 9207): recorded with the verifier, from validated metadata. */
export function issExpectation(
  discovery: OAuthDiscoverySnapshot | OAuthDiscoveryState | undefined,
): Pick<PendingAuthorization, 'issuer' | 'issParameterSupported'> {
  const metadata = discovery?.authorizationServerMetadata as
    { issuer?: unknown; authorization_response_iss_parameter_supported?: unknown } | undefined;
  return {
    ...(typeof metadata?.issuer === 'string' && { issuer: metadata.issuer }),
    issParameterSupported: metadata?.authorization_response_iss_parameter_supported === true,
  };
}

/**
 * What the SDK would accept but the spec (and CVE-2025-58444) does not: endpoints that are not https (or
 * loopback http), and an authorization server that does not advertise S256. Runs before any navigation.
 */
export function checkDiscovery(state: OAuthDiscoveryState): void {
  const metadata = state.authorizationServerMetadata as Record<string, unknown> | undefined;
  for (const field of METADATA_URL_FIELDS) {
    const value = metadata?.[field];
    if (value === undefined) continue;
    const checked = typeof value === 'string' ? checkNavigableUrl(value) : { ok: false as const, reason: 'it is not a string' };
    if (!checked.ok) throw new AuthRefusal(`Authorization server metadata: ${field} is refused (${checked.reason}).`);
  }
  for (const server of state.resourceMetadata?.authorization_servers ?? []) {
    const checked = checkNavigableUrl(server);
    if (!checked.ok) throw new AuthRefusal(`Protected resource metadata: authorization server "${server}" is refused (${checked.reason}).`);
  }
  // No metadata at all is a 2025-03-26 server: default endpoints, with PKCE S256 all the same.
  if (metadata === undefined) return;
  const methods = metadata.code_challenge_methods_supported;
  if (!Array.isArray(methods) || !methods.includes('S256')) {
    throw new AuthRefusal(
      'The authorization server does not advertise PKCE S256 (code_challenge_methods_supported). The MCP spec requires clients to refuse to continue; ask its operator to enable S256, or paste a token instead.',
    );
  }
}

function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
