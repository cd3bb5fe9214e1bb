import { describe, expect, it } from 'vitest';

import { isOriginAllowed, parseAllowedOrigin } from './origin.ts';

describe('origin policy', () => {
  const allowed = new Set([parseAllowedOrigin('https://lens.example.com/')]);

  it('lets programs (no Origin) and this machine’s pages through, on any port', () => {
    for (const origin of [null, '', 'http://127.0.0.1:5173', 'http://localhost', 'https://localhost:8443', 'http://[::1]:3000']) {
      expect(isOriginAllowed(origin, allowed), String(origin)).toBe(true);
    }
  });

  it('lets origins given with --allow-origin through, exactly', () => {
    expect(isOriginAllowed('https://lens.example.com', allowed)).toBe(true);
    expect(isOriginAllowed('http://lens.example.com', allowed)).toBe(false);
    expect(isOriginAllowed('https://lens.example.com:8443', allowed)).toBe(false);
  });

  it('refuses everything else, including what is not an origin at all', () => {
    for (const origin of [
      'https://evil.example',
      'null',
      'http://127.0.0.1.evil.example',
      'http://localhost.evil.example',
      'file://',
      'http://127.0.0.1:5173/path',
      'not a url',
    ]) {
      expect(isOriginAllowed(origin, allowed), origin).toBe(false);
    }
  });

  it('normalises --allow-origin values and says what to pass instead of a bad one', () => {
    expect(parseAllowedOrigin('HTTPS://Lens.Example.com:443')).toBe('https://lens.example.com');
    expect(() => parseAllowedOrigin('lens.example.com')).toThrow(/not an origin.*scheme:\/\/host/);
    expect(() => parseAllowedOrigin('https://lens.example.com/app/')).toThrow('Pass just https://lens.example.com');
    expect(() => parseAllowedOrigin('ftp://lens.example.com')).toThrow(/not an http\(s\) origin/);
  });
});
