/**
 * The fetch the transports use when OAuth is on: it attaches the bearer token (only to the server it was
 * issued for), refreshes it when it has expired, runs the authorization on a 401 and the step-up on a 403
 * `insufficient_scope` (bounded), then retries the request. The OAuth itself is the SDK's `auth()`; the
 * person-in-the-loop part (opening the authorization URL) goes through an `AuthHost`. Around it: a 401
 * reads the resource metadata again (the server may have moved to another authorization server, whose
 * credentials are kept apart: SEP-2352), the callback's `iss` is checked as a step of its own before the
 * code is redeemed (RFC 9207), and errors leave through the SDK's auth seam so its era probe keeps them.
 */
import {
  auth,
  computeScopeUnion,
  discoverOAuthProtectedResourceMetadata,
  extractWWWAuthenticateParams,
  IssuerMismatchError,
  isStrictScopeSuperset,
  type AuthOptions,
} from '@modelcontextprotocol/client';
import type { AuthStatus, GuidedStep, GuidedStepResult } from '../../shared/auth.ts';
import type { PendingOAuthExport } from '../../shared/auth-persist.ts';
import type { EngineError } from '../../shared/errors.ts';
import type { FetchLike } from '../wire-tap.ts';
import {
  asAuthSeamEscape,
  checkCallback,
  describeAuthorizationRequest,
  describeChallenge,
  describeAuthFailure,
  issuerChangeStep,
  withStatus,
} from './describe.ts';
import { runGuidedStep, type GuidedMemory } from './guided.ts';
import { checkIss } from './iss.ts';
import { AuthRefusal } from './refusal.ts';
import { describeError } from '../../shared/read.ts';
import type { LensOAuthProvider, PendingAuthorization } from './provider.ts';
import { exportPendingAuthorization, restorePendingAuthorization } from './redirect-handoff.ts';
import { RULES, type StepInput } from './recorder.ts';
import { readRelayFront, relayNoticeStep, viaRelayFront, type RelayFront } from './relay-front.ts';
import { DeviceMemory } from './remember.ts';
import type { AuthVault, LockFn } from './vault.ts';

/** Who opens the authorization URL: a person in the browser, or the headless command line. */
export interface AuthHost {
  /**
   * Resolves with the callback URL the authorization server redirected to (its query holds code and
   * state), or with `undefined` when a person will finish later through `completeAuthorization`.
   */
  authorize(request: { serverUrl: string; url: string; state: string }, signal?: AbortSignal): Promise<string | undefined>;
}

export interface AuthControllerDeps {
  serverUrl: URL;
  provider: LensOAuthProvider;
  /** The validated, recorded fetch for the OAuth requests themselves. */
  oauthFetch: FetchLike;
  host: AuthHost;
  now: () => number;
  record: (step: StepInput) => void;
  status: (status: AuthStatus) => void;
  /** The canonical resource URI the tokens are keyed by. */
  key: string;
  /** Where "Remember on this device" keeps tokens; absent, nothing is remembered. */
  vault?: AuthVault;
  /** A cross-tab lock around refreshes of remembered tokens. */
  lock?: LockFn;
}

/** Step-ups per request: the conformance suite allows at most three authorization requests in all. */
const MAX_STEP_UPS = 2;

interface AuthorizeOptions {
  scope?: string;
  resourceMetadataUrl?: URL;
  /** Re-authorize even when a refresh would do (a step-up to a wider scope). */
  force?: boolean;
  /**
   * Read the protected resource metadata again instead of trusting the cached discovery: after a 401 the
   * server may name another authorization server (SEP-2352), and the credentials of the old one must not
   * be used with it.
   */
  rediscover?: boolean;
}

/** The authorization of one MCP server: its provider, the flow in progress, and the fetch that uses it. */
export class AuthController {
  /** The scope last asked for, so a step-up accumulates scopes instead of trading one for another. */
  private requestedScope: string | undefined;
  private pending: PendingAuthorization | undefined;
  private flow: Promise<void> | undefined;
  /** Set once for a 2025-03-26 server whose metadata names another issuer than its own origin (see runAuth). */
  private skipIssuerCheck = false;
  /** Whether remembered tokens found at the first request have been reported to the UI. */
  private announced = false;
  /** The local relay this server URL is, once one of its answers showed it (relay-front.ts). */
  private relay: RelayFront | undefined;
  /** OAuth requests, with the relay's two metadata documents fetched through it. */
  private readonly oauthFetch: FetchLike;

