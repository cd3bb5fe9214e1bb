/**
 * The authorization of one MCP server, as one object the auth feature keeps per server: its provider,
 * "Remember on this device", the local relay it may turn out to be, and one authorization at a time. The
 * jobs are in their own files: the authorization code flow (flow.ts) and the fetch that attaches tokens and
 * answers 401 and 403 challenges (authorized-fetch.ts). The OAuth itself is the SDK's `auth()`.
 *
 * The fetch runs on every request, so it is always loaded; the flow, the guided steps and the OAuth
 * requests' recorder load when first needed (on-demand.ts), so the worker script a server without OAuth
 * waits for leaves them out.
 */
import type { AuthStatus, GuidedStep, GuidedStepResult } from '../../shared/auth.ts';
import type { PendingOAuthExport } from '../../shared/auth-persist.ts';
import type { EngineError } from '../../shared/errors.ts';
import { onFirstUse } from '../../shared/on-first-use.ts';
import type { FetchLike } from '../wire/wire-tap.ts';
import { authorizedFetch } from './authorized-fetch.ts';
import type { AuthFlow, AuthHost, AuthorizeOptions } from './flow.ts';
import type { GuidedMemory, runGuidedStep } from './guided.ts';
import type { LensOAuthProvider, PendingAuthorization } from './provider.ts';
import { RULES, type StepInput } from './rules.ts';
import { relayNoticeStep, viaRelayFront, type RelayFront } from './relay-front.ts';
import { DeviceMemory } from './remember.ts';
import type { AuthVault, LockFn } from './vault.ts';

export type { AuthHost } from './flow.ts';

const loadOnDemand = onFirstUse(() => import('./on-demand.ts'), 'its OAuth sign-in');

/** The loaded flow of one controller, with the fetch its OAuth requests go through. */
interface FlowParts {
  flow: AuthFlow;
  oauthFetch: FetchLike;
  runGuidedStep: typeof runGuidedStep;
}

export interface AuthControllerDeps {
  serverUrl: URL;
  provider: LensOAuthProvider;
  /** The untapped fetch the OAuth requests go out on, recorded and validated (recorder.ts) once the flow loads. */
  fetch: FetchLike;
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
  /** Loaded with the first authorization, refresh, guided step or callback. */
  private parts: FlowParts | undefined;
  private flow: Promise<void> | undefined;
  /** Whether remembered tokens found at the first request have been reported to the UI. */
  private announced = false;
  /** The local relay this server URL is, once one of its answers showed it (relay-front.ts). */
  private relay: RelayFront | undefined;

  /** Remembered tokens (opt-in): loaded before the first request, kept current after each change. */
  readonly memory: DeviceMemory;
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
  }

  /**
   * The flow, loaded and built on first need, once per controller. A load that fails is reported like a
   * failed authorization (the Authorization tab says so) and thrown as the loader's EngineError.
   */
  private async flowParts(): Promise<FlowParts> {
    if (this.parts) return this.parts;
    const { deps } = this;
    let loaded: Awaited<ReturnType<typeof loadOnDemand>>;
    try {
      loaded = await loadOnDemand();
    } catch (error) {
      deps.status({ phase: 'failed', serverUrl: deps.serverUrl.href, message: (error as EngineError).message });
      throw error;
    }
    // Two requests may have waited for the same load: the first to resume builds the flow, the other shares it.
    if (this.parts) return this.parts;
    // OAuth requests, recorded and checked, with the relay's two metadata documents fetched through it.
    const recorded = loaded.createAuthRecorder({ fetch: deps.fetch, record: deps.record, issuer: () => deps.provider.issuer });
    const oauthFetch = viaRelayFront(recorded, deps.serverUrl.origin, () => this.relay);
    const flow = new loaded.AuthFlow({
      serverUrl: deps.serverUrl,
      provider: deps.provider,
      host: deps.host,
      now: deps.now,
      record: deps.record,
      status: deps.status,
      oauthFetch,
      // Through a relay, OAuth is the fronted server's: its metadata, its resource, its authorization server.
      resourceServer: () => this.relay?.upstream ?? deps.serverUrl,
      authorized: async () => {
        await this.memory.persist();
        this.reportAuthorized();
      },
    });
    this.parts = { flow, oauthFetch, runGuidedStep: loaded.runGuidedStep };
    return this.parts;
  }

  get provider(): LensOAuthProvider {
    return this.deps.provider;
  }

  /** The authorization a person has been asked to complete, if any (none before the flow loads). */
  get pendingAuthorization(): PendingAuthorization | undefined {
    return this.parts?.flow.pending;
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
    const { flow } = await this.flowParts();
    // A forced re-authorization (step-up) asks a person and spends no refresh token: no lock needed.
    if (options.force) return flow.run(options, signal);
    const adopted = await this.memory.guard(() => flow.run(options, signal));
    if (adopted) this.reportAuthorized();
  }

  /**
   * The redirect came back: check the state (single use), then the issuer (RFC 9207) before reading
   * anything else in the response, then exchange the code for tokens.
   */
  async complete(callbackUrl: string): Promise<void> {
    return (await this.flowParts()).flow.complete(callbackUrl);
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

  /** Nothing is pending before the flow loads, so there is nothing to cancel either. */
  cancel(): void {
    this.parts?.flow.cancel();
  }

  /** The pending authorization with this state, for a full-page redirect (the engine keeps waiting for it too). */
  async exportPending(state: string): Promise<PendingOAuthExport> {
    return (await this.flowParts()).flow.exportPending(state);
  }

  /** A fresh engine after a full-page redirect: restore the pending authorization, then finish it as usual. */
  async resume(pending: PendingOAuthExport, callbackUrl: string, remember: boolean): Promise<void> {
    (await this.flowParts()).flow.restore(pending);
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
    const { flow, oauthFetch, runGuidedStep } = await this.flowParts();
    const deps = {
      provider: this.deps.provider,
      oauthFetch,
      resourceServer: this.relay?.upstream ?? this.deps.serverUrl,
      record: this.deps.record,
      authorize: (options: { force?: boolean }) => this.authorize(options),
      pending: () => this.pendingAuthorization,
    };
    try {
      return await runGuidedStep(step, deps, this.guided);
    } catch (error) {
      throw flow.failed(error);
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
      requestedScope: () => this.parts?.flow.requestedScope,
      noticeRelay: (front) => this.noticeRelay(front),
    });
  }
}

/** The step recorded when the protected resource metadata names another authorization server (SEP-2352). */
function issuerChangeStep(from: string, to: string): StepInput {
  return {
    kind: 'as-change',
    title: 'Authorization server changed',
    rule: RULES['as-change'],
    verdict: 'info',
    detail:
      `The protected resource metadata now names ${to} instead of ${from}. Credentials are keyed by the authorization server that issued them: ` +
      `the tokens from ${from} were dropped and are never sent to ${to}, and the client identifies itself to ${to} afresh.`,
    facts: [
      { label: 'Previous issuer', value: from },
      { label: 'New issuer', value: to },
    ],
  };
}
