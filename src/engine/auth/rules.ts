/**
 * The rule each step of the Authorization view follows, shown beside it, and the shape of a step as the
 * auth code records it. Its own module because every part of the auth code records steps, while the OAuth
 * requests' recorder (recorder.ts) loads only with the flow.
 */
import type { AuthStep, AuthStepKind } from '../../shared/auth.ts';

export type StepInput = Omit<AuthStep, 'id' | 'time' | 'serverUrl'>;

export const RULES: Record<AuthStepKind, string> = {
  challenge: 'MCP authorization: a 401 with WWW-Authenticate (resource_metadata, scope) starts discovery.',
  'resource-metadata':
    'RFC 9728: the header’s resource_metadata, else /.well-known/oauth-protected-resource at the path, then at the root.',
  'server-metadata': 'RFC 8414 and OpenID Connect Discovery, in the spec’s order, with and without the issuer path.',
  registration: 'Pre-registered client, then Client ID Metadata Document, then Dynamic Client Registration (RFC 7591).',
  authorization: 'OAuth 2.1 authorization code with PKCE S256, a single-use state, and the resource indicator (RFC 8707).',
  callback: 'The state must match the one sent; the code is used once.',
  token: 'Token request with code_verifier and the same resource indicator, using the registered client authentication.',
  refresh: 'refresh_token grant with the resource indicator; public clients expect the refresh token to rotate.',
  'step-up': 'MCP authorization: on 403 insufficient_scope, re-authorize with the challenged scopes, with bounded retries.',
  'iss-check':
    'RFC 9207: before the code is redeemed, the response’s iss must equal the issuer recorded with the PKCE verifier when the server advertises it, or whenever iss is present; compared exactly. On a mismatch nothing else in the response is shown.',
  'as-change':
    'SEP-2352: credentials are keyed by the authorization server’s issuer; when the resource metadata names another one, register there afresh and never reuse the old credentials.',
  remembered:
    'Opt-in only: tokens stay in the worker’s memory unless you tick “Remember on this device”; then in IndexedDB, never localStorage, until Forget.',
  forget:
    'Every token, registration and discovery result for this server is dropped: from memory, from this device, and any redirect in progress.',
};
