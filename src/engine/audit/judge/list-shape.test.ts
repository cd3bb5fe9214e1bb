import { describe, expect, it } from 'vitest';
import type { Listing } from '../listing.ts';
import { errorExchange, resultExchange } from '../../../test/support/audit-exchanges.ts';
import { judgeListing } from './list-shape.ts';

const tool = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  description: `${name} does things`,
  inputSchema: { type: 'object' },
  ...extra,
});

function toolsListing(pages: unknown[][], stop: Listing['stop'] = 'end', extra: Record<string, unknown> = {}): Listing {
  return {
    kind: 'tools',
    pages: pages.map((tools, index) =>
      resultExchange('tools/list', { tools, ...(index < pages.length - 1 && { nextCursor: `c${index}` }), ...extra }),
    ),
    items: pages.flat(),
    stop,
  };
}

const worst = (listing: Listing, era: 'legacy' | 'modern' = 'legacy') => {
  const findings = judgeListing(listing, era);
  return findings.find((f) => f.verdict === 'fail') ?? findings.find((f) => f.verdict === 'warning') ?? findings[0];
};

describe('judgeListing', () => {
  it('passes a list whose entries carry the required fields and whose pages end', () => {
    expect(worst(toolsListing([[tool('a')], [tool('b')]]))).toEqual({
      verdict: 'pass',
      text: '2 tools on 2 pages, each with the required fields; the list ends.',
    });
  });

  it('fails a page that is an error, and entries without their required strings', () => {
    const failed: Listing = {
      kind: 'prompts',
      pages: [errorExchange('prompts/list', -32601, 'Method not found')],
      items: [],
      stop: 'error',
    };
    expect(worst(failed)).toMatchObject({ verdict: 'fail', text: expect.stringContaining('-32601 "Method not found"') });
    const resources: Listing = {
      kind: 'resources',
      pages: [resultExchange('resources/list', { resources: [{ uri: 'a://1' }, 'x'] })],
      items: [{ uri: 'a://1' }, 'x'],
      stop: 'end',
    };
    const texts = judgeListing(resources, 'legacy').map((f) => f.text);
    expect(texts).toContain('1 resource without a "name" string: #1.');
    expect(texts).toContain('1 entry are not objects: #2.');
  });

  it('warns on duplicates, a missing description and an odd tool name (SHOULDs)', () => {
    const findings = judgeListing(toolsListing([[tool('a'), tool('a'), tool('has space'), { name: 'bare', inputSchema: {} }]]), 'legacy');
    expect(findings.filter((f) => f.verdict === 'warning').map((f) => f.text)).toEqual([
      '1 name appears more than once ("a"); each tool should have its own.',
      '1 tool without a description (#4): a model cannot tell what it is for.',
      '1 tool name outside 1–128 characters of A–Z, a–z, 0–9, "_", "-", ".": "has space".',
    ]);
  });

  it('fails a cursor loop and a list that repeats itself up to the bound; warns on one that keeps growing', () => {
    const loop = { ...toolsListing([[tool('a')], [tool('b')]], 'loop'), repeatedCursor: 'c0' };
    expect(worst(loop)?.text).toMatch(/sent the cursor "c0" again on page 2/);
    const same = toolsListing(
      Array.from({ length: 4 }, () => [tool('a')]),
      'bound',
    );
    expect(worst(same)).toMatchObject({ verdict: 'fail', text: expect.stringMatching(/repeat the same 1 tool: the list never ends/) });
    const growing = toolsListing(
      Array.from({ length: 4 }, (_, i) => [tool(`t${i}`)]),
      'bound',
    );
    expect(worst(growing)).toMatchObject({ verdict: 'warning', text: expect.stringMatching(/still had a nextCursor after 4 pages/) });
  });

  it('fails a nextCursor that is not a string, and a 2026-07-28 result without resultType', () => {
    expect(worst(toolsListing([[tool('a')]], 'end', { nextCursor: 7 }))?.text).toMatch(/nextCursor is 7, not a string/);
    expect(worst(toolsListing([[tool('a')]]), 'modern')?.text).toMatch(/no resultType/);
    const hints = { ttlMs: 60_000, cacheScope: 'public' };
    expect(worst(toolsListing([[tool('a')]], 'end', { resultType: 'complete', ...hints }), 'modern')?.verdict).toBe('pass');
  });

  it('fails a 2026-07-28 page without ttlMs or cacheScope, which the schema requires beside resultType', () => {
    const noTtl = judgeListing(toolsListing([[tool('a')]], 'end', { resultType: 'complete', cacheScope: 'public' }), 'modern');
    expect(noTtl.filter((f) => f.verdict === 'fail').map((f) => f.text)).toEqual([
      'The tools/list result has no ttlMs; MCP 2026-07-28 requires caching hints on it.',
    ]);
    const noScope = judgeListing(toolsListing([[tool('a')]], 'end', { resultType: 'complete', ttlMs: 0 }), 'modern');
    expect(noScope.filter((f) => f.verdict === 'fail').map((f) => f.text)).toEqual([
      'The tools/list result has no cacheScope; MCP 2026-07-28 requires "public" or "private".',
    ]);
    // The 2025 era has no caching hints.
    expect(worst(toolsListing([[tool('a')]]))?.verdict).toBe('pass');
  });

  it('checks entries against the schema, formats included: a resource uri needs a scheme', () => {
    const resources = (items: unknown[]): Listing => ({
      kind: 'resources',
      pages: [resultExchange('resources/list', { resources: items })],
      items,
      stop: 'end',
    });
    expect(worst(resources([{ uri: 'file:///readme', name: 'readme', size: 12 }]))?.verdict).toBe('pass');
    expect(worst(resources([{ uri: 'test://static/a%20b', name: 'a' }]))?.verdict).toBe('pass');
    expect(
      worst(
        resources([
          { uri: 'file:///a', name: 'a' },
          { uri: 'readme', name: 'readme' },
        ]),
      ),
    ).toMatchObject({
      verdict: 'fail',
      text: '1 resource whose "uri" is not a URI with a scheme (format "uri") (#2; the first is "readme").',
    });
    expect(worst(resources([{ uri: 'file:///a b', name: 'a' }]))?.verdict).toBe('fail');
    expect(worst(resources([{ uri: 'file:///a', name: 'a', size: '12' }]))?.text).toMatch(/"size" is not a whole number of bytes/);
    expect(worst(resources([{ uri: 'file:///a', name: 'a', annotations: { priority: 2 } }]))?.text).toMatch(/"annotations" is not/);
    const templates = (uriTemplate: string): Listing => ({
      kind: 'resourceTemplates',
      pages: [resultExchange('resources/templates/list', { resourceTemplates: [{ uriTemplate, name: 't' }] })],
      items: [{ uriTemplate, name: 't' }],
      stop: 'end',
    });
    expect(worst(templates('test://template/{id}/data'))?.verdict).toBe('pass');
    expect(worst(templates('test://template/{id/data'))?.text).toMatch(/"uriTemplate" is not a URI template/);
    expect(worst(toolsListing([[tool('a', { annotations: 'read-only' })]]))?.text).toMatch(/"annotations" is not an object/);
  });
});
