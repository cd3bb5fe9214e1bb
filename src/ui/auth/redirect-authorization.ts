/**
 * Both ends of the full-page redirect, outside React: leaving (save the pending authorization, then
 * navigate) and coming back (take it once, check it, restore the connection, finish the exchange).
 */
import type { EngineClient } from '../../bridge/index.ts';
import { isEngineError } from '../../shared/errors.ts';
import {
  buildPendingRedirect,
  dropPendingRedirect,
  savePendingRedirect,
  takePendingRedirect,
  takeRedirectReturn,
  type ConnectionStore,
  type SessionStorageLike,
} from '../../state/index.ts';
import { navigateToAuthorization } from './open-authorization.ts';

export async function leaveForAuthorization(
  deps: { client: EngineClient; connection: ConnectionStore; storage: SessionStorageLike | undefined },
  state: string,
  remember: boolean,
): Promise<string | undefined> {
  if (!deps.storage)
    return 'This browser does not let the page keep the sign-in across a redirect (session storage is disabled). Allow popups for this page instead.';
  let oauth;
  try {
    oauth = await deps.client.call('exportPendingAuthorization', { state });
  } catch (error) {
    return isEngineError(error) ? error.message : String(error);
  }
  const { input, summary } = deps.connection.getState();
  savePendingRedirect(
    deps.storage,
    buildPendingRedirect(oauth, { url: summary?.url ?? input.url, headers: input.headers, transport: input.transport }, remember),
  );
  const navigated = navigateToAuthorization(oauth.authorizationUrl);
  if (!navigated.ok) {
    dropPendingRedirect(deps.storage);
    return `Not opened: ${navigated.detail ?? 'the URL was refused'}`;
  }
  return undefined;
}

export type ReturnOutcome =
  { kind: 'none' } | { kind: 'failed'; message: string } | { kind: 'finished'; serverUrl: string; droppedHeaders: string[] };

/**
 * Called once when the app starts: if the callback page handed over a callback URL, finish that sign-in.
 * Nothing is exchanged unless the record is present, fresh, and its state matches.
 */
export async function returnFromAuthorization(deps: {
  client: EngineClient;
  connection: ConnectionStore;
  storage: SessionStorageLike | undefined;
  redirectUrl: string;
  now: () => number;
}): Promise<ReturnOutcome> {
  const { storage, client, connection } = deps;
  if (!storage) return { kind: 'none' };
  const callbackUrl = takeRedirectReturn(storage);
  if (callbackUrl === undefined) return { kind: 'none' };
  const taken = takePendingRedirect(storage, callbackUrl, deps.now());
  if (!taken.ok) {
    if (taken.serverUrl) connection.getState().actions.setUrl(taken.serverUrl);
    return { kind: 'failed', message: taken.message };
  }
  const { oauth, connection: saved, remember, droppedHeaders } = taken.record;
  const actions = connection.getState().actions;
  actions.setUrl(saved.url);
  actions.setTransport(saved.transport);
  actions.setHeaders(saved.headers);
  try {
    if (oauth.client.preRegistered) {
      await client.call('configureAuth', {
        redirectUrl: deps.redirectUrl,
        clientId: oauth.client.clientId,
        ...(oauth.clientSecret !== undefined && { clientSecret: oauth.clientSecret }),
      });
    }
    await client.call('resumeAuthorization', { pending: oauth, callbackUrl, remember });
  } catch (error) {
    return { kind: 'failed', message: isEngineError(error) ? error.message : String(error) };
  }
  return { kind: 'finished', serverUrl: saved.url, droppedHeaders };
}
