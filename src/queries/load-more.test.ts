import { describe, expect, it } from 'vitest';
import { appendBatch } from './load-more.ts';

describe('appendBatch', () => {
  it('appends the next batch and carries its cursor on', () => {
    const sofar = { tools: ['a', 'b'], pages: 20, more: { cursor: 'c20', reason: 'stopped after 20 pages' } };
    const next = { tools: ['c'], pages: 20, more: { cursor: 'c40', reason: 'stopped after 20 pages' } };
    expect(appendBatch(sofar, next, 'tools')).toEqual({ tools: ['a', 'b', 'c'], pages: 40, more: next.more });
    expect(appendBatch(sofar, { tools: [], pages: 1 }, 'tools')).toEqual({ tools: ['a', 'b'], pages: 21 });
  });

  it('keeps at most the bound in all, and then offers no more', () => {
    const sofar = { prompts: [1, 2, 3], pages: 1, skipped: 1, more: { cursor: 'x', reason: 'r' } };
    const merged = appendBatch(sofar, { prompts: [4, 5, 6], pages: 1, skipped: 2, more: { cursor: 'y', reason: 'r' } }, 'prompts', 4);
    expect(merged).toEqual({
      prompts: [1, 2, 3, 4],
      pages: 2,
      skipped: 3,
      more: { cursor: 'y', reason: 'stopped at 4 entries, the most MCP Lens keeps', final: true },
    });
  });
});
