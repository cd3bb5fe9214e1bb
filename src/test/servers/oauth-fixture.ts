/**
 * An OAuth-protected MCP server and its mock authorization server in one loopback process, with CORS, for
 * vitest and Playwright. Each variant lives under its own path so one process serves them all:
 *   MCP      /v/<variant>/mcp              (stateless JSON; tools echo and write-note)
 *   PRM      /.well-known/oauth-protected-resource/v/<variant>/mcp
 *   AS       issuer /as/<variant>, metadata at /.well-known/oauth-authorization-server/as/<variant>
 *   control  /control/<variant>            (what the AS and the server saw, for assertions)
 * Variants: ok · no-s256 (metadata without S256) · js-endpoint (authorization_endpoint is javascript:) ·
 * short (access tokens live 1 s, refresh tokens rotate) · step-up (write-note needs mcp:write) ·
 * consent (the authorize endpoint shows a page with an Approve button instead of redirecting at once).
 * RFC 9207 `iss` modes: iss-advertised (advertised, sent, correct) · iss-absent (neither advertised nor
 * sent) · iss-wrong (advertised; the redirect's iss has an extra trailing slash) · iss-mixup (advertised;
 * an error response with another server's iss and an error_description that must never be shown).
 * offline (the AS lists offline_access and returns a refresh token only when it is asked for) ·
 * no-refresh (no refresh token, ever) · pathless (the PRM's resource is the bare origin, no path) ·
 * migrate (an authorization server migration: `moveAuthorizationServer('migrate')` makes the PRM name a
 * second AS, issuer /as/migrate-as2, and the MCP server then accepts only that AS's tokens).
 * The `ok` variant sends `iss` without advertising it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type OAuthVariant =
  | 'ok'
  | 'no-s256'
  | 'js-endpoint'
  | 'short'
  | 'step-up'
  | 'consent'
  | 'iss-advertised'
  | 'iss-absent'
  | 'iss-wrong'
  | 'iss-mixup'
  | 'offline'
  | 'no-refresh'
  | 'pathless'
  | 'migrate';

/** The text an `iss-mixup` callback carries in error_description: it must never reach a person. */
export const MIXUP_ERROR_DESCRIPTION = 'Your account is locked. Call +1 555 0100 to unlock it.';
/** The path suffix of the second authorization server of the `migrate` variant. */
const SECOND_AS = '-as2';

interface Grant {
  variant: string;
  /** The authorization server that issued it. */
  issuer: string;
  scope: string;
  resource: string | null;
}

interface VariantRecord {
  authorizations: Array<{
    issuer: string;
    clientId: string | null;
    scope: string | null;
    resource: string | null;
    state: string | null;
    codeChallengeMethod: string | null;
  }>;
  tokenRequests: Array<{ issuer: string; clientId: string | null; grantType: string | null; resource: string | null }>;
  registrations: Array<{ issuer: string; clientId: string }>;
  mcpRequests: Array<{ method: string; authorized: boolean; bearer: boolean }>;
  refreshTokensRejected: number;
}

export interface OAuthFixture {
  origin: string;
  mcpUrl(variant: OAuthVariant): string;
  /** The issuer the variant's protected resource metadata names now. */
  issuer(variant: OAuthVariant): string;
  record(variant: OAuthVariant): VariantRecord;
  /** The PRM names the variant's second authorization server from now on; the first one's tokens stop working. */
  moveAuthorizationServer(variant: OAuthVariant): void;
  close(): Promise<void>;
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': '*',
  'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
  'access-control-expose-headers': 'WWW-Authenticate, Mcp-Session-Id',
};

