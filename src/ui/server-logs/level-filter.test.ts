import { describe, expect, it } from 'vitest';
import { atLeast, levelRank } from './level-filter.ts';

describe('log level filter', () => {
  it('orders the eight RFC 5424 levels and keeps unknown levels visible', () => {
    expect(levelRank('debug')).toBeLessThan(levelRank('emergency'));
    expect(atLeast('warning', 'warning')).toBe(true);
    expect(atLeast('info', 'warning')).toBe(false);
    expect(atLeast('shouting', 'emergency')).toBe(true);
  });
});
