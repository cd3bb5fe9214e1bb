/**
 * The fetch the SDK's `auth()` uses: every URL is validated before it is requested (https, or http on
 * loopback), redirects are followed by hand with each hop re-validated, and every exchange becomes a
 * step of the Authorization view with secrets masked and the rule it follows.
 */
import type { AuthFact, AuthHttp, AuthStepKind, AuthVerdict } from '../../shared/auth.ts';
import { isSecretName, maskSecret, redactHeaders, redactResponseHeaders } from '../../shared/redact.ts';
import { checkNavigableUrl } from '../../shared/url.ts';
import type { FetchLike } from '../wire/wire-tap.ts';
import { AuthRefusal } from './refusal.ts';
import { RULES, type StepInput } from './rules.ts';
import { describeError } from '../../shared/read.ts';

const BODY_LIMIT = 4_000;
const MAX_REDIRECTS = 3;
/** The shared secret names (redact.ts), plus the authorization `code`, which is a secret in this flow. */
const isSecretField = (name: string) => name === 'code' || isSecretName(name);

export interface AuthRecorderOptions {
  fetch: FetchLike;
  record: (step: StepInput) => void;
  /** The authorization server in use: what a registration or a token set is keyed by. */
  issuer?: () => string | undefined;
}

export function createAuthRecorder(options: AuthRecorderOptions): FetchLike {
  return async (input, init) => {
    let url = String(input instanceof Request ? input.url : input);
    let requestInit: RequestInit = { ...init, credentials: 'omit', redirect: 'manual' };
    for (let hop = 0; ; hop++) {
      const checked = checkNavigableUrl(url);
      const kind = classify(url, requestInit);
      const http: AuthHttp = {
        method: (requestInit.method ?? 'GET').toUpperCase(),
        url,
        requestHeaders: redactHeaders(new Headers(requestInit.headers).entries()),
        ...(bodyText(requestInit.body) && { requestBody: maskBody(bodyText(requestInit.body)) }),
      };
      if (!checked.ok) {
        options.record({
          kind,
          title: titleOf(kind),
          rule: ruleOf(kind),
          verdict: 'refused',
          detail: `Not requested: ${checked.reason}`,
          http,
        });
        throw Object.assign(new AuthRefusal(`Refused to request ${url}: ${checked.reason}`), { recorded: true });
      }
      let response: Response;
      try {
        response = await options.fetch(checked.url, requestInit);
      } catch (error) {
        options.record({
          kind,
          title: titleOf(kind),
          rule: ruleOf(kind),
          verdict: 'unreachable',
          detail: unreachableDetail(kind, checked.url),
          http: { ...http, error: describeError(error) },
        });
        if (typeof error === 'object' && error !== null) Object.assign(error, { recorded: true });
        throw error;
      }
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location && hop < MAX_REDIRECTS && http.method === 'GET') {
        options.record({
          kind,
          title: titleOf(kind),
          rule: ruleOf(kind),
          verdict: 'info',
          detail: `Redirected to ${location}; following after checking it.`,
          http: await describe(http, response),
        });
        url = new URL(location, checked.url).href;
        requestInit = { ...requestInit };
        continue;
      }
      const described = await describe(http, response);
      const verdict = verdictOf(kind, response);
      const facts = verdict === 'ok' ? factsOf(kind, await bodyOf(response), options.issuer?.()) : [];
      options.record({
        kind,
        title: titleOf(kind),
        rule: ruleOf(kind),
        verdict,
        ...detailOf(kind, response, verdict),
        ...(facts.length > 0 && { facts }),
        http: described,
      });
      return response;
    }
  };
}

function classify(url: string, init: RequestInit): AuthStepKind {
  const path = safePath(url);
  if (path.includes('/.well-known/oauth-protected-resource')) return 'resource-metadata';
  if (path.includes('/.well-known/oauth-authorization-server') || path.includes('/.well-known/openid-configuration'))
    return 'server-metadata';
  const body = bodyText(init.body);
  if (/(^|&)grant_type=refresh_token/.test(body)) return 'refresh';
  if (/(^|&)grant_type=/.test(body)) return 'token';
  return 'registration';
}

function bodyText(body: RequestInit['body']): string {
  return typeof body === 'string' ? body : body instanceof URLSearchParams ? body.toString() : '';
}