  /** Remembered tokens (opt-in): loaded before the first request, kept current after each change. */
  readonly memory: DeviceMemory;
  /** What the guided flow's first step found, for its second. */
  private readonly guided: GuidedMemory = {};

  constructor(private readonly deps: AuthControllerDeps) {
    this.oauthFetch = viaRelayFront(deps.oauthFetch, deps.serverUrl.origin, () => this.relay);
    this.memory = new DeviceMemory({
      key: deps.key,
      provider: deps.provider,
      vault: deps.vault,
      lock: deps.lock,
      now: deps.now,
      record: deps.record,
    });
  }

  get provider(): LensOAuthProvider {
    return this.deps.provider;
  }

  /** The authorization a person has been asked to complete, if any. */
  get pendingAuthorization(): PendingAuthorization | undefined {
    return this.pending;
  }

  /** One flow at a time: concurrent 401s (a POST and the GET stream) wait for the same authorization. */
  private serialized(run: () => Promise<void>): Promise<void> {
    const next = (this.flow ?? Promise.resolve()).catch(() => undefined).then(run);
    this.flow = next;
    next
      .catch(() => undefined)
      .finally(() => {
        if (this.flow === next) this.flow = undefined;
      });
    return next;
  }

  authorize(options: AuthorizeOptions, signal?: AbortSignal): Promise<void> {
    return this.serialized(() => this.runAuthorize(options, signal));
  }

  private async runAuthorize(options: AuthorizeOptions, signal?: AbortSignal): Promise<void> {
    // A forced re-authorization (step-up) asks a person and spends no refresh token: no lock needed.
    if (options.force) return this.runAuthorizeUnlocked(options, signal);
    const adopted = await this.memory.guard(() => this.runAuthorizeUnlocked(options, signal));
    if (adopted) this.reportAuthorized();
  }

  private async runAuthorizeUnlocked(options: AuthorizeOptions, signal?: AbortSignal): Promise<void> {
    const { deps } = this;
    if (options.scope !== undefined) this.requestedScope = options.scope;
    // The issuer seen so far stays known to the provider, which reports a change (see issuerChanged).
    if (options.rediscover) deps.provider.invalidateCredentials('discovery');
    let callbackUrl: string | undefined;
    try {
      const result = await this.runAuth({
        ...(this.requestedScope !== undefined && { scope: this.requestedScope }),
        ...(options.resourceMetadataUrl && { resourceMetadataUrl: options.resourceMetadataUrl }),
        ...(options.force && { forceReauthorization: true }),
      });
      if (result === 'AUTHORIZED') {
        await this.memory.persist();
        this.reportAuthorized();
        return;
      }
      const pending = deps.provider.takePending();
      if (!pending) throw new AuthRefusal('The authorization URL was not produced; nothing to open.');
      this.pending = pending;
      deps.record({
        kind: 'authorization',
        title: 'Authorization request',
        rule: RULES.authorization,
        verdict: 'ok',
        ...describeAuthorizationRequest(pending.url, deps.provider.discoveryState(), deps.provider.clientInformation()?.issuer),
      });
      deps.status({ phase: 'awaiting-user', serverUrl: deps.serverUrl.href, url: pending.url, state: pending.state });
      callbackUrl = await deps.host.authorize({ serverUrl: deps.serverUrl.href, url: pending.url, state: pending.state }, signal);
    } catch (error) {
      throw this.failed(error);
    }
    if (callbackUrl === undefined) {
      throw {
        code: 'unauthorized',
        message: 'This server needs authorization. Press Authorize to sign in; MCP Lens connects again when you are back.',
        detail: 'The authorization URL was validated and is shown in the Authorization tab with each discovery step.',
      } satisfies EngineError;
    }
    await this.complete(callbackUrl);
  }

