import { describe, expect, it } from 'vitest';
import { checkDiscovery } from './provider.ts';
import { AuthRefusal } from './refusal.ts';
import { maskBody } from './recorder.ts';
import { checkCallback } from './describe.ts';

const metadata = (extra: Record<string, unknown>) => ({
  authorizationServerUrl: 'https://as.example',
  authorizationServerMetadata: {
    issuer: 'https://as.example',
    authorization_endpoint: 'https://as.example/authorize',
    token_endpoint: 'https://as.example/token',
    response_types_supported: ['code'],
    code_challenge_methods_supported: ['S256'],
    ...extra,
  },
});

describe('checkDiscovery', () => {
  it('accepts https endpoints with S256', () => {
    expect(() => checkDiscovery(metadata({}) as never)).not.toThrow();
  });
  it.each([
    ['javascript:alert(1)', /javascript/],
    ['data:text/html,<script>alert(1)</script>', /data/],
    ['http://10.0.0.5/authorize', /loopback/],
  ])('refuses the authorization endpoint %s', (endpoint, reason) => {
    expect(() => checkDiscovery(metadata({ authorization_endpoint: endpoint }) as never)).toThrow(reason);
  });
  it('refuses metadata without S256, or with plain only', () => {
    expect(() => checkDiscovery(metadata({ code_challenge_methods_supported: undefined }) as never)).toThrow(AuthRefusal);
    expect(() => checkDiscovery(metadata({ code_challenge_methods_supported: ['plain'] }) as never)).toThrow(/S256/);
  });
  it('lets a 2025-03-26 server with no metadata use the default endpoints (PKCE S256 all the same)', () => {
    expect(() => checkDiscovery({ authorizationServerUrl: 'http://localhost:1' })).not.toThrow();
  });
  it('refuses an authorization server in resource metadata that is not https', () => {
    expect(() =>
      checkDiscovery({
        authorizationServerUrl: 'https://as.example',
        resourceMetadata: { resource: 'https://mcp.example', authorization_servers: ['ftp://as.example'] },
      }),
    ).toThrow(/ftp/);
  });
});

describe('checkCallback', () => {
  const pending = { url: 'https://as.example/authorize', state: 'a'.repeat(32), createdAt: 1_000 };
  it('accepts the matching state', () => {
    expect(checkCallback(pending, `https://app.example/cb?code=x&state=${'a'.repeat(32)}`, 2_000).get('code')).toBe('x');
  });
  it('refuses a missing, wrong or expired state', () => {
    expect(() => checkCallback(pending, 'https://app.example/cb?code=x', 2_000)).toThrow(/state/);
    expect(() => checkCallback(pending, `https://app.example/cb?code=x&state=${'b'.repeat(32)}`, 2_000)).toThrow(/state/);
    expect(() => checkCallback(pending, `https://app.example/cb?code=x&state=${'a'.repeat(32)}`, 1_000 + 11 * 60_000)).toThrow(/expired/);
  });
});

describe('maskBody', () => {
  it('masks secrets in forms and JSON, keeps the rest', () => {
    expect(maskBody('grant_type=authorization_code&code=abc&code_verifier=xyz123&resource=https://m.example/mcp')).toBe(
      'grant_type=authorization_code&code=•••• (3 chars)&code_verifier=•••• (6 chars)&resource=https://m.example/mcp',
    );
    expect(JSON.parse(maskBody('{"access_token":"secret","token_type":"Bearer","expires_in":3600}'))).toEqual({
      access_token: '•••• (6 chars)',
      token_type: 'Bearer',
      expires_in: 3600,
    });
  });
});