function safePath(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

const TITLES: Record<AuthStepKind, string> = {
  challenge: 'Server challenge (401)',
  'resource-metadata': 'Protected resource metadata',
  'server-metadata': 'Authorization server metadata',
  registration: 'Client registration',
  authorization: 'Authorization request',
  callback: 'Authorization response',
  token: 'Token request',
  refresh: 'Token refresh',
  'step-up': 'Step-up (403 insufficient_scope)',
  'iss-check': 'Issuer check',
  'as-change': 'Authorization server changed',
  remembered: 'Remembered on this device',
  forget: 'Forgotten',
};

const titleOf = (kind: AuthStepKind) => TITLES[kind];
const ruleOf = (kind: AuthStepKind) => RULES[kind];

function verdictOf(kind: AuthStepKind, response: Response): AuthVerdict {
  if (response.ok) return 'ok';
  // Discovery probes a list of well-known URLs: a 404 on one of them is how the search proceeds.
  if ((kind === 'resource-metadata' || kind === 'server-metadata') && response.status >= 400 && response.status < 500) return 'info';
  return 'failed';
}

function detailOf(kind: AuthStepKind, response: Response, verdict: AuthVerdict): { detail?: string } {
  if (verdict === 'info') return { detail: `HTTP ${response.status}: not here; trying the next location in the spec’s order.` };
  if (verdict === 'failed') return { detail: `HTTP ${response.status} from the ${TITLES[kind].toLowerCase()} endpoint.` };
  if (kind === 'refresh') return { detail: 'New access token received.' };
  return {};
}

function unreachableDetail(kind: AuthStepKind, url: string): string {
  const origin = new URL(url).origin;
  const what = kind === 'token' || kind === 'refresh' ? 'token endpoint' : kind === 'registration' ? 'registration endpoint' : 'metadata';
  return (
    `The browser could not read the ${what} at ${origin}. Usually its response lacks CORS headers ` +
    `(Access-Control-Allow-Origin), so a page cannot complete this step. Ask the operator to allow this origin, ` +
    `or get a token another way and paste it as an Authorization: Bearer header.`
  );
}

/**
 * What a person checks on a successful registration or token response: the issuer the credential is
 * keyed by, and whether a refresh token came back (never assumed: SEP-2207).
 */
function factsOf(kind: AuthStepKind, body: Record<string, unknown> | undefined, issuer: string | undefined): AuthFact[] {
  if (kind !== 'registration' && kind !== 'token' && kind !== 'refresh') return [];
  const facts: AuthFact[] = issuer !== undefined ? [{ label: 'Keyed by issuer', value: issuer }] : [];
  if (kind === 'token') {
    facts.push({
      label: 'Refresh token',
      value:
        typeof body?.refresh_token === 'string'
          ? 'received: the access token is renewed without asking again'
          : 'none came back: when the access token expires, you sign in again',
    });
  }
  if (kind === 'refresh') {
    facts.push({
      label: 'Refresh token',
      value:
        typeof body?.refresh_token === 'string'
          ? 'rotated: a new one came back and replaces the old one'
          : 'none came back: the current one is kept',
    });
  }
  return facts;
}

async function bodyOf(response: Response): Promise<Record<string, unknown> | undefined> {
  try {
    const parsed: unknown = JSON.parse(await response.clone().text());
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

async function describe(http: AuthHttp, response: Response): Promise<AuthHttp> {
  let body: string | undefined;
  try {
    body = await response.clone().text();
  } catch {
    body = undefined;
  }
  return {
    ...http,
    status: response.status,
    responseHeaders: redactResponseHeaders(response.headers.entries()),
    ...(body !== undefined && body !== '' && { responseBody: maskBody(body).slice(0, BODY_LIMIT) }),
  };
}

/** Masks secrets in a form body or a JSON document; anything else is kept as is (bounded). */
export function maskBody(body: string): string {
  const trimmed = body.trim();
  if (trimmed.startsWith('{')) {
    try {
      return JSON.stringify(maskJson(JSON.parse(trimmed)), null, 2);
    } catch {
      return body.slice(0, BODY_LIMIT);
    }
  }
  if (/^[\w.%-]+=/.test(trimmed)) {
    const params = new URLSearchParams(trimmed);
    for (const [key, value] of params) if (isSecretField(key)) params.set(key, maskSecret(value));
    return decodeURIComponent(params.toString().replace(/\+/g, ' ')).slice(0, BODY_LIMIT);
  }
  return body.slice(0, BODY_LIMIT);
}

function maskJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskJson);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, entry]) => [
      key,
      isSecretField(key) && typeof entry === 'string' ? maskSecret(entry) : maskJson(entry),
    ]),
  );
}
