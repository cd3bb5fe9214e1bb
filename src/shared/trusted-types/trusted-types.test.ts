import { describe, expect, it } from 'vitest';
import { installTrustedTypes, isAllowedScriptUrl } from './trusted-types.ts';

describe('trusted types default policy', () => {
  const origin = 'https://lens.example';
  it('lets through only same-origin .js worker scripts', () => {
    expect(isAllowedScriptUrl('https://lens.example/inspector/assets/worker-abc.js', origin)).toBe(true);
    expect(isAllowedScriptUrl('https://evil.example/worker.js', origin)).toBe(false);
    expect(isAllowedScriptUrl('data:text/javascript,alert(1)', origin)).toBe(false);
    expect(isAllowedScriptUrl('blob:https://lens.example/1234', origin)).toBe(false);
    expect(isAllowedScriptUrl('https://lens.example/api?callback=x', origin)).toBe(false);
  });

  it('allows the Function constructor (Ajv) but not eval, and defines nothing for HTML', () => {
    let rules: Record<string, (input: string, type?: string, sink?: string) => string | null> = {};
    installTrustedTypes({ trustedTypes: { createPolicy: (_name, r) => (rules = r) }, location: { origin } });
    expect(rules.createScript?.('return 1', 'TrustedScript', 'Function')).toBe('return 1');
    expect(rules.createScript?.('alert(1)', 'TrustedScript', 'eval')).toBeNull();
    expect(rules.createHTML).toBeUndefined();
  });
});
