/**
 * The fetch the transports use when OAuth is on: it attaches the bearer token (only to the server it was
 * issued for), refreshes it when it has expired, runs the authorization on a 401 and the step-up on a 403
 * `insufficient_scope` (bounded), then retries the request. Errors leave through the SDK's auth seam
 * (`asAuthSeamEscape`) so its era probe keeps them. The authorization itself is the controller's.
 */
import { computeScopeUnion, extractWWWAuthenticateParams, isStrictScopeSuperset } from '@modelcontextprotocol/client';
import type { FetchLike } from '../wire/wire-tap.ts';
import { asAuthSeamEscape, describeChallenge, withStatus } from './challenge.ts';
import type { AuthorizeOptions } from './flow.ts';
import type { LensOAuthProvider } from './provider.ts';
import { RULES, type StepInput } from './rules.ts';
import { readRelayFront, type RelayFront } from './relay-front.ts';

/** Step-ups per request: the conformance suite allows at most three authorization requests in all. */
const MAX_STEP_UPS = 2;

/** What the fetch asks of the server's authorization (src/engine/auth/session.ts). */
export interface FetchAuthority {
  serverUrl: URL;
  provider: LensOAuthProvider;
  now: () => number;
  record: (step: StepInput) => void;
  /** Before the first request: remembered tokens loaded (and reported once). */
  ready(): Promise<void>;
  /** Resolves once the authorization in progress, if any, has ended (either way). */
  settled(): Promise<void>;
  authorize(options: AuthorizeOptions, signal?: AbortSignal): Promise<void>;
  requestedScope(): string | undefined;
  /** An answer showed the server is a local relay: its OAuth is the fronted server's. */
  noticeRelay(front: RelayFront | undefined): void;
}

export function authorizedFetch(inner: FetchLike, authority: FetchAuthority): FetchLike {
  const deps = authority;
  const provider = deps.provider;
  // A session sends every request to the same few URLs: the last verdict is kept, not parsed again each time.
  let last: { url: string; ours: boolean } | undefined;
  const forServer = (url: string) => {
    if (last?.url !== url) {
      let ours: boolean;
      try {
        ours = new URL(url).origin === deps.serverUrl.origin;
      } catch {
        ours = false;
      }
      last = { url, ours };
    }
    return last.ours;
  };
  return async (input, init = {}) => {
    const url = String(input instanceof Request ? input.url : input);
    // A pasted token (or a request to another origin) is the user's business: no OAuth on top of it. Only read
    // here (the transports build a fresh Headers for each request), and copied below only to add a token.
    const given = init.headers instanceof Headers ? init.headers : new Headers(init.headers);
    if (given.has('authorization') || !forServer(url)) return inner(input, init);
    const signal = init.signal ?? undefined;

    await authority.ready();
    await authority.settled();
    if (provider.tokens()?.refresh_token && provider.refreshAt !== undefined && deps.now() >= provider.refreshAt) {
      // auth() refreshes when it holds a refresh token.
      await authority.authorize({}, signal).catch((error: unknown) => {
        throw asAuthSeamEscape(error);
      });
    }

    let sentToken: string | undefined;
    const send = () => {
      sentToken = provider.tokens()?.access_token;
      // Without a token (most servers) the request goes on as the transport built it.
      if (!sentToken) return inner(input, init);
      const headers = new Headers(given);
      headers.set('Authorization', `Bearer ${sentToken}`);
      return inner(input, { ...init, headers });
    };

    let response = await send();
    for (let attempt = 0; response.status === 401 && attempt < 2; attempt++) {
      await response.body?.cancel().catch(() => undefined);
      await authority.settled();
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
      authority.noticeRelay(readRelayFront(deps.serverUrl, init.headers, response));
      // A second 401 means the refreshed (or new) token was refused too: start over from scratch once.
      if (attempt === 1 && sentToken) provider.invalidateCredentials('tokens');
      await authority
        .authorize(
          {
            ...(challenge.scope !== undefined && { scope: challenge.scope }),
            ...(challenge.resourceMetadataUrl && { resourceMetadataUrl: challenge.resourceMetadataUrl }),
            rediscover: true,
          },
          signal,
        )
        .catch((error: unknown) => {
          throw asAuthSeamEscape(withStatus(error, 401));
        });
      response = await send();
    }

    authority.noticeRelay(readRelayFront(deps.serverUrl, init.headers, response));
    let lastStepUpScope: string | undefined;
    for (let stepUps = 0; response.status === 403 && stepUps < MAX_STEP_UPS; stepUps++) {
      const challenge = extractWWWAuthenticateParams(response);
      if (challenge.error !== 'insufficient_scope') break;
      const granted = provider.tokens()?.scope;
      const union = computeScopeUnion(authority.requestedScope(), granted, challenge.scope);
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
      await authority
        .authorize(
          {
            ...(union !== undefined && { scope: union }),
            force: isStrictScopeSuperset(union, granted),
            ...(challenge.resourceMetadataUrl && { resourceMetadataUrl: challenge.resourceMetadataUrl }),
          },
          signal,
        )
        .catch((error: unknown) => {
          throw asAuthSeamEscape(withStatus(error, 403));
        });
      response = await send();
    }
    return response;
  };
}