export async function startOAuthFixture(
  options: { port?: number; host?: string; /** When tokens expire. @default Date.now */ now?: () => number } = {},
): Promise<OAuthFixture> {
  const now = options.now ?? Date.now;
  const host = options.host ?? '127.0.0.1';
  const codes = new Map<string, Grant & { challenge: string; redirectUri: string }>();
  const accessTokens = new Map<string, Grant & { expiresAt: number }>();
  const refreshTokens = new Map<string, Grant>();
  const records = new Map<string, VariantRecord>();
  const recordOf = (variant: string) => {
    let record = records.get(variant);
    if (!record)
      records.set(
        variant,
        (record = { authorizations: [], tokenRequests: [], registrations: [], mcpRequests: [], refreshTokensRejected: 0 }),
      );
    return record;
  };
  /** Variants whose PRM has moved to their second authorization server. */
  const moved = new Set<string>();
  let origin = '';
  const issuerOf = (variant: string) => `${origin}/as/${variant}${moved.has(variant) ? SECOND_AS : ''}`;
  const resourceOf = (variant: string) => (variant === 'pathless' ? origin : `${origin}/v/${variant}/mcp`);
  /** An authorization server's path segment → the variant it serves. */
  const variantOfAs = (asId: string) => (asId.endsWith(SECOND_AS) ? asId.slice(0, -SECOND_AS.length) : asId);

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, { error: 'server_error', error_description: String(error) });
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    if (req.method === 'OPTIONS') return void res.writeHead(204, CORS).end();
    const url = new URL(req.url ?? '/', origin);
    const path = url.pathname;
    let match: RegExpExecArray | null;

    if ((match = /^\/\.well-known\/oauth-protected-resource\/v\/([\w-]+)\/mcp$/.exec(path))) {
      const variant = match[1]!;
      return send(res, 200, {
        resource: resourceOf(variant),
        authorization_servers: [issuerOf(variant)],
        scopes_supported: ['mcp:read', ...(variant === 'step-up' ? ['mcp:write'] : [])],
      });
    }
    if ((match = /^\/\.well-known\/oauth-authorization-server\/as\/([\w-]+)$/.exec(path))) {
      const variant = variantOfAs(match[1]!);
      const issuer = `${origin}/as/${match[1]!}`;
      return send(res, 200, {
        issuer,
        authorization_endpoint: variant === 'js-endpoint' ? 'javascript:alert(document.domain)//' : `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        registration_endpoint: `${issuer}/register`,
        response_types_supported: ['code'],
        grant_types_supported: ['authorization_code', 'refresh_token'],
        token_endpoint_auth_methods_supported: ['none'],
        ...(variant !== 'no-s256' && { code_challenge_methods_supported: ['S256'] }),
        ...(variant.startsWith('iss-') && variant !== 'iss-absent' && { authorization_response_iss_parameter_supported: true }),
        ...(variant === 'offline' && { scopes_supported: ['mcp:read', 'offline_access'] }),
      });
    }
    if ((match = /^\/as\/([\w-]+)\/register$/.exec(path)) && req.method === 'POST') {
      const body = JSON.parse(await readBody(req)) as Record<string, unknown>;
      const clientId = `client-${match[1]!}-${randomBytes(6).toString('hex')}`;
      recordOf(variantOfAs(match[1]!)).registrations.push({ issuer: `${origin}/as/${match[1]!}`, clientId });
      return send(res, 201, { ...body, client_id: clientId, token_endpoint_auth_method: 'none' });
    }
    if ((match = /^\/as\/([\w-]+)\/authorize$/.exec(path))) {
      const variant = variantOfAs(match[1]!);
      const issuer = `${origin}/as/${match[1]!}`;
      const p = url.searchParams;
      recordOf(variant).authorizations.push({
        issuer,
        clientId: p.get('client_id'),
        scope: p.get('scope'),
        resource: p.get('resource'),
        state: p.get('state'),
        codeChallengeMethod: p.get('code_challenge_method'),
      });
      const code = randomBytes(16).toString('hex');
      const redirectUri = p.get('redirect_uri') ?? '';
      codes.set(code, {
        variant,
        issuer,
        scope: p.get('scope') ?? '',
        resource: p.get('resource'),
        challenge: p.get('code_challenge') ?? '',
        redirectUri,
      });
      const back = new URL(redirectUri);
      if (variant === 'iss-mixup') {
        // What a mix-up looks like: an error response that names another server, with text meant for a person.
        back.searchParams.set('error', 'access_denied');
        back.searchParams.set('error_description', MIXUP_ERROR_DESCRIPTION);
      } else {
        back.searchParams.set('code', code);
      }
      if (p.get('state') !== null) back.searchParams.set('state', p.get('state')!);
      const iss =
        variant === 'iss-wrong'
          ? `${issuer}/`
          : variant === 'iss-mixup'
            ? 'https://as.attacker.example'
            : variant === 'iss-absent'
              ? null
              : issuer;
      if (iss !== null) back.searchParams.set('iss', iss);
      if (variant === 'consent' && req.method === 'GET' && p.get('approved') !== '1') {
        // A page a person approves on (the e2e uses it to exercise the popup); plain HTML, our own strings.
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return void res.end(
          `<!doctype html><title>Mock consent</title><h1>Mock consent</h1><a href="${escapeHtml(back.href)}">Approve</a>`,
        );
      }
      return void res.writeHead(302, { location: back.href }).end();
    }
    if ((match = /^\/as\/([\w-]+)\/token$/.exec(path)) && req.method === 'POST') {
      const variant = variantOfAs(match[1]!);
      const issuer = `${origin}/as/${match[1]!}`;
      const form = new URLSearchParams(await readBody(req));
      const grantType = form.get('grant_type');
      recordOf(variant).tokenRequests.push({ issuer, clientId: form.get('client_id'), grantType, resource: form.get('resource') });
      if (grantType === 'authorization_code') {
        const grant = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        const verifier = form.get('code_verifier') ?? '';
        const challenge = createHash('sha256').update(verifier).digest('base64url');
        if (
          !grant ||
          grant.issuer !== issuer ||
          grant.challenge !== challenge ||
          grant.redirectUri !== form.get('redirect_uri') ||
          grant.resource !== form.get('resource')
        ) {
          return send(res, 400, { error: 'invalid_grant', error_description: 'code, verifier, redirect_uri or resource does not match' });
        }
        return send(res, 200, issueTokens(grant));
      }
      if (grantType === 'refresh_token') {
        const old = form.get('refresh_token') ?? '';
        const grant = refreshTokens.get(old);
        if (!grant || grant.issuer !== issuer || grant.resource !== form.get('resource')) {
          recordOf(variant).refreshTokensRejected++;
          return send(res, 400, { error: 'invalid_grant', error_description: 'unknown or reused refresh token' });
        }
        refreshTokens.delete(old); // rotation: a refresh token works once
        return send(res, 200, issueTokens(grant));
      }
      return send(res, 400, { error: 'unsupported_grant_type' });
    }
    if ((match = /^\/control\/([\w-]+)$/.exec(path))) return send(res, 200, recordOf(match[1]!));
    if ((match = /^\/v\/([\w-]+)\/mcp$/.exec(path))) return mcp(match[1]!, req, res);
    if (path === '/') return void res.writeHead(200, { 'content-type': 'text/plain' }).end('oauth fixture\n');
    send(res, 404, { error: 'not_found' });
  }

  function issueTokens(grant: Grant) {
    const ttl = grant.variant === 'short' ? 1 : 3600;
    const access = randomBytes(16).toString('hex');
    accessTokens.set(access, { ...grant, expiresAt: now() + ttl * 1000 });
    const withRefresh = grant.variant === 'offline' ? grant.scope.split(' ').includes('offline_access') : grant.variant !== 'no-refresh';
    const refresh = withRefresh ? randomBytes(16).toString('hex') : undefined;
    if (refresh) refreshTokens.set(refresh, grant);
    return { access_token: access, token_type: 'Bearer', expires_in: ttl, ...(refresh && { refresh_token: refresh }), scope: grant.scope };
  }

  async function mcp(variant: string, req: IncomingMessage, res: ServerResponse) {
    if (req.method !== 'POST') {
      recordOf(variant).mcpRequests.push({ method: `HTTP ${req.method}`, authorized: false, bearer: Boolean(req.headers.authorization) });
      return void res.writeHead(405, CORS).end();
    }
    const message = JSON.parse(await readBody(req)) as { id?: number | string; method: string; params?: { name?: string } };
    const prm = `${origin}/.well-known/oauth-protected-resource/v/${variant}/mcp`;
    const token = accessTokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
    const valid =
      token &&
      token.variant === variant &&
      token.issuer === issuerOf(variant) &&
      token.resource === resourceOf(variant) &&
      token.expiresAt > now();
    recordOf(variant).mcpRequests.push({ method: message.method, authorized: Boolean(valid), bearer: Boolean(req.headers.authorization) });
    if (!valid) {
      res.writeHead(401, {
        ...CORS,
        'content-type': 'application/json',
        'www-authenticate': `Bearer resource_metadata="${prm}", scope="mcp:read"`,
      });
      return void res.end(JSON.stringify({ error: 'invalid_token' }));
    }
    if (message.id === undefined) return void res.writeHead(202, CORS).end();
    if (message.method === 'tools/call' && message.params?.name === 'write-note' && !token.scope.split(' ').includes('mcp:write')) {
      res.writeHead(403, {
        ...CORS,
        'content-type': 'application/json',
        'www-authenticate': `Bearer error="insufficient_scope", scope="mcp:read mcp:write", resource_metadata="${prm}"`,
      });
      return void res.end(JSON.stringify({ error: 'insufficient_scope' }));
    }
    const result =
      message.method === 'initialize'
        ? { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: `oauth-fixture-${variant}`, version: '1.0.0' } }
        : message.method === 'tools/list'
          ? {
              tools: [
                {
                  name: 'echo',
                  description: 'Echoes its text.',
                  inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
                  annotations: { readOnlyHint: true },
                },
                {
                  name: 'write-note',
                  description: 'Needs the mcp:write scope.',
                  inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
                  annotations: { destructiveHint: false },
                },
              ],
            }
          : message.method === 'tools/call'
            ? { content: [{ type: 'text', text: `${message.params?.name}: done with scope ${token.scope}` }] }
            : {};
    send(res, 200, { jsonrpc: '2.0', id: message.id, result });
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  origin = `http://${host}:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    mcpUrl: (variant) => `${origin}/v/${variant}/mcp`,
    issuer: (variant) => issuerOf(variant),
    record: (variant) => recordOf(variant),
    moveAuthorizationServer: (variant) => void moved.add(variant),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { ...CORS, 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(body));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => resolve(text));
    req.on('error', reject);
  });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
