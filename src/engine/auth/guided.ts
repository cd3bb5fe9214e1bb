/**
 * The guided authorization: the automatic flow's steps, one at a time, before any 401. Each step fills the
 * same provider the automatic flow reads (discovery, the client), through the same recorded fetch, so the
 * Authorization tab shows each request and response, and the sign-in, the token exchange and refreshing
 * are the AuthController's own (`authorize`). Nothing here weakens a check: the discovery is validated by
 * the provider (`checkDiscovery`), and the authorization URL by `redirectToAuthorization`.
 */
import {
  discoverAuthorizationServerMetadata,
  discoverOAuthProtectedResourceMetadata,
  registerClient,
  type OAuthProtectedResourceMetadata,
} from '@modelcontextprotocol/client';
import type { GuidedStep, GuidedStepResult } from '../../shared/auth.ts';
import type { FetchLike } from '../wire/wire-tap.ts';
import { issuerOf, type LensOAuthProvider, type PendingAuthorization } from './provider.ts';
import { RULES, type StepInput } from './rules.ts';
import { AuthRefusal } from './refusal.ts';

export interface GuidedDeps {
  provider: LensOAuthProvider;
  /** The recorded, validated fetch of the OAuth requests. */
  oauthFetch: FetchLike;
  /** The server whose authorization this is (the fronted one, through a relay). */
  resourceServer: URL;
  record(step: StepInput): void;
  /** The controller's own flow: `force` asks for a new sign-in, none refreshes. */
  authorize(options: { force?: boolean }): Promise<void>;
  pending(): PendingAuthorization | undefined;
}

/** What step 1 found, for step 2 (per controller). */
export interface GuidedMemory {
  resourceMetadata?: OAuthProtectedResourceMetadata;
  authorizationServerUrl?: string;
}

export async function runGuidedStep(step: Exclude<GuidedStep, 'token'>, deps: GuidedDeps, memory: GuidedMemory): Promise<GuidedStepResult> {
  switch (step) {
    case 'resource-metadata':
      return resourceMetadata(deps, memory);
    case 'server-metadata':
      return serverMetadata(deps, memory);
    case 'registration':
      return registration(deps);
    case 'authorization':
      return authorization(deps);
    case 'refresh':
      return refresh(deps);
  }
}

async function resourceMetadata({ resourceServer, oauthFetch }: GuidedDeps, memory: GuidedMemory): Promise<GuidedStepResult> {
  try {
    const metadata = await discoverOAuthProtectedResourceMetadata(resourceServer, {}, oauthFetch);
    const server = metadata.authorization_servers?.[0];
    memory.resourceMetadata = metadata;
    memory.authorizationServerUrl = server ?? new URL('/', resourceServer).href;
    return { outcome: 'done', summary: `Resource ${metadata.resource}; authorization server ${memory.authorizationServerUrl}.` };
  } catch (error) {
    if (error instanceof TypeError || (error as { recorded?: boolean }).recorded) throw error;
    // A 2025-03-26 server publishes none: its own origin is the authorization server, as the automatic flow assumes.
    delete memory.resourceMetadata;
    memory.authorizationServerUrl = new URL('/', resourceServer).href;
    return {
      outcome: 'done',
      summary: `No protected resource metadata (a 2025-03-26 server): ${memory.authorizationServerUrl} is taken as the authorization server.`,
    };
  }
}

