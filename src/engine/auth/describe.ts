/**
 * The sentences and facts the Authorization view shows for the controller's own steps (the HTTP ones are
 * described by recorder.ts), and the checks on a callback that need no network.
 */
import type { extractWWWAuthenticateParams, OAuthDiscoveryState } from '@modelcontextprotocol/client';
import type { AuthFact } from '../../shared/auth.ts';
import type { EngineError } from '../../shared/errors.ts';
import { STATE_TTL_MS, type PendingAuthorization } from './provider.ts';
import { describeError } from '../../shared/read.ts';
import { RULES, type StepInput } from './recorder.ts';
import { AuthRefusal } from './refusal.ts';

/** The callback must carry the state we sent, unexpired; anything else is discarded unread. */
export function checkCallback(pending: PendingAuthorization, callbackUrl: string, now: number): URLSearchParams {
  let params: URLSearchParams;
  try {
    params = new URL(callbackUrl).searchParams;
  } catch {
    throw new AuthRefusal('The authorization callback is not a URL.');
  }
  if (params.get('state') !== pending.state) {
    throw new AuthRefusal(
      'The authorization response carries a state that does not match the one sent. It was discarded (possible CSRF or a stale tab).',
    );
  }
  if (now - pending.createdAt > STATE_TTL_MS)
    throw new AuthRefusal('The authorization took longer than 10 minutes; its state expired. Connect again.');
  return params;
}

/** The server's answer that started the flow stays on the error, as for any other HTTP failure. */
export function withStatus(error: unknown, httpStatus: number): unknown {
  return typeof error === 'object' && error !== null && (error as EngineError).code === 'unauthorized'
    ? { ...(error as EngineError), httpStatus }
    : error;
}

/**
 * The SDK's provenance stamp for errors that leave a transport's auth seam. Its version-negotiation
 * probe (`server/discover`, sent first in Auto) routes a stamped error out of `connect()` unchanged;
 * anything else thrown by the fetch counts as a network failure and comes back wrapped as "Version
 * negotiation probe failed: [object Object]", losing our "press Authorize" message. The SDK stamps its
 * own seams with `markAuthSeamEscape`, which 2.4.0 exports at runtime but not in its types; the symbol
 * is `Symbol.for`, shared by design, so we set it the same way (non-enumerable: it never crosses the
 * worker boundary).
 */
const AUTH_SEAM_ESCAPE = Symbol.for('mcp.authSeamEscape');

export function asAuthSeamEscape(error: unknown): unknown {
  if (typeof error === 'object' && error !== null && !Object.isFrozen(error))
    Object.defineProperty(error, AUTH_SEAM_ESCAPE, { value: true, configurable: true });
  return error;
}

/**
 * The SDK validates metadata with zod before we see it (it already rejects javascript:/data: endpoints);
 * its issues become one sentence naming the field.
 */
function describeSchemaError(error: unknown): string | undefined {
  const issues = (error as { issues?: Array<{ path?: unknown[]; message?: string }> } | null)?.issues;
  if (!Array.isArray(issues) || issues.length === 0) return undefined;
  const parts = issues.slice(0, 3).map((issue) => `${(issue.path ?? []).join('.') || 'document'}: ${issue.message ?? 'invalid'}`);
  return `Refused: the authorization server's metadata is invalid (${parts.join('; ')}).`;
}

export function describeChallenge(response: Response, challenge: ReturnType<typeof extractWWWAuthenticateParams>): string {
  if (!response.headers.has('www-authenticate')) {
    return 'HTTP 401 without a readable WWW-Authenticate header (a browser only sees it if the server exposes it via Access-Control-Expose-Headers). Falling back to well-known discovery.';
  }
  const parts = [
    challenge.resourceMetadataUrl && `resource_metadata=${challenge.resourceMetadataUrl.href}`,
    challenge.scope !== undefined && `scope="${challenge.scope}"`,
    challenge.error && `error=${challenge.error}`,
  ].filter(Boolean);
  return parts.length > 0 ? `WWW-Authenticate: ${parts.join(', ')}` : 'WWW-Authenticate without parameters; using well-known discovery.';
}

/**
 * The authorization request in one line, plus the facts a person checks: which issuer the client id is
 * keyed by, and whether `offline_access` was asked for (SEP-2207: only when the server lists it).
 */
export function describeAuthorizationRequest(
  url: string,
  discovery: OAuthDiscoveryState | undefined,
  issuer: string | undefined,
): { detail: string; facts: AuthFact[] } {
  const parsed = new URL(url);
  const p = parsed.searchParams;
  const method = p.get('code_challenge_method');
  const detail = [
    `${parsed.origin}${parsed.pathname}`,
    `client_id=${p.get('client_id') ?? '(none)'}`,
    `scope=${p.get('scope') ?? '(omitted)'}`,
    `resource=${p.get('resource') ?? '(missing)'}`,
    `code_challenge_method=${method ?? '(missing)'}`,
  ].join(' · ');
  const listed = (discovery?.authorizationServerMetadata?.scopes_supported ?? []).includes('offline_access');
  const requested = (p.get('scope') ?? '').split(' ').includes('offline_access');
  const offlineAccess = requested
    ? listed
      ? 'requested (the authorization server lists it), so a refresh token may come back'
      : 'requested although the authorization server does not list it (the server’s challenge asked for it)'
    : listed
      ? 'not requested'
      : 'not requested (the authorization server does not list it)';
  return {
    detail,
    facts: [
      ...(issuer !== undefined ? [{ label: 'Keyed by issuer', value: issuer }] : []),
      { label: 'offline_access', value: offlineAccess },
    ],
  };
}

/**
 * How a failed authorization is told: the message for its step and status, whether it was a refusal (our
 * checks said no) rather than a failure, and the error the connection fails with.
 */
export function describeAuthFailure(error: unknown): { message: string; refused: boolean; engineError: EngineError } {
  const schemaProblem = describeSchemaError(error);
  const message = schemaProblem ?? describeError(error);
  const refused = error instanceof AuthRefusal || schemaProblem !== undefined;
  return {
    message,
    refused,
    engineError: {
      code: 'unauthorized',
      message: refused
        ? message
        : `OAuth did not complete: ${message}. If this server takes an API key or token instead, add it as an Authorization header and connect again.`,
      detail: 'See the Authorization tab for each step. You can also paste a token as an Authorization: Bearer header.',
    },
  };
}

/** The step recorded when the protected resource metadata names another authorization server (SEP-2352). */
export function issuerChangeStep(from: string, to: string): StepInput {
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
