import { describe, expect, it } from 'vitest';
import { fitTabs } from './fit-tabs.ts';

// Five tabs of 100 px; the menu's button is 60 px.
const widths = [100, 100, 100, 100, 100];

describe('fitTabs (the feature tab bar: one row, the rest in "More")', () => {
  it('shows every tab and offers no menu when they all fit, a fractional pixel over included', () => {
    expect(fitTabs(widths, 500, 60, 0)).toEqual({ shown: [0, 1, 2, 3, 4], overflow: [] });
    expect(fitTabs([100.2, 100.2, 100.2, 100.2, 100.2], 500.6, 60, 4).overflow).toEqual([]);
  });

  it('keeps room for the menu button and moves the last tabs into the menu, in order', () => {
    expect(fitTabs(widths, 420, 60, 0)).toEqual({ shown: [0, 1, 2], overflow: [3, 4] });
  });

  it('shows the active tab even when it would be in the menu, in place of the last one that fit', () => {
    expect(fitTabs(widths, 420, 60, 4)).toEqual({ shown: [0, 1, 4], overflow: [2, 3] });
    expect(fitTabs(widths, 420, 60, 1)).toEqual({ shown: [0, 1, 2], overflow: [3, 4] });
  });

  it('shows the active tab alone beside the menu when the row is narrower than two tabs', () => {
    expect(fitTabs(widths, 120, 60, 3)).toEqual({ shown: [3], overflow: [0, 1, 2, 4] });
    expect(fitTabs(widths, 0, 60, 0)).toEqual({ shown: [0], overflow: [1, 2, 3, 4] });
  });

  it('shows every tab before anything is measured (a test DOM measures zeros)', () => {
    expect(fitTabs([0, 0, 0], 0, 0, 2)).toEqual({ shown: [0, 1, 2], overflow: [] });
  });
});
