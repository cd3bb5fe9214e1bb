import { describe, expect, it } from 'vitest';
import { followList } from './listing.ts';
import { errorExchange, resultExchange } from '../../test/support/audit-exchanges.ts';

/** A server that answers tools/list pages from a script keyed by cursor. */
const scripted = (pages: Record<string, unknown>) => async (method: string, params?: Record<string, unknown>) => {
  const page = pages[String(params?.cursor ?? '')];
  return page === undefined ? errorExchange(method, -32602, 'Invalid cursor') : resultExchange(method, page, params);
};

describe('followList', () => {
  it('follows cursors to the end and keeps every page', async () => {
    const listing = await followList('tools', scripted({ '': { tools: [{ name: 'a' }], nextCursor: 'x' }, x: { tools: [{ name: 'b' }] } }));
    expect(listing).toMatchObject({ stop: 'end', items: [{ name: 'a' }, { name: 'b' }] });
    expect(listing.pages.map((p) => p.params)).toEqual([{}, { cursor: 'x' }]);
  });

  it('stops at a cursor seen before, at the bound, and at an error', async () => {
    const loop = await followList('tools', scripted({ '': { tools: [], nextCursor: 'x' }, x: { tools: [], nextCursor: 'x' } }));
    expect(loop).toMatchObject({ stop: 'loop', repeatedCursor: 'x' });
    let n = 0;
    const endless = await followList('tools', async (method) => resultExchange(method, { tools: [], nextCursor: `c${++n}` }), 5);
    expect(endless.stop).toBe('bound');
    expect(endless.pages).toHaveLength(5);
    const broken = await followList('tools', scripted({ '': { tools: [], nextCursor: 'gone' } }));
    expect(broken).toMatchObject({ stop: 'error' });
    expect(broken.pages).toHaveLength(2);
  });
});
