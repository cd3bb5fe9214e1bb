/**
 * OAuth for the session: one AuthController per MCP server (tokens, registration and discovery in this
 * object's memory, never sent to another server), the calls the UI makes to finish, cancel or forget an
 * authorization, and the SessionExtension that puts the authorized fetch under the transports.
 */
import { resourceUrlFromServerUrl } from '@modelcontextprotocol/client';
import type { AuthApi, AuthSettings, AuthStatus, AuthUpdate } from '../../shared/auth.ts';
import type { EngineError } from '../../shared/errors.ts';
import type { FeatureContext, Handlers } from '../feature-context.ts';
import type { SessionExtension } from '../session.ts';
import { LensOAuthProvider } from './auth-provider.ts';
import { createAuthRecorder, RULES, type StepInput } from './auth-recorder.ts';
import { AuthController, type AuthHost } from './auth-session.ts';

export interface AuthFeatureOptions {
  /** How the authorization URL is opened. @default the UI: the engine reports it and waits for `completeAuthorization` */
  host?: AuthHost;
  /** Initial settings (the command line sets them once; the UI calls `configureAuth`). */
  settings?: AuthSettings;
  /** Random bytes for `state`. @default crypto.getRandomValues */
  random?: (bytes: number) => Uint8Array;
}

export interface AuthFeature {
  handlers: Handlers<AuthApi>;
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
    const record = (step: StepInput) => emit({ kind: 'step', step: { ...step, id: ++stepId, time: ctx.now(), serverUrl: key } });
    const controller = new AuthController({
      serverUrl,
      provider: new LensOAuthProvider({ serverUrl, settings: () => settings, now: ctx.now, random }),
      oauthFetch: createAuthRecorder({ fetch: ctx.fetch, record }),
      host: options.host ?? personHost,
      now: ctx.now,
      record,
      status: (status: AuthStatus) => emit({ kind: 'status', status }),
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
      throw { code: 'unauthorized', message: 'No authorization is waiting for a callback (it was already used, cancelled, or the app was reloaded). Connect again.' } satisfies EngineError;
    }
    return match;
  }

  const handlers: Handlers<AuthApi> = {
    async configureAuth(params) {
      // Merged: the client-id form and the app's own metadata URL are set from different places.
      const merged = { ...settings, ...params };
      settings = { ...merged, clientId: merged.clientId?.trim() || undefined, clientSecret: merged.clientSecret || undefined } as AuthSettings;
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
    async forgetAuthorization({ serverUrl }) {
      const key = keyOf(serverUrl);
      const controller = controllers.get(key);
      controller?.cancel();
      controller?.provider.invalidateCredentials('all');
      controllers.delete(key);
      emit({ kind: 'step', step: { id: ++stepId, time: ctx.now(), serverUrl: key, kind: 'forget', title: 'Forgotten', rule: RULES.forget, verdict: 'info' } });
      emit({ kind: 'status', status: { phase: 'none' } });
      return undefined;
    },
  };

  return {
    handlers,
    extension: { wrapFetch: (fetch, serverUrl) => controllerFor(serverUrl).wrap(fetch) },
  };
}
