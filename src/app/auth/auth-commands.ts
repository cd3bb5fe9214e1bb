/**
 * Authorization as the user drives it: authorize in a popup, continue in this tab (a full-page redirect),
 * return from that redirect, finish with the callback, cancel, remember, forget, and the client settings.
 * The engine runs OAuth itself; these commands carry the user's choices to it and the pending sign-in
 * across a page load.
 */
import type { EngineClient } from '../../bridge/index.ts';
import type { AuthSettings, GuidedStep, GuidedStepResult } from '../../shared/auth.ts';
import { checkServerUrl } from '../../shared/url.ts';
import { isEngineError } from '../../shared/errors.ts';
import {
  buildPendingRedirect,
  dropPendingRedirect,
  savePendingRedirect,
  takePendingRedirect,
  takeRedirectReturn,
} from '../../state/index.ts';
import type { AppEffects } from '../effects.ts';
import type { Stores } from '../stores.ts';

export type ReturnOutcome =
  { kind: 'none' } | { kind: 'failed'; message: string } | { kind: 'finished'; serverUrl: string; droppedHeaders: string[] };

/** What Authorize did: opened the popup, or the popup was blocked (offer this tab or a new one), or refused. */
export type AuthorizeOutcome = { kind: 'opened' } | { kind: 'blocked'; url: string } | { kind: 'refused'; message: string };

const messageOf = (error: unknown) => (isEngineError(error) ? error.message : String(error));

export function authCommands(
  client: EngineClient,
  stores: Stores,
  effects: Pick<AppEffects, 'now' | 'tabStorage' | 'openAuthorizationPopup' | 'navigateToAuthorization'>,
  connect: () => Promise<unknown>,
  redirectUrl: string,
) {
  const { connection, auth } = stores;

  /** Opens the authorization URL the engine is waiting on in a popup (call it from the user's click). */
  function authorize(url: string): AuthorizeOutcome {
    auth.getState().actions.setCallbackError(null);
    // A popup copies this tab's sessionStorage: a stale full-page record must not travel into it.
    const storage = effects.tabStorage();
    if (storage) dropPendingRedirect(storage);
    const opened = effects.openAuthorizationPopup(url);
    if (opened.ok) return { kind: 'opened' };
    if (opened.reason === 'blocked') return { kind: 'blocked', url };
    return { kind: 'refused', message: `Not opened: ${opened.detail ?? 'the URL was refused'}` };
  }

  /**
   * The callback page reported the redirect: the engine checks the state and exchanges the code. A step-up
   * happens inside a live session, which goes on with the new token (a reconnect would drop the user's
   * selection mid-task); otherwise the connect that met the 401 runs again. A failure is kept in the auth
   * store for the prompt to show.
   */
  async function completeAuthorization(callbackUrl: string): Promise<void> {
    auth.getState().actions.setCallbackError(null);
    try {
      await client.call('completeAuthorization', { callbackUrl });
    } catch (error) {
      auth.getState().actions.setCallbackError(messageOf(error));
      return;
    }
    if (connection.getState().phase !== 'connected') void connect();
  }

  /**
   * The full-page fallback: saves the pending authorization in sessionStorage (the worker, and its PKCE
   * verifier, die with the page), then leaves. Returns why it could not, or undefined as the page leaves.
   */
  async function continueInThisTab(state: string, remember: boolean): Promise<string | undefined> {
    const storage = effects.tabStorage();
    if (!storage)
      return 'This browser does not let the page keep the sign-in across a redirect (session storage is disabled). Allow popups for this page instead.';
    let oauth;
    try {
      oauth = await client.call('exportPendingAuthorization', { state });
    } catch (error) {
      return messageOf(error);
    }
    const { input, summary } = connection.getState();
    savePendingRedirect(
      storage,
      buildPendingRedirect(oauth, { url: summary?.url ?? input.url, headers: input.headers, transport: input.transport }, remember),
    );
    const navigated = effects.navigateToAuthorization(oauth.authorizationUrl);
    if (navigated.ok) return undefined;
    dropPendingRedirect(storage);
    return `Not opened: ${navigated.detail ?? 'the URL was refused'}`;
  }

  /**
   * Once, when the app starts: if the callback page handed over a callback URL, finish that sign-in and
   * connect. Nothing is exchanged unless the record is present, fresh, and its state matches.
   */
  async function returnFromAuthorization(): Promise<ReturnOutcome> {
    const storage = effects.tabStorage();
    if (!storage) return { kind: 'none' };
    const callbackUrl = takeRedirectReturn(storage);
    if (callbackUrl === undefined) return { kind: 'none' };
    const taken = takePendingRedirect(storage, callbackUrl, effects.now());
    const actions = connection.getState().actions;
    if (!taken.ok) {
      if (taken.serverUrl) actions.setUrl(taken.serverUrl);
      return { kind: 'failed', message: taken.message };
    }
    const { oauth, connection: saved, remember, droppedHeaders } = taken.record;
    actions.setUrl(saved.url);
    actions.setTransport(saved.transport);
    actions.setHeaders(saved.headers);
    try {
      if (oauth.client.preRegistered) {
        await client.call('configureAuth', {
          redirectUrl,
          clientId: oauth.client.clientId,
          ...(oauth.clientSecret !== undefined && { clientSecret: oauth.clientSecret }),
        });
      }
      await client.call('resumeAuthorization', { pending: oauth, callbackUrl, remember });
    } catch (error) {
      return { kind: 'failed', message: messageOf(error) };
    }
    void connect();
    return { kind: 'finished', serverUrl: saved.url, droppedHeaders };
  }

  /** Forgets every token, registration and discovery result for the server, in memory and on this device. */
  async function forgetAuthorization(serverUrl: string): Promise<void> {
    const storage = effects.tabStorage();
    if (storage) dropPendingRedirect(storage, serverUrl);
    await client.call('forgetAuthorization', { serverUrl });
    stores.auth.getState().actions.clearSteps(new URL(serverUrl).href);
  }

  /**
   * One step of the guided authorization for the server in the connection bar, before or without a 401.
   * Its exchanges arrive as auth steps, like the automatic flow's; the sign-in it leads to ends as usual.
   */
  async function runAuthorizationStep(step: Exclude<GuidedStep, 'token'>): Promise<GuidedStepResult> {
    const { summary, input } = connection.getState();
    const checked = checkServerUrl(summary?.url ?? input.url);
    if (!checked.ok) throw new Error(`Type the server’s URL in the Server URL box first (${checked.reason}).`);
    auth.getState().actions.setCallbackError(null);
    return client.call('runAuthorizationStep', { serverUrl: checked.url, step });
  }

  return {
    runAuthorizationStep,
    authorize,
    completeAuthorization,
    continueInThisTab,
    returnFromAuthorization,
    forgetAuthorization,
    cancelAuthorization: () => client.call('cancelAuthorization', undefined),
    rememberAuthorization: (serverUrl: string, remember: boolean) => client.call('rememberAuthorization', { serverUrl, remember }),
    /** The client identity for the next authorization: a pre-registered id (and secret), or Dynamic Client Registration. */
    configureClient: (settings: Omit<AuthSettings, 'redirectUrl'>) => client.call('configureAuth', { ...settings, redirectUrl }),
  };
}
