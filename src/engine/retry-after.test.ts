import { describe, expect, it } from 'vitest';

import { retryAfterMs } from './era.ts';

const NOW = Date.UTC(2026, 11, 7, 6, 0, 0);

describe('retryAfterMs (a 429 to the era probe)', () => {
  it('reads delay-seconds', () => {
    expect(retryAfterMs('2', NOW)).toBe(2000);
    expect(retryAfterMs(' 0 ', NOW)).toBe(0);
  });

  it('reads an HTTP date as the time left until it, never negative', () => {
    expect(retryAfterMs('Mon, 07 Dec 2026 06:00:03 GMT', NOW)).toBe(3000);
    expect(retryAfterMs('Mon, 07 Dec 2026 05:59:00 GMT', NOW)).toBe(0);
  });

  it('has no answer for a missing or unreadable header', () => {
    expect(retryAfterMs(null, NOW)).toBeUndefined();
    expect(retryAfterMs('', NOW)).toBeUndefined();
    expect(retryAfterMs('soon', NOW)).toBeUndefined();
    expect(retryAfterMs('-5', NOW)).toBeUndefined();
  });
});
