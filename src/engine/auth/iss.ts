/**
 * RFC 9207: the authorization response's `iss`, checked against the issuer recorded with the PKCE
 * verifier, before the code is redeemed and before anything else in the response is read. The rules
 * are the MCP spec's (and the SDK's `validateAuthorizationResponseIssuer`, which runs again inside
 * `auth()`): advertised → `iss` required and equal; not advertised but present → equal; neither →
 * proceed. Exact string comparison, no normalisation.
 *
 * On a mismatch the received value is attacker-controllable (a mix-up), so it is never shown, nor are
 * the response's `error`, `error_description` or `error_uri`: the step says how it differs instead.
 */
import type { AuthFact, AuthVerdict } from '../../shared/auth.ts';
import type { PendingAuthorization } from './provider.ts';

export interface IssCheck {
  title: string;
  verdict: Extract<AuthVerdict, 'ok' | 'info' | 'refused'>;
  detail: string;
  facts: AuthFact[];
  /** On refusal: what the person is told (nothing from the response in it). */
  message?: string;
}

export function checkIss(expected: Pick<PendingAuthorization, 'issuer' | 'issParameterSupported'>, iss: string | null): IssCheck {
  const advertised = expected.issParameterSupported === true;
  const facts: AuthFact[] = [
    ...(expected.issuer !== undefined ? [{ label: 'Expected issuer', value: expected.issuer }] : []),
    { label: 'iss advertised', value: advertised ? 'yes (authorization_response_iss_parameter_supported)' : 'no' },
    {
      label: 'iss in the response',
      value: iss === null ? 'absent' : iss === expected.issuer ? 'equal to the expected issuer' : 'present (not shown)',
    },
  ];
  if (expected.issuer === undefined) {
    return {
      title: 'Issuer check skipped',
      verdict: 'info',
      detail:
        'The authorization server published no metadata (a 2025-03-26 server), so no issuer was recorded to compare the response’s iss with.',
      facts,
    };
  }
  if (iss === null && !advertised) {
    return {
      title: 'Issuer check: not advertised',
      verdict: 'info',
      detail:
        'The authorization server does not advertise the iss parameter and sent none; RFC 9207 allows that, so the flow continues. (Advertising it lets clients detect mix-up attacks.)',
      facts,
    };
  }
  if (iss === expected.issuer) {
    return {
      title: 'Issuer check passed',
      verdict: 'ok',
      detail: advertised
        ? 'The response’s iss equals the issuer recorded when the sign-in started.'
        : 'Not advertised, but the response carries iss anyway; it equals the issuer recorded when the sign-in started.',
      facts,
    };
  }
  const reason =
    iss === null
      ? 'the authorization server advertises the iss parameter, but the response carries none'
      : `the response’s iss ${howItDiffers(expected.issuer, iss)}`;
  return {
    title: 'Issuer check failed',
    verdict: 'refused',
    detail:
      `Refused before the token request: ${reason}. The code was not exchanged. The rest of this response ` +
      `(error, error_description, error_uri) is not shown: after a mix-up it may come from another server.`,
    facts,
    message:
      `The sign-in response was refused: ${reason} (RFC 9207, a defence against mix-up attacks). Nothing was exchanged. ` +
      `Connect again; if it keeps happening, the authorization server’s iss is misconfigured; tell its operator.`,
  };
}

/** How `received` differs from `expected`, without repeating it. */
function howItDiffers(expected: string, received: string): string {
  if (received === `${expected}/` || expected === `${received}/`)
    return 'differs from the expected issuer by a trailing slash only (compared exactly, without normalisation)';
  if (received.toLowerCase() === expected.toLowerCase())
    return 'differs from the expected issuer in letter case only (compared exactly, without normalisation)';
  try {
    return new URL(received).origin === new URL(expected).origin
      ? 'names another path on the expected issuer’s origin'
      : 'names another authorization server';
  } catch {
    return 'is not the expected issuer (and not a URL)';
  }
}
