/**
 * The full-page redirect handoff: when popups are blocked, the page leaves for the authorization server and
 * the worker (with the PKCE verifier) dies with it. What the pending authorization needs to finish is
 * exported for the tab's sessionStorage, then restored into a fresh engine when the page comes back.
 */
import type { PendingOAuthExport } from '../../shared/auth-persist.ts';
import type { EngineError } from '../../shared/errors.ts';
import { issExpectation, type LensOAuthProvider, type PendingAuthorization } from './provider.ts';

/** What a full-page redirect must carry for the pending authorization with this state. */
export function exportPendingAuthorization(
  state: string,
  pending: PendingAuthorization | undefined,
  provider: LensOAuthProvider,
  serverUrl: URL,
  requestedScope: string | undefined,
): PendingOAuthExport {
  if (!pending || pending.state !== state) {
    throw {
      code: 'unauthorized',
      message: 'This authorization is no longer pending (it was cancelled, used, or replaced). Connect again.',
    } satisfies EngineError;
  }
  const saved = provider.exportForRedirect();
  const resource = new URL(pending.url).searchParams.get('resource');
  return {
    serverUrl: serverUrl.href,
    state: pending.state,
    createdAt: pending.createdAt,
    codeVerifier: saved.codeVerifier,
    redirectUrl: provider.redirectUrl,
    authorizationUrl: pending.url,
    ...(resource !== null && { resource }),
    ...(requestedScope !== undefined && { scope: requestedScope }),
    discovery: saved.discovery,
    client: { clientId: saved.clientId, ...(saved.issuer !== undefined && { issuer: saved.issuer }), preRegistered: saved.preRegistered },
    ...(saved.clientSecret !== undefined && { clientSecret: saved.clientSecret }),
  };
}

/** Puts an exported authorization back into the provider; returns the pending authorization to finish. Throws if the record is unusable. */
export function restorePendingAuthorization(provider: LensOAuthProvider, saved: PendingOAuthExport): PendingAuthorization {
  provider.restoreForRedirect({
    codeVerifier: saved.codeVerifier,
    discovery: saved.discovery,
    clientId: saved.client.clientId,
    ...(saved.client.issuer !== undefined && { issuer: saved.client.issuer }),
    preRegistered: saved.client.preRegistered,
  });
  return { url: saved.authorizationUrl, state: saved.state, createdAt: saved.createdAt, ...issExpectation(saved.discovery) };
}
