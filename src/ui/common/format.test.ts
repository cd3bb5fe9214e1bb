import { describe, expect, it } from 'vitest';
import { formatDuration, formatSpan } from './format.ts';

describe('spans and durations', () => {
  it('reads seconds up to two minutes, then minutes, hours and days', () => {
    expect(formatSpan(59_001)).toBe('60 s');
    expect(formatSpan(119_000)).toBe('119 s');
    expect(formatSpan(125_000)).toBe('2 min');
    expect(formatSpan(3_600_000)).toBe('1 h');
    // The cap on a list marked fresh for 285,000 years read "fresh for 86396 s".
    expect(formatSpan(86_396_000)).toBe('23 h 59 min');
    expect(formatSpan(3 * 86_400_000 + 5 * 3_600_000)).toBe('3 d 5 h');
    expect(formatSpan(-5)).toBe('0 s');
  });

  it('keeps a call time precise while it is short, and readable when it is long', () => {
    expect(formatDuration(412.4)).toBe('412 ms');
    expect(formatDuration(1_234)).toBe('1.23 s');
    expect(formatDuration(75_300)).toBe('75.3 s');
    expect(formatDuration(7_200_000)).toBe('2 h');
    expect(formatDuration(Number.NaN)).toBe('');
  });
});
