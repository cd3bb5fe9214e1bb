/**
 * The sentences and facts the Authorization view shows for the flow's own steps (the HTTP ones are
 * described by recorder.ts, a challenge by challenge.ts), and the checks on a callback that need no network.
 */
import type { OAuthDiscoveryState } from '@modelcontextprotocol/client';
import type { AuthFact } from '../../shared/auth.ts';
import type { EngineError } from '../../shared/errors.ts';
import { STATE_TTL_MS, type PendingAuthorization } from './provider.ts';
import { describeError } from '../../shared/read.ts';
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
