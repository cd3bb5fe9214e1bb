import { describe, expect, it } from 'vitest';
import { judgeCacheHints } from './cache-hints.ts';

const hinted = (method: string, hints: Record<string, unknown>, label = method) => ({
  label,
  method,
  result: { resultType: 'complete', ...hints },
});
const texts = (results: Parameters<typeof judgeCacheHints>[0]) => judgeCacheHints(results).map((f) => `${f.verdict}: ${f.text}`);

describe('judgeCacheHints', () => {
  it('passes whole, non-negative ttlMs with a known scope on every result', () => {
    expect(
      texts([
        hinted('tools/list', { ttlMs: 0, cacheScope: 'public' }),
        hinted('server/discover', { ttlMs: 60_000, cacheScope: 'private' }),
      ]),
    ).toEqual(['pass: 2 cacheable results carry a whole, non-negative ttlMs and a cacheScope of "public" or "private".']);
  });

  it('fails missing, negative, fractional and unknown hints', () => {
    expect(texts([hinted('tools/list', {})])).toEqual([
      'fail: tools/list has no ttlMs; MCP 2026-07-28 requires caching hints on it.',
      'fail: tools/list has no cacheScope; MCP 2026-07-28 requires "public" or "private".',
    ]);
    expect(texts([hinted('prompts/list', { ttlMs: -5, cacheScope: 'shared' })])).toEqual([
      'fail: prompts/list has ttlMs -5; servers must send a value ≥ 0.',
      'fail: prompts/list has cacheScope "shared", not "public" or "private".',
    ]);
    expect(texts([hinted('resources/read', { ttlMs: 1.5, cacheScope: 'public' })])[0]).toMatch(/ttlMs 1.5, not a whole number/);
  });

  it('fails pages of one list with different scopes, warns on a ttl over a day, and skips input_required results', () => {
    const pages = [
      hinted('tools/list', { ttlMs: 1, cacheScope: 'public' }, 'page 1'),
      hinted('tools/list', { ttlMs: 1, cacheScope: 'private' }, 'page 2'),
    ];
    expect(texts(pages)).toEqual([
      'fail: The pages of tools/list carry different cacheScope values; every page of one list must have the same.',
    ]);
    expect(texts([hinted('tools/list', { ttlMs: 2 * 86_400_000, cacheScope: 'public' })])[0]).toMatch(/^warning: .*over a day/);
    expect(texts([{ label: 'resources/read', method: 'resources/read', result: { resultType: 'input_required' } }])).toEqual([]);
  });
});
