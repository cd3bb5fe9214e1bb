import { describe, expect, it } from 'vitest';
import { readAppResourceMeta } from '../../shared/apps.ts';
import { buildAppDocument } from './app-document.ts';

const none = readAppResourceMeta(undefined).meta.csp;

describe('buildAppDocument', () => {
  it('puts the policy before any of the app, keeping its doctype first', () => {
    const doc = buildAppDocument('<!DOCTYPE html><html><head><script>x()</script></head></html>', none);
    expect(doc.startsWith('<!DOCTYPE html><meta http-equiv="Content-Security-Policy" content="default-src')).toBe(true);
    expect(doc.indexOf('connect-src')).toBeLessThan(doc.indexOf('x()'));
  });

  it('is not fooled by a head tag hidden in a comment', () => {
    const doc = buildAppDocument('<!-- <head> --><script>steal()</script>', none);
    expect(doc.indexOf('Content-Security-Policy')).toBeLessThan(doc.indexOf('<!--'));
  });

  it('escapes the policy for its attribute', () => {
    const doc = buildAppDocument('', readAppResourceMeta({ ui: { csp: { connectDomains: ['https://a.example'] } } }).meta.csp);
    expect(doc).toContain('connect-src https://a.example');
    expect(doc).not.toMatch(/content="[^"]*"[^>]*"/);
  });
});
