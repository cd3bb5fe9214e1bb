import { describe, expect, it } from 'vitest';
import { createListCache } from './list-cache.ts';

const request = {};
const hints = { ttlMs: 60_000 };

describe('createListCache.observe', () => {
  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])('ignores a notification whose method is %s', async (method) => {
    const cache = createListCache(() => 0);
    let loads = 0;
    const load = async () => ({ value: { n: ++loads }, hints: { ...hints } });
    await cache.serve('tools/list', request, load);
    expect(() => cache.observe(method)).not.toThrow();
    expect((await cache.serve('tools/list', request, load)).n).toBe(1);
    cache.observe('notifications/tools/list_changed');
    expect((await cache.serve('tools/list', request, load)).n).toBe(2);
  });
});