  /**
   * The redirect came back: check the state (single use), then the issuer (RFC 9207) before reading
   * anything else in the response, then exchange the code for tokens.
   */
  async complete(callbackUrl: string): Promise<void> {
    const { deps } = this;
    const pending = this.pending;
    try {
      if (!pending)
        throw new AuthRefusal(
          'No authorization is waiting for a callback here (it was already used, cancelled, or this tab restarted). Connect again.',
        );
      checkCallback(pending, callbackUrl, deps.now());
    } catch (error) {
      const message = describeError(error);
      deps.record({
        kind: 'callback',
        title: 'Authorization response discarded',
        rule: RULES.callback,
        verdict: 'refused',
        detail: message,
      });
      throw { code: 'unauthorized', message } satisfies EngineError;
    }
    this.pending = undefined; // the state is spent, whatever happens next
    const params = new URL(callbackUrl).searchParams;
    try {
      deps.record({ kind: 'callback', title: 'Authorization response', rule: RULES.callback, verdict: 'ok', detail: 'State matched.' });
      const iss = params.get('iss');
      const issCheck = checkIss(pending, iss);
      deps.record({
        kind: 'iss-check',
        title: issCheck.title,
        rule: RULES['iss-check'],
        verdict: issCheck.verdict,
        detail: issCheck.detail,
        facts: issCheck.facts,
      });
      if (issCheck.message !== undefined) throw Object.assign(new AuthRefusal(issCheck.message), { recorded: true });
      const error = params.get('error');
      if (error !== null) {
        const description = params.get('error_description');
        throw new AuthRefusal(`The authorization server answered "${error}"${description ? `: ${description}` : ''}.`);
      }
      const code = params.get('code');
      if (!code) throw new AuthRefusal('The authorization response has no code.');
      await this.runAuth({
        authorizationCode: code,
        ...(iss !== null && { iss }),
        ...(this.requestedScope !== undefined && { scope: this.requestedScope }),
      });
      await this.memory.persist();
      this.reportAuthorized();
    } catch (error) {
      throw this.failed(error);
    }
  }

  /**
   * The SDK's auth() with our fetch. One deviation is tolerated, visibly: a 2025-03-26 server (no protected
   * resource metadata) whose root metadata names an issuer other than its origin. There no one but the
   * server itself named the authorization server, so the RFC 8414 issuer echo guards nothing; it is
   * reported as a deviation and the flow continues. With resource metadata, a mismatch stays fatal.
   */
  private async runAuth(options: Omit<AuthOptions, 'serverUrl' | 'fetchFn'>) {
    const { deps } = this;
    // Through a relay, OAuth is the fronted server's: its metadata, its resource, its authorization server.
    const resourceServer = this.relay?.upstream ?? deps.serverUrl;
    const run = () =>
      auth(deps.provider, {
        ...options,
        serverUrl: resourceServer,
        fetchFn: this.oauthFetch,
        ...(this.skipIssuerCheck && { skipIssuerMetadataValidation: true }),
      });
    try {
      return await run();
    } catch (error) {
      if (this.skipIssuerCheck || !(error instanceof IssuerMismatchError) || error.kind !== 'metadata') throw error;
      const hasResourceMetadata = await discoverOAuthProtectedResourceMetadata(resourceServer, {}, this.oauthFetch).then(
        () => true,
        () => false,
      );
      if (hasResourceMetadata) throw error;
      deps.record({
        kind: 'server-metadata',
        title: 'Issuer mismatch tolerated (2025-03-26 server)',
        rule: 'RFC 8414 §3.3: the metadata’s issuer must equal the URL it was derived from.',
        verdict: 'deviation',
        detail: `${error.message}. The server publishes no protected resource metadata (2025-03-26 style), so its own origin is the authorization server; continuing.`,
      });
      this.skipIssuerCheck = true;
      return run();
    }
  }

  /**
   * The protected resource metadata now names another authorization server. The provider has dropped
   * the tokens of the old one; the remembered copy goes too, and the next step registers with the new one
   * (or presents a pre-registered client, which is refused if it belongs to the old one).
   */
  issuerChanged({ from, to }: { from: string; to: string }): void {
    this.deps.record(issuerChangeStep(from, to));
    void this.memory.dropPrevious();
  }

