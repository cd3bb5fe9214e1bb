/**
 * OAuth for the session: one AuthController per MCP server (tokens, registration and discovery in this
 * object's memory, never sent to another server), the calls the UI makes to finish, cancel or forget an
 * authorization, and the SessionExtension that puts the authorized fetch under the transports.
 */
import { resourceUrlFromServerUrl } from '@modelcontextprotocol/client';
import type { AuthApi, AuthSettings, AuthStatus, AuthUpdate } from '../../shared/auth.ts';
import type { AuthPersistApi } from '../../shared/auth-persist.ts';
import type { EngineError } from '../../shared/errors.ts';
import type { FeatureContext, Handlers } from '../features/feature-context.ts';
import type { SessionExtension } from '../session/session.ts';
import { LensOAuthProvider } from './provider.ts';
import { RULES, type StepInput } from './rules.ts';
import { AuthController, type AuthHost } from './session.ts';
import type { AuthVault, LockFn } from './vault.ts';
import type { FetchLike } from '../wire/wire-tap.ts';

export interface AuthFeatureOptions {
  /** How the authorization URL is opened. @default the UI: the engine reports it and waits for `completeAuthorization` */
  host?: AuthHost;
  /** Initial settings (the command line sets them once; the UI calls `configureAuth`). */
  settings?: AuthSettings;
  /** Random bytes for `state`. @default crypto.getRandomValues */
  random?: (bytes: number) => Uint8Array;
  /** Where "Remember on this device" keeps tokens (the worker: IndexedDB). Absent: nothing is remembered. */
  vault?: AuthVault;
  /** Cross-tab lock around refreshes of remembered tokens (the worker: navigator.locks). */
  lock?: LockFn;
}

export interface AuthFeature {
  handlers: Handlers<AuthApi & AuthPersistApi>;
  extension: SessionExtension;
}

/** Until the UI says otherwise: a redirect nobody listens on, so an authorization cannot complete silently. */
const UNCONFIGURED: AuthSettings = { redirectUrl: 'http://localhost/oauth-callback.html' };

const personHost: AuthHost = { authorize: async () => undefined };

export function authFeature(ctx: FeatureContext, options: AuthFeatureOptions = {}): AuthFeature {
  let settings = options.settings ?? UNCONFIGURED;
  const random = options.random ?? ((bytes: number) => crypto.getRandomValues(new Uint8Array(bytes)));
  const controllers = new Map<string, AuthController>();
  let stepId = 0;

  const emit = (update: AuthUpdate) => ctx.emit({ type: 'auth', update });

  /** Tokens are keyed by the canonical resource URI: one server's token never reaches another. */
  const keyOf = (serverUrl: string | URL) => resourceUrlFromServerUrl(serverUrl).href;

  function controllerFor(serverUrl: URL): AuthController {
    const key = keyOf(serverUrl);
    const existing = controllers.get(key);
    if (existing) return existing;
    const record = (step: StepInput) => emit({ kind: 'step', step: { ...step, id: ++stepId, time: ctx.clock.now(), serverUrl: key } });
    const provider = new LensOAuthProvider({
      serverUrl,
      settings: () => settings,
      now: () => ctx.clock.now(),
      random,
      onIssuerChange: (change) => controller.issuerChanged(change),
    });
    const controller: AuthController = new AuthController({
      serverUrl,
      provider,
      fetch: ctx.fetch,
      host: options.host ?? personHost,
      now: () => ctx.clock.now(),
      record,
      status: (status: AuthStatus) => emit({ kind: 'status', status }),
      key,
      ...(options.vault && { vault: options.vault }),
      ...(options.lock && { lock: options.lock }),
    });
    controllers.set(key, controller);
    return controller;
  }

  /** The controller whose authorization a callback answers: matched by state, so two servers never mix. */
  function controllerForCallback(callbackUrl: string): AuthController {
    let state: string | null = null;
    try {
      state = new URL(callbackUrl).searchParams.get('state');
    } catch {
      // reported below
    }
    const waiting = [...controllers.values()].filter((c) => c.pendingAuthorization);
    const match = waiting.find((c) => c.pendingAuthorization?.state === state) ?? waiting[0];
    if (!match) {
      throw {
        code: 'unauthorized',
        message: 'No authorization is waiting for a callback (it was already used, cancelled, or the app was reloaded). Connect again.',
      } satisfies EngineError;
    }
    return match;
  }

  const handlers: Handlers<AuthApi & AuthPersistApi> = {
    runAuthorizationStep: ({ serverUrl, step }) => controllerFor(new URL(serverUrl)).runStep(step),
    async configureAuth(params) {
      // Merged: the client-id form and the app's own metadata URL are set from different places.
      const merged = { ...settings, ...params };
      // A secret belongs to its client id: a new id without a secret must not inherit the old one's.
      const secret =
        params.clientId !== undefined && params.clientId !== settings.clientId && params.clientSecret === undefined
          ? undefined
          : merged.clientSecret;
      settings = { ...merged, clientId: merged.clientId?.trim() || undefined, clientSecret: secret || undefined } as AuthSettings;
      return undefined;
    },
    async completeAuthorization({ callbackUrl }) {
      await controllerForCallback(callbackUrl).complete(callbackUrl);
      return undefined;
    },
    async cancelAuthorization() {
      for (const controller of controllers.values()) controller.cancel();
      return undefined;
    },
    async exportPendingAuthorization({ state }) {
      const controller = [...controllers.values()].find((c) => c.pendingAuthorization?.state === state);
      if (!controller) {
        throw {
          code: 'unauthorized',
          message: 'This authorization is no longer pending (it was cancelled, used, or replaced). Connect again.',
        } satisfies EngineError;
      }
      return controller.exportPending(state);
    },
    async resumeAuthorization({ pending, callbackUrl, remember }) {
      await controllerFor(new URL(pending.serverUrl)).resume(pending, callbackUrl, remember);
      return undefined;
    },
    async rememberAuthorization({ serverUrl, remember }) {
      await controllerFor(new URL(serverUrl)).setRemember(remember);
      return undefined;
    },
    async forgetAuthorization({ serverUrl }) {
      const key = keyOf(serverUrl);
      // A controller exists even when none was loaded yet: what an earlier visit remembered is erased too.
      const controller = controllers.get(key) ?? controllerFor(new URL(serverUrl));
      controller.cancel();
      controller.provider.invalidateCredentials('all');
      await controller.memory.erase();
      controllers.delete(key);
      emit({
        kind: 'step',
        step: {
          id: ++stepId,
          time: ctx.clock.now(),
          serverUrl: key,
          kind: 'forget',
          title: 'Forgotten',
          rule: RULES.forget,
          verdict: 'info',
        },
      });
      emit({ kind: 'status', status: { phase: 'none' } });
      return undefined;
    },
  };

  return {
    handlers,
    extension: {
      wrapFetch(fetch, serverUrl) {
        // The controller is looked up per request: after Forget, the next request gets a fresh one (and a fresh
        // 401 flow). Its key and its wrapped fetch are not rebuilt for every request of the session.
        const key = keyOf(serverUrl);
        const wrapped = new WeakMap<AuthController, FetchLike>();
        return (input, init) => {
          const controller = controllers.get(key) ?? controllerFor(serverUrl);
          let authorized = wrapped.get(controller);
          if (!authorized) wrapped.set(controller, (authorized = controller.wrap(fetch)));
          return authorized(input, init);
        };
      },
    },
  };
}
