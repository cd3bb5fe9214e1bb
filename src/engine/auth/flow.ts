/**
 * The authorization code flow of one MCP server, one run at a time (its caller serializes them): ask the
 * SDK's `auth()` for tokens or an authorization URL, put the URL to the host, and redeem the callback after
 * checking its state and then its issuer (RFC 9207) before reading anything else in it. Each step is
 * recorded for the Authorization tab; each failure is reported once, as an EngineError a person can act on.
 */
import { auth, discoverOAuthProtectedResourceMetadata, IssuerMismatchError, type AuthOptions } from '@modelcontextprotocol/client';
import type { AuthStatus } from '../../shared/auth.ts';
import type { PendingOAuthExport } from '../../shared/auth-persist.ts';
import type { EngineError } from '../../shared/errors.ts';
import { describeError } from '../../shared/read.ts';
import type { FetchLike } from '../wire/wire-tap.ts';
import { checkCallback, describeAuthorizationRequest, describeAuthFailure } from './describe.ts';
import { checkIss } from './iss.ts';
import { STATE_TTL_MS, type LensOAuthProvider, type PendingAuthorization } from './provider.ts';
import { RULES, type StepInput } from './rules.ts';
import { exportPendingAuthorization, restorePendingAuthorization } from './redirect-handoff.ts';
import { AuthRefusal } from './refusal.ts';

/** Who opens the authorization URL: a person in the browser, or the headless command line. */
export interface AuthHost {
  /**
   * Resolves with the callback URL the authorization server redirected to (its query holds code and
   * state), or with `undefined` when a person will finish later through `completeAuthorization`.
   */
  authorize(request: { serverUrl: string; url: string; state: string }, signal?: AbortSignal): Promise<string | undefined>;
}

export interface AuthorizeOptions {
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

export interface AuthFlowDeps {
  serverUrl: URL;
  provider: LensOAuthProvider;
  host: AuthHost;
  now: () => number;
  record: (step: StepInput) => void;
  status: (status: AuthStatus) => void;
  /** The OAuth requests' fetch (through the local relay when the server is one). */
  oauthFetch: FetchLike;
  /** Whose OAuth it is: the server itself, or the server a local relay fronts. */
  resourceServer: () => URL;
  /** Tokens were granted: keep them (if remembered) and report them. */
  authorized: () => Promise<void>;
}

export class AuthFlow {
  /** The scope last asked for, so a step-up accumulates scopes instead of trading one for another. */
  requestedScope: string | undefined;
  /** The authorization a person has been asked to complete, if any. */
  pending: PendingAuthorization | undefined;
  /** The scope `pending` asks for: a wider one (a step-up) needs a new authorization. */
  private pendingScope: string | undefined;
  /** Set once for a 2025-03-26 server whose metadata names another issuer than its own origin (see runAuth). */
  private skipIssuerCheck = false;

  constructor(private readonly deps: AuthFlowDeps) {}

  async run(options: AuthorizeOptions, signal?: AbortSignal): Promise<void> {
    const { deps } = this;
    if (options.scope !== undefined) this.requestedScope = options.scope;
    let callbackUrl: string | undefined;
    try {
      const pending = this.stillWaiting(options) ?? (await this.request(options));
      if (pending === 'authorized') {
        await deps.authorized();
        return;
      }
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
   * The sign-in a person was already asked for, when it still answers this run: a second 401 or 403 while
   * the popup is open (Run pressed again, a GET stream) must not issue a new state and PKCE verifier, or the
   * callback already on its way would be discarded as a stale one.
   */
  private stillWaiting(options: AuthorizeOptions): PendingAuthorization | undefined {
    const pending = this.pending;
    if (!pending || options.rediscover) return undefined;
    if (this.deps.now() - pending.createdAt > STATE_TTL_MS) return undefined;
    return this.pendingScope === this.requestedScope ? pending : undefined;
  }

  /** Tokens from the store or a refresh, or a new authorization URL for a person to open. */
  private async request(options: AuthorizeOptions): Promise<PendingAuthorization | 'authorized'> {
    const { deps } = this;
    // The issuer seen so far stays known to the provider, which reports a change (see issuerChanged).
    if (options.rediscover) deps.provider.invalidateCredentials('discovery');
    const result = await this.runAuth({
      ...(this.requestedScope !== undefined && { scope: this.requestedScope }),
      ...(options.resourceMetadataUrl && { resourceMetadataUrl: options.resourceMetadataUrl }),
      ...(options.force && { forceReauthorization: true }),
    });
    if (result === 'AUTHORIZED') return 'authorized';
    const pending = deps.provider.takePending();
    if (!pending) throw new AuthRefusal('The authorization URL was not produced; nothing to open.');
    this.pending = pending;
    this.pendingScope = this.requestedScope;
    deps.record({
      kind: 'authorization',
      title: 'Authorization request',
      rule: RULES.authorization,
      verdict: 'ok',
      ...describeAuthorizationRequest(pending.url, deps.provider.discoveryState(), deps.provider.clientInformation()?.issuer),
    });
    return pending;
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
      await deps.authorized();
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
    const resourceServer = deps.resourceServer();
    const run = () =>
      auth(deps.provider, {
        ...options,
        serverUrl: resourceServer,
        fetchFn: deps.oauthFetch,
        ...(this.skipIssuerCheck && { skipIssuerMetadataValidation: true }),
      });
    try {
      return await run();
    } catch (error) {
      if (this.skipIssuerCheck || !(error instanceof IssuerMismatchError) || error.kind !== 'metadata') throw error;
      const hasResourceMetadata = await discoverOAuthProtectedResourceMetadata(resourceServer, {}, deps.oauthFetch).then(
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

  failed(error: unknown): EngineError {
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

  /** Restores the authorization pending before a full-page redirect; a bad one is reported as the flow's failure. */
  restore(pending: PendingOAuthExport): void {
    try {
      this.pending = restorePendingAuthorization(this.deps.provider, pending);
    } catch (error) {
      throw this.failed(error);
    }
    this.requestedScope = this.pendingScope = pending.scope;
  }
}
