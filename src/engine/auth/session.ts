/**
 * The authorization of one MCP server, as one object the auth feature keeps per server: its provider,
 * "Remember on this device", the local relay it may turn out to be, and one authorization at a time. The
 * jobs are in their own files: the authorization code flow (flow.ts) and the fetch that attaches tokens and
 * answers 401 and 403 challenges (authorized-fetch.ts). The OAuth itself is the SDK's `auth()`.
 */
import type { AuthStatus, GuidedStep, GuidedStepResult } from '../../shared/auth.ts';
import type { PendingOAuthExport } from '../../shared/auth-persist.ts';
import type { FetchLike } from '../wire-tap.ts';
import { authorizedFetch } from './authorized-fetch.ts';
import { issuerChangeStep } from './describe.ts';
import { AuthFlow, type AuthHost, type AuthorizeOptions } from './flow.ts';
import { runGuidedStep, type GuidedMemory } from './guided.ts';
import type { LensOAuthProvider, PendingAuthorization } from './provider.ts';
import { RULES, type StepInput } from './recorder.ts';
import { relayNoticeStep, viaRelayFront, type RelayFront } from './relay-front.ts';
import { DeviceMemory } from './remember.ts';
import type { AuthVault, LockFn } from './vault.ts';

export type { AuthHost } from './flow.ts';

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

/** The authorization of one MCP server: its provider, the flow in progress, and the fetch that uses it. */
export class AuthController {
  private readonly flowState: AuthFlow;
  private flow: Promise<void> | undefined;
  /** Whether remembered tokens found at the first request have been reported to the UI. */
  private announced = false;
  /** The local relay this server URL is, once one of its answers showed it (relay-front.ts). */
  private relay: RelayFront | undefined;

  /** Remembered tokens (opt-in): loaded before the first request, kept current after each change. */
  readonly memory: DeviceMemory;
  /** OAuth requests, through the relay's front when there is one; the flow and the guided steps share it. */
  private readonly oauthFetch: FetchLike;
  /** What the guided flow's first step found, for its second. */
  private readonly guided: GuidedMemory = {};

  constructor(private readonly deps: AuthControllerDeps) {
    this.memory = new DeviceMemory({
      key: deps.key,
      provider: deps.provider,
      vault: deps.vault,
      lock: deps.lock,
      now: deps.now,
      record: deps.record,
    });
    // OAuth requests, with the relay's two metadata documents fetched through it.
    this.oauthFetch = viaRelayFront(deps.oauthFetch, deps.serverUrl.origin, () => this.relay);
    this.flowState = new AuthFlow({
      serverUrl: deps.serverUrl,
      provider: deps.provider,
      host: deps.host,
      now: deps.now,
      record: deps.record,
      status: deps.status,
      oauthFetch: this.oauthFetch,
      // Through a relay, OAuth is the fronted server's: its metadata, its resource, its authorization server.
      resourceServer: () => this.relay?.upstream ?? deps.serverUrl,
      authorized: async () => {
        await this.memory.persist();
        this.reportAuthorized();
      },
    });
  }

  get provider(): LensOAuthProvider {
    return this.deps.provider;
  }

  /** The authorization a person has been asked to complete, if any. */
  get pendingAuthorization(): PendingAuthorization | undefined {
    return this.flowState.pending;
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
    if (options.force) return this.flowState.run(options, signal);
    const adopted = await this.memory.guard(() => this.flowState.run(options, signal));
    if (adopted) this.reportAuthorized();
  }

  /**
   * The redirect came back: check the state (single use), then the issuer (RFC 9207) before reading
   * anything else in the response, then exchange the code for tokens.
   */
  complete(callbackUrl: string): Promise<void> {
    return this.flowState.complete(callbackUrl);
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
    this.flowState.cancel();
  }

  /** The pending authorization with this state, for a full-page redirect (the engine keeps waiting for it too). */
  exportPending(state: string): PendingOAuthExport {
    return this.flowState.exportPending(state);
  }

  /** A fresh engine after a full-page redirect: restore the pending authorization, then finish it as usual. */
  async resume(pending: PendingOAuthExport, callbackUrl: string, remember: boolean): Promise<void> {
    this.flowState.restore(pending);
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

  /** Opt in or out of "Remember on this device"; the status reports it. */
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
      pending: () => this.pendingAuthorization,
    };
    try {
      return await runGuidedStep(step, deps, this.guided);
    } catch (error) {
      throw this.flowState.failed(error);
    }
  }

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

  /** Wraps the transports' fetch: bearer token, refresh, authorization on 401, step-up on 403 (authorized-fetch.ts). */
  wrap(inner: FetchLike): FetchLike {
    const { deps } = this;
    return authorizedFetch(inner, {
      serverUrl: deps.serverUrl,
      provider: deps.provider,
      now: deps.now,
      record: deps.record,
      ready: async () => {
        await this.memory.ready();
        if (this.announced) return;
        this.announced = true;
        if (this.memory.remember && deps.provider.tokens()) this.reportAuthorized();
      },
      settled: async () => {
        if (this.flow) await this.flow.catch(() => undefined);
      },
      authorize: (options, signal) => this.authorize(options, signal),
      requestedScope: () => this.flowState.requestedScope,
      noticeRelay: (front) => this.noticeRelay(front),
    });
  }
}