  cancel(): void {
    if (!this.pending) return;
    this.pending = undefined;
    this.deps.record({
      kind: 'callback',
      title: 'Authorization cancelled',
      rule: RULES.callback,
      verdict: 'info',
      detail: 'The state was discarded; a late callback for it will be refused.',
    });
    this.deps.status({ phase: 'failed', serverUrl: this.deps.serverUrl.href, message: 'Authorization cancelled.' });
  }

  private failed(error: unknown): EngineError {
    const { deps } = this;
    if (typeof error === 'object' && error !== null && (error as EngineError).code === 'unauthorized') return error as EngineError;
    const { message, refused, engineError } = describeAuthFailure(error);
    if (!(error as { recorded?: boolean }).recorded) {
      deps.record({
        kind: 'authorization',
        title: refused ? 'Refused' : 'Authorization failed',
        rule: RULES.authorization,
        verdict: refused ? 'refused' : 'failed',
        detail: message,
      });
    }
    deps.status({ phase: 'failed', serverUrl: deps.serverUrl.href, message });
    return engineError;
  }

  /** The pending authorization with this state, for a full-page redirect (the engine keeps waiting for it too). */
  exportPending(state: string): PendingOAuthExport {
    return exportPendingAuthorization(state, this.pending, this.deps.provider, this.deps.serverUrl, this.requestedScope);
  }

  /** A fresh engine after a full-page redirect: restore the pending authorization, then finish it as usual. */
  async resume(pending: PendingOAuthExport, callbackUrl: string, remember: boolean): Promise<void> {
    try {
      this.pending = restorePendingAuthorization(this.deps.provider, pending);
    } catch (error) {
      throw this.failed(error);
    }
    this.requestedScope = pending.scope;
    this.memory.remember = remember;
    this.deps.record({
      kind: 'callback',
      title: 'Back from a full-page redirect',
      rule: RULES.callback,
      verdict: 'info',
      detail:
        'The pending authorization was restored from this tab’s session storage (single use, 10 minutes). The discovery steps before the redirect were shown by the page that left.',
    });
    await this.complete(callbackUrl);
  }

  /**
   * One step of the guided authorization (guided.ts), through this controller's recorded fetch and its own
   * flow, so a guided sign-in ends exactly as an automatic one. A refused or failed step is recorded and
   * reported like the automatic flow's.
   */
  async runStep(step: Exclude<GuidedStep, 'token'>): Promise<GuidedStepResult> {
    const deps = {
      provider: this.deps.provider,
      oauthFetch: this.oauthFetch,
      resourceServer: this.relay?.upstream ?? this.deps.serverUrl,
      record: this.deps.record,
      authorize: (options: { force?: boolean }) => this.authorize(options),
      pending: () => this.pending,
    };
    try {
      return await runGuidedStep(step, deps, this.guided);
    } catch (error) {
      throw this.failed(error);
    }
  }

  /** Opt in or out of "Remember on this device"; the status reports it. */
  async setRemember(remember: boolean): Promise<void> {
    await this.memory.set(remember);
    if (this.deps.provider.tokens()) this.reportAuthorized();
  }

  private reportAuthorized(): void {
    const tokens = this.deps.provider.tokens();
    const expiresAt = this.deps.provider.expiresAt;
    this.deps.status({
      phase: 'authorized',
      serverUrl: this.deps.serverUrl.href,
      ...(tokens?.scope !== undefined && { scope: tokens.scope }),
      ...(expiresAt !== undefined && { expiresAt }),
      ...(tokens?.issuer !== undefined && { issuer: tokens.issuer }),
      hasRefreshToken: Boolean(tokens?.refresh_token),
      remembered: this.memory.remember,
    });
  }

  /** Keeps the relay an answer showed, and says so in the Authorization tab the first time it is seen. */
  private noticeRelay(front: RelayFront | undefined): void {
    if (front === undefined) return;
    const known = this.relay?.upstream.href === front.upstream.href;
    this.relay = front;
    if (!known) this.deps.record(relayNoticeStep(this.deps.serverUrl, front));
  }

