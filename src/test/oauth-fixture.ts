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
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const OAUTH_VARIANTS = ['ok', 'no-s256', 'js-endpoint', 'short', 'step-up', 'consent'] as const;
export type OAuthVariant = (typeof OAUTH_VARIANTS)[number];

interface Grant {
  variant: string;
  scope: string;
  resource: string | null;
}

export interface VariantRecord {
  authorizations: Array<{ scope: string | null; resource: string | null; state: string | null; codeChallengeMethod: string | null }>;
  tokenRequests: Array<{ grantType: string | null; resource: string | null }>;
  mcpRequests: Array<{ method: string; authorized: boolean; bearer: boolean }>;
  refreshTokensRejected: number;
}

export interface OAuthFixture {
  origin: string;
  mcpUrl(variant: OAuthVariant): string;
  record(variant: OAuthVariant): VariantRecord;
  close(): Promise<void>;
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': '*',
  'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
  'access-control-expose-headers': 'WWW-Authenticate, Mcp-Session-Id',
};

export async function startOAuthFixture(options: { port?: number; host?: string } = {}): Promise<OAuthFixture> {
  const host = options.host ?? '127.0.0.1';
  const codes = new Map<string, Grant & { challenge: string; redirectUri: string }>();
  const accessTokens = new Map<string, Grant & { expiresAt: number }>();
  const refreshTokens = new Map<string, Grant>();
  const records = new Map<string, VariantRecord>();
  const recordOf = (variant: string) => {
    let record = records.get(variant);
    if (!record) records.set(variant, (record = { authorizations: [], tokenRequests: [], mcpRequests: [], refreshTokensRejected: 0 }));
    return record;
  };
  let origin = '';

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
        resource: `${origin}/v/${variant}/mcp`,
        authorization_servers: [`${origin}/as/${variant}`],
        scopes_supported: ['mcp:read', ...(variant === 'step-up' ? ['mcp:write'] : [])],
      });
    }
    if ((match = /^\/\.well-known\/oauth-authorization-server\/as\/([\w-]+)$/.exec(path))) {
      const variant = match[1]!;
      const issuer = `${origin}/as/${variant}`;
      return send(res, 200, {
        issuer,
        authorization_endpoint: variant === 'js-endpoint' ? 'javascript:alert(document.domain)//' : `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        registration_endpoint: `${issuer}/register`,
        response_types_supported: ['code'],
        grant_types_supported: ['authorization_code', 'refresh_token'],
        token_endpoint_auth_methods_supported: ['none'],
        ...(variant !== 'no-s256' && { code_challenge_methods_supported: ['S256'] }),
      });
    }
    if (/^\/as\/([\w-]+)\/register$/.test(path) && req.method === 'POST') {
      const body = JSON.parse(await readBody(req)) as Record<string, unknown>;
      return send(res, 201, { ...body, client_id: `client-${randomBytes(6).toString('hex')}`, token_endpoint_auth_method: 'none' });
    }
    if ((match = /^\/as\/([\w-]+)\/authorize$/.exec(path))) {
      const variant = match[1]!;
      const p = url.searchParams;
      recordOf(variant).authorizations.push({ scope: p.get('scope'), resource: p.get('resource'), state: p.get('state'), codeChallengeMethod: p.get('code_challenge_method') });
      const code = randomBytes(16).toString('hex');
      const redirectUri = p.get('redirect_uri') ?? '';
      codes.set(code, { variant, scope: p.get('scope') ?? '', resource: p.get('resource'), challenge: p.get('code_challenge') ?? '', redirectUri });
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      if (p.get('state') !== null) back.searchParams.set('state', p.get('state')!);
      back.searchParams.set('iss', `${origin}/as/${variant}`);
      if (variant === 'consent' && req.method === 'GET' && p.get('approved') !== '1') {
        // A page a person approves on (the e2e uses it to exercise the popup); plain HTML, our own strings.
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return void res.end(`<!doctype html><title>Mock consent</title><h1>Mock consent</h1><a href="${escapeHtml(back.href)}">Approve</a>`);
      }
      return void res.writeHead(302, { location: back.href }).end();
    }
    if ((match = /^\/as\/([\w-]+)\/token$/.exec(path)) && req.method === 'POST') {
      const variant = match[1]!;
      const form = new URLSearchParams(await readBody(req));
      const grantType = form.get('grant_type');
      recordOf(variant).tokenRequests.push({ grantType, resource: form.get('resource') });
      if (grantType === 'authorization_code') {
        const grant = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        const verifier = form.get('code_verifier') ?? '';
        const challenge = createHash('sha256').update(verifier).digest('base64url');
        if (!grant || grant.challenge !== challenge || grant.redirectUri !== form.get('redirect_uri') || grant.resource !== form.get('resource')) {
          return send(res, 400, { error: 'invalid_grant', error_description: 'code, verifier, redirect_uri or resource does not match' });
        }
        return send(res, 200, issueTokens(grant));
      }
      if (grantType === 'refresh_token') {
        const old = form.get('refresh_token') ?? '';
        const grant = refreshTokens.get(old);
        if (!grant || grant.resource !== form.get('resource')) {
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
    const refresh = randomBytes(16).toString('hex');
    accessTokens.set(access, { ...grant, expiresAt: Date.now() + ttl * 1000 });
    refreshTokens.set(refresh, grant);
    return { access_token: access, token_type: 'Bearer', expires_in: ttl, refresh_token: refresh, scope: grant.scope };
  }

  async function mcp(variant: string, req: IncomingMessage, res: ServerResponse) {
    if (req.method !== 'POST') {
      recordOf(variant).mcpRequests.push({ method: `HTTP ${req.method}`, authorized: false, bearer: Boolean(req.headers.authorization) });
      return void res.writeHead(405, CORS).end();
    }
    const message = JSON.parse(await readBody(req)) as { id?: number | string; method: string; params?: { name?: string } };
    const resource = `${origin}/v/${variant}/mcp`;
    const prm = `${origin}/.well-known/oauth-protected-resource/v/${variant}/mcp`;
    const token = accessTokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
    const valid = token && token.variant === variant && token.resource === resource && token.expiresAt > Date.now();
    recordOf(variant).mcpRequests.push({ method: message.method, authorized: Boolean(valid), bearer: Boolean(req.headers.authorization) });
    if (!valid) {
      res.writeHead(401, { ...CORS, 'content-type': 'application/json', 'www-authenticate': `Bearer resource_metadata="${prm}", scope="mcp:read"` });
      return void res.end(JSON.stringify({ error: 'invalid_token' }));
    }
    if (message.id === undefined) return void res.writeHead(202, CORS).end();
    if (message.method === 'tools/call' && message.params?.name === 'write-note' && !token.scope.split(' ').includes('mcp:write')) {
      res.writeHead(403, { ...CORS, 'content-type': 'application/json', 'www-authenticate': `Bearer error="insufficient_scope", scope="mcp:read mcp:write", resource_metadata="${prm}"` });
      return void res.end(JSON.stringify({ error: 'insufficient_scope' }));
    }
    const result =
      message.method === 'initialize'
        ? { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: `oauth-fixture-${variant}`, version: '1.0.0' } }
        : message.method === 'tools/list'
          ? {
              tools: [
                { name: 'echo', description: 'Echoes its text.', inputSchema: { type: 'object', properties: { text: { type: 'string' } } }, annotations: { readOnlyHint: true } },
                { name: 'write-note', description: 'Needs the mcp:write scope.', inputSchema: { type: 'object', properties: { text: { type: 'string' } } }, annotations: { destructiveHint: false } },
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
    record: (variant) => recordOf(variant),
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
