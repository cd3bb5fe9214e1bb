import { describe, expect, it } from 'vitest';
import { appCspPolicy, isAppMimeType, readAppResourceMeta, readToolUi } from './apps.ts';

describe('readAppResourceMeta', () => {
  it('keeps host sources and drops anything that could widen the policy', () => {
    const { meta, dropped } = readAppResourceMeta({
      ui: {
        csp: {
          connectDomains: ['https://api.example.com/', "'unsafe-eval'", '*', 'https://x.com; script-src *'],
          resourceDomains: ['https://*.cdn.example.com', 'javascript:alert(1)'],
        },
        permissions: { camera: {}, toString: {} },
        prefersBorder: false,
      },
    });
    expect(meta.csp).toEqual({
      connectDomains: ['https://api.example.com'],
      resourceDomains: ['https://*.cdn.example.com'],
      frameDomains: [],
      baseUriDomains: [],
    });
    expect(dropped).toEqual(["'unsafe-eval'", '*', 'https://x.com; script-src *', 'javascript:alert(1)']);
    expect(meta.permissions).toEqual(['camera']);
    expect(meta.prefersBorder).toBe(false);
  });
});

describe('appCspPolicy', () => {
  it('allows no network at all when nothing is declared', () => {
    const policy = appCspPolicy(readAppResourceMeta(undefined).meta.csp);
    expect(policy).toContain("connect-src 'none'");
    expect(policy).toContain("script-src 'unsafe-inline' blob: data:;");
    expect(policy).not.toMatch(/https?:/);
  });

  it('adds declared domains to the directives they map to', () => {
    const { meta } = readAppResourceMeta({
      ui: { csp: { connectDomains: ['wss://live.example.com'], resourceDomains: ['https://cdn.example.com'] } },
    });
    const policy = appCspPolicy(meta.csp);
    expect(policy).toContain('connect-src wss://live.example.com');
    expect(policy).toContain('img-src blob: data: https://cdn.example.com');
  });
});

describe('readToolUi', () => {
  it('reads the nested and the flat form, and only ui:// URIs', () => {
    expect(readToolUi({ ui: { resourceUri: 'ui://a/b.html', visibility: ['app', 'other'] } })).toEqual({
      resourceUri: 'ui://a/b.html',
      visibility: ['app'],
    });
    expect(readToolUi({ 'ui/resourceUri': 'ui://a/c.html' })?.resourceUri).toBe('ui://a/c.html');
    expect(readToolUi({ ui: { resourceUri: 'https://evil.example/app.html' } })).toBeUndefined();
  });
});

describe('isAppMimeType', () => {
  it('matches the profile parameter however it is spaced', () => {
    expect(isAppMimeType('text/html; profile=mcp-app')).toBe(true);
    expect(isAppMimeType('text/html')).toBe(false);
  });
});