  /** Wraps the transports' fetch: bearer token, refresh, authorization on 401, step-up on 403. */
  wrap(inner: FetchLike): FetchLike {
    const { deps } = this;
    const provider = deps.provider;
    const forServer = (url: string) => {
      try {
        return new URL(url).origin === deps.serverUrl.origin;
      } catch {
        return false;
      }
    };
    return async (input, init = {}) => {
      const url = String(input instanceof Request ? input.url : input);
      // A pasted token (or a request to another origin) is the user's business: no OAuth on top of it.
      if (new Headers(init.headers).has('authorization') || !forServer(url)) return inner(input, init);
      const signal = init.signal ?? undefined;

      await this.memory.ready();
      if (!this.announced) {
        this.announced = true;
        if (this.memory.remember && provider.tokens()) this.reportAuthorized();
      }
      if (this.flow) await this.flow.catch(() => undefined);
      if (provider.tokens()?.refresh_token && provider.refreshAt !== undefined && deps.now() >= provider.refreshAt) {
        // auth() refreshes when it holds a refresh token.
        await this.authorize({}, signal).catch((error: unknown) => {
          throw asAuthSeamEscape(error);
        });
      }

      let sentToken: string | undefined;
      const send = () => {
        const headers = new Headers(init.headers);
        sentToken = provider.tokens()?.access_token;
        if (sentToken) headers.set('Authorization', `Bearer ${sentToken}`);
        return inner(input, { ...init, headers });
      };

      let response = await send();
      for (let attempt = 0; response.status === 401 && attempt < 2; attempt++) {
        await response.body?.cancel().catch(() => undefined);
        if (this.flow) await this.flow.catch(() => undefined);
        // Someone else (a concurrent request) already renewed the token: just try again with it.
        if (provider.tokens()?.access_token && provider.tokens()?.access_token !== sentToken) {
          response = await send();
          continue;
        }
        const challenge = extractWWWAuthenticateParams(response);
        deps.record({
          kind: 'challenge',
          title: 'Server challenge (401)',
          rule: RULES.challenge,
          verdict: response.headers.has('www-authenticate') ? 'ok' : 'deviation',
          detail: describeChallenge(response, challenge),
        });
        // Before authorizing: through a relay, OAuth is for the server it fronts.
        this.noticeRelay(readRelayFront(deps.serverUrl, init.headers, response));
        // A second 401 means the refreshed (or new) token was refused too: start over from scratch once.
        if (attempt === 1 && sentToken) provider.invalidateCredentials('tokens');
        await this.authorize(
          {
            ...(challenge.scope !== undefined && { scope: challenge.scope }),
            ...(challenge.resourceMetadataUrl && { resourceMetadataUrl: challenge.resourceMetadataUrl }),
            rediscover: true,
          },
          signal,
        ).catch((error: unknown) => {
          throw asAuthSeamEscape(withStatus(error, 401));
        });
        response = await send();
      }

      this.noticeRelay(readRelayFront(deps.serverUrl, init.headers, response));
      let lastStepUpScope: string | undefined;
      for (let stepUps = 0; response.status === 403 && stepUps < MAX_STEP_UPS; stepUps++) {
        const challenge = extractWWWAuthenticateParams(response);
        if (challenge.error !== 'insufficient_scope') break;
        const granted = provider.tokens()?.scope;
        const union = computeScopeUnion(this.requestedScope, granted, challenge.scope);
        if (union === lastStepUpScope) {
          deps.record({
            kind: 'step-up',
            title: 'Step-up stopped',
            rule: RULES['step-up'],
            verdict: 'deviation',
            detail: `The server still answers 403 insufficient_scope after authorizing "${union ?? ''}". Not asking again.`,
          });
          break;
        }
        lastStepUpScope = union;
        deps.record({
          kind: 'step-up',
          title: 'Step-up (403 insufficient_scope)',
          rule: RULES['step-up'],
          verdict: 'ok',
          detail: `The server asks for "${challenge.scope ?? ''}"; re-authorizing with "${union ?? ''}".`,
        });
        await response.body?.cancel().catch(() => undefined);
        await this.authorize(
          {
            ...(union !== undefined && { scope: union }),
            force: isStrictScopeSuperset(union, granted),
            ...(challenge.resourceMetadataUrl && { resourceMetadataUrl: challenge.resourceMetadataUrl }),
          },
          signal,
        ).catch((error: unknown) => {
          throw asAuthSeamEscape(withStatus(error, 403));
        });
        response = await send();
      }
      return response;
    };
  }
}
