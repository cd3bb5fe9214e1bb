import { describe, expect, it } from 'vitest';
import { probedOf } from '../../../test/support/audit-exchanges.ts';
import { judgeCors, judgeDnsRebinding, type CorsNeeds } from './origins.ts';

describe('judgeDnsRebinding', () => {
  it('passes a refused foreign Host and a served local one', () => {
    expect(judgeDnsRebinding(probedOf('forged', 403), probedOf('local', 200), probedOf('initialized', 202))).toEqual([
      expect.objectContaining({ verdict: 'pass' }),
    ]);
  });

  it('fails a served foreign Host, and a refused local one', () => {
    expect(judgeDnsRebinding(probedOf('forged', 200), probedOf('local', 200))[0]).toMatchObject({
      verdict: 'fail',
      text: expect.stringMatching(/DNS rebinding/),
    });
    expect(judgeDnsRebinding(probedOf('forged', 403), probedOf('local', 403)).map((f) => f.verdict)).toEqual(['pass', 'fail']);
  });
});

describe('judgeCors', () => {
  const needs: CorsNeeds = {
    origin: 'http://127.0.0.1:5173',
    requestHeaders: ['Content-Type', 'Mcp-Method'],
    methods: ['DELETE'],
    exposeHeaders: ['Mcp-Session-Id'],
  };
  const preflight = (headers: Record<string, string>) => probedOf('preflight', 204, { headers });
  const post = probedOf('post', 200, {
    headers: { 'access-control-allow-origin': '*', 'access-control-expose-headers': 'Mcp-Session-Id' },
  });

  it("passes a preflight that allows the era's headers and methods", () => {
    const full = preflight({
      'access-control-allow-origin': '*',
      'access-control-allow-headers': 'content-type, mcp-method',
      'access-control-allow-methods': 'POST, DELETE',
    });
    expect(judgeCors(full, post, needs).findings.map((f) => f.verdict)).toEqual(['pass']);
  });

  it('warns for each header, method or exposed header a page would miss', () => {
    const partial = preflight({
      'access-control-allow-origin': '*',
      'access-control-allow-headers': 'Content-Type',
      'access-control-allow-methods': 'POST',
    });
    const { findings } = judgeCors(partial, probedOf('post', 200, { headers: { 'access-control-allow-origin': '*' } }), needs);
    expect(findings.map((f) => f.text)).toEqual([
      expect.stringMatching(/does not allow Mcp-Method/),
      expect.stringMatching(/method DELETE/),
      expect.stringMatching(/do not expose Mcp-Session-Id/),
    ]);
  });

  it('does not apply when the server lets no page from that origin in', () => {
    expect(judgeCors(preflight({}), post, needs).notApplicable).toMatch(/relay/);
  });
});
