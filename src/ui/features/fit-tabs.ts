/**
 * Which feature tabs the bar shows in its one row and which go to its "More" menu: the first ones that fit, in
 * order, with room kept for the menu's button, and the active tab always among those shown (in place of the
 * last ones that fit, so the row keeps the features' order). Pure, so the rule is tested without a browser.
 */
export interface TabFit {
  /** Indexes of the tabs in the row, in order. */
  shown: readonly number[];
  /** Indexes of the tabs in the menu, in order; empty when every tab fits and the menu is not offered. */
  overflow: readonly number[];
}

/**
 * `widths` are the tabs' natural widths, `available` the row's width, `moreWidth` the menu button's; all in
 * CSS pixels. Nothing measured yet (zeros, as under jsdom) shows every tab.
 */
export function fitTabs(widths: readonly number[], available: number, moreWidth: number, active: number): TabFit {
  const all = widths.map((_, index) => index);
  // Half a pixel of slack: measured widths are fractional and their sum rounds either way.
  const room = available + 0.5;
  if (sum(widths) <= room) return { shown: all, overflow: [] };
  const shown: number[] = [];
  let used = moreWidth + (widths[active] ?? 0);
  for (const index of all) {
    if (index === active) continue;
    if (used + widths[index]! > room) break;
    shown.push(index);
    used += widths[index]!;
  }
  shown.push(active);
  shown.sort((a, b) => a - b);
  return { shown, overflow: all.filter((index) => !shown.includes(index)) };
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
