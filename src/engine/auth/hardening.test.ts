import { describe, expect, it } from 'vitest';
import { IssuerKeyedCredentials } from './credentials.ts';
import { checkIss } from './iss.ts';
import { checkIssuer } from './remember.ts';
import { canonicalResource, publishedResource } from './resource.ts';

describe('resource indicator', () => {
  it('serializes exactly as published, pathless or not', () => {
    const bare = publishedResource('https://mcp.example:8443');
    expect([bare.href, String(bare), `${bare}`, JSON.stringify(bare)]).toEqual([
      'https://mcp.example:8443',
      'https://mcp.example:8443',
      'https://mcp.example:8443',
      '"https://mcp.example:8443"',
    ]);
    expect(bare.origin).toBe('https://mcp.example:8443'); // still a URL for everything else
    const params = new URLSearchParams();
    params.set('resource', bare.href);
    expect(params.get('resource')).toBe('https://mcp.example:8443');
    expect(publishedResource('https://mcp.example/').href).toBe('https://mcp.example/');
    expect(publishedResource('https://mcp.example/mcp').href).toBe('https://mcp.example/mcp');
  });
  it('derives the server’s canonical URI without a fragment or a lone "/"', () => {
    expect(canonicalResource('https://mcp.example/#x').href).toBe('https://mcp.example');
    expect(canonicalResource('https://mcp.example/mcp#x').href).toBe('https://mcp.example/mcp');
    expect(canonicalResource('https://mcp.example/mcp/').href).toBe('https://mcp.example/mcp/');
  });
});

describe('checkIss (RFC 9207)', () => {
  const issuer = 'https://as.example/tenant';
  it.each([
    [true, issuer, 'ok', 'Issuer check passed'],
    [false, issuer, 'ok', 'Issuer check passed'],
    [false, null, 'info', 'Issuer check: not advertised'],
    [true, null, 'refused', 'Issuer check failed'],
    [true, `${issuer}/`, 'refused', 'Issuer check failed'],
    [false, 'https://AS.example/tenant', 'refused', 'Issuer check failed'],
    [true, 'https://evil.example', 'refused', 'Issuer check failed'],
  ] as const)('advertised=%s, iss=%s → %s', (issParameterSupported, iss, verdict, title) => {
    const check = checkIss({ issuer, issParameterSupported }, iss);
    expect(check).toMatchObject({ verdict, title });
    if (verdict === 'refused') {
      expect(check.message).toMatch(/Nothing was exchanged/);
      if (iss !== null) expect(`${check.detail} ${check.message} ${JSON.stringify(check.facts)}`).not.toContain(iss);
    }
  });
  it('names the kind of difference without repeating the value', () => {
    expect(checkIss({ issuer, issParameterSupported: true }, `${issuer}/`).detail).toMatch(/trailing slash only/);
    expect(checkIss({ issuer, issParameterSupported: true }, 'https://AS.example/tenant').detail).toMatch(/letter case only/);
    expect(checkIss({ issuer, issParameterSupported: true }, 'https://as.example/other').detail).toMatch(/another path/);
    expect(checkIss({ issuer, issParameterSupported: true }, 'https://evil.example').detail).toMatch(/another authorization server/);
  });
  it('has nothing to compare without metadata (a 2025-03-26 server)', () => {
    expect(checkIss({ issParameterSupported: false }, 'https://whatever.example')).toMatchObject({
      verdict: 'info',
      title: 'Issuer check skipped',
    });
  });
});

describe('IssuerKeyedCredentials', () => {
  it('hands a registration and tokens only to the issuer they belong to', () => {
    const credentials = new IssuerKeyedCredentials();
    credentials.saveRegistration({ client_id: 'at-as1' }, 'https://as1.example');
    credentials.saveTokens({ access_token: 'a', token_type: 'Bearer' }, 'https://as1.example');
    expect(credentials.client('https://as1.example', undefined)).toEqual({ client_id: 'at-as1', issuer: 'https://as1.example' });
    expect(credentials.client('https://as2.example', undefined)).toBeUndefined();
    expect(credentials.tokens('https://as2.example')).toBeUndefined();
    expect(credentials.tokens('https://as1.example')?.issuer).toBe('https://as1.example');
    expect(credentials.tokens()?.access_token).toBe('a'); // the bearer for the resource server
  });
  it('binds a pre-registered client to the first issuer and refuses it at another, until other credentials are entered', () => {
    const credentials = new IssuerKeyedCredentials();
    const typed = { clientId: 'pre', clientSecret: 's3cret' };
    expect(credentials.client('https://as1.example', typed)).toEqual({
      client_id: 'pre',
      client_secret: 's3cret',
      issuer: 'https://as1.example',
    });
    expect(() => credentials.client('https://as2.example', typed)).toThrow(
      /“pre” belongs to the authorization server https:\/\/as1\.example.*Enter a client ID registered with https:\/\/as2\.example/,
    );
    expect(credentials.client('https://as2.example', { clientId: 'pre-2' })).toEqual({ client_id: 'pre-2', issuer: 'https://as2.example' });
  });
});

describe('checkIssuer (remembered records)', () => {
  const discovery = {
    authorizationServerUrl: 'https://as1.example/',
    authorizationServerMetadata: { issuer: 'https://as1.example' },
  } as never;
  const withoutDiscovery = {
    key: 'k',
    serverUrl: 'https://mcp.example/mcp',
    savedAt: 1,
    tokens: { access_token: 'a', token_type: 'Bearer' },
  };
  const record = { ...withoutDiscovery, discovery };
  it('takes the recorded issuer, or the discovery’s for a record of an older build', () => {
    expect(checkIssuer({ ...record, issuer: 'https://as1.example' }, undefined)).toEqual({ issuer: 'https://as1.example' });
    expect(checkIssuer(record, 'https://as1.example')).toEqual({ issuer: 'https://as1.example' });
  });
  it('refuses a record that names no issuer, contradicts itself, or belongs to another authorization server', () => {
    expect(checkIssuer(withoutDiscovery, undefined)).toMatchObject({
      problem: expect.stringMatching(/names no authorization server/),
    });
    expect(checkIssuer({ ...record, issuer: 'https://as2.example' }, undefined)).toMatchObject({
      problem: expect.stringMatching(/discovery names https:\/\/as1\.example/),
    });
    expect(checkIssuer({ ...record, tokens: { ...record.tokens, issuer: 'https://as2.example' } }, undefined)).toMatchObject({
      problem: expect.stringMatching(/stamped/),
    });
    expect(checkIssuer(record, 'https://as2.example')).toMatchObject({ problem: expect.stringMatching(/is now https:\/\/as2\.example/) });
  });
});