async function serverMetadata({ provider, oauthFetch }: GuidedDeps, memory: GuidedMemory): Promise<GuidedStepResult> {
  const authorizationServerUrl = memory.authorizationServerUrl;
  if (authorizationServerUrl === undefined) throw new AuthRefusal('Run the protected resource metadata step first.');
  const metadata = await discoverAuthorizationServerMetadata(authorizationServerUrl, { fetchFn: oauthFetch });
  // Validated here (https endpoints, PKCE S256) before anything is registered or opened.
  provider.saveDiscoveryState({
    authorizationServerUrl,
    ...(memory.resourceMetadata && { resourceMetadata: memory.resourceMetadata }),
    ...(metadata && { authorizationServerMetadata: metadata }),
  });
  if (!metadata) return { outcome: 'done', summary: 'No metadata published: the default endpoints (/authorize, /token, /register) apply.' };
  return {
    outcome: 'done',
    summary: `Issuer ${metadata.issuer}; ${metadata.registration_endpoint ? 'Dynamic Client Registration offered' : 'no registration endpoint'}${
      metadata.client_id_metadata_document_supported ? '; Client ID Metadata Documents accepted' : ''
    }.`,
  };
}

async function registration({ provider, oauthFetch, record }: GuidedDeps): Promise<GuidedStepResult> {
  const discovery = provider.discoveryState();
  if (!discovery) throw new AuthRefusal('Run the authorization server metadata step first.');
  const issuer = issuerOf(discovery);
  const context = issuer === undefined ? undefined : { issuer };
  const known = provider.clientInformation(context);
  const note = (detail: string): GuidedStepResult => {
    record({ kind: 'registration', title: 'Client registration', rule: RULES.registration, verdict: 'info', detail });
    return { outcome: 'skipped', summary: detail };
  };
  if (known)
    return note(
      `No registration needed: this client is ${known.client_id} at ${issuer ?? 'this server'} (pre-registered, or registered before).`,
    );
  const metadata = discovery.authorizationServerMetadata;
  if (metadata?.client_id_metadata_document_supported === true && provider.clientMetadataUrl) {
    provider.saveClientInformation({ client_id: provider.clientMetadataUrl, ...(issuer !== undefined && { issuer }) }, context);
    record({
      kind: 'registration',
      title: 'Client registration',
      rule: RULES.registration,
      verdict: 'ok',
      detail: `Client ID Metadata Document: the client_id is ${provider.clientMetadataUrl}, which the authorization server fetches itself. Nothing is sent.`,
    });
    return { outcome: 'done', summary: `Client ID Metadata Document: client_id ${provider.clientMetadataUrl}.` };
  }
  if (metadata && !metadata.registration_endpoint)
    throw new AuthRefusal(
      'This authorization server offers neither Dynamic Client Registration nor Client ID Metadata Documents: enter a pre-registered Client ID above, press Use this client, and run this step again.',
    );
  const registered = await registerClient(discovery.authorizationServerUrl, {
    ...(metadata && { metadata }),
    clientMetadata: provider.clientMetadata,
    fetchFn: oauthFetch,
  });
  provider.saveClientInformation({ ...registered, ...(issuer !== undefined && { issuer }) }, context);
  return { outcome: 'done', summary: `Registered dynamically as ${registered.client_id}.` };
}

async function authorization({ authorize, pending }: GuidedDeps): Promise<GuidedStepResult> {
  try {
    await authorize({ force: true });
  } catch (error) {
    // The person has the next move: the controller now waits for the callback (the usual "needs authorization").
    const waiting = pending();
    if (!waiting) throw error;
    return {
      outcome: 'waiting',
      summary: `Sign in at ${new URL(waiting.url).host}; the code comes back to this tab and is exchanged for a token.`,
    };
  }
  return { outcome: 'done', summary: 'Authorized without asking (the authorization server answered at once).' };
}

async function refresh({ provider, authorize }: GuidedDeps): Promise<GuidedStepResult> {
  const tokens = provider.tokens();
  if (!tokens) throw new AuthRefusal('No token yet: sign in first (the authorize step), then refresh.');
  if (!tokens.refresh_token)
    return { outcome: 'skipped', summary: 'The authorization server issued no refresh token: you sign in again when this one expires.' };
  const before = tokens.access_token;
  await authorize({});
  return {
    outcome: 'done',
    summary: provider.tokens()?.access_token === before ? 'Refreshed; the same access token came back.' : 'Refreshed: a new access token.',
  };
}
