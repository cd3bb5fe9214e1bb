import { describe, expect, it } from 'vitest';
import { pathAsWritten } from './path-as-written.ts';

describe('pathAsWritten', () => {
  it('keeps the mask readable and every other byte as captured', () => {
    expect(pathAsWritten('http://127.0.0.1:3001/mcp?api_key=••••&x=1')).toBe('/mcp?api_key=••••&x=1');
    expect(pathAsWritten('https://example.com/a%20b?q=%2F')).toBe('/a%20b?q=%2F');
  });

  it('gives a bare origin its root, and text that is no URL back whole', () => {
    expect(pathAsWritten('https://example.com')).toBe('/');
    expect(pathAsWritten('https://example.com?x=1')).toBe('/?x=1');
    expect(pathAsWritten('not a url')).toBe('not a url');
  });
});
