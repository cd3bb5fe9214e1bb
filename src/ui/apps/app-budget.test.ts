/** The app message budget (issue 25, class 4): a steady app stays within it, a flood is cut off and stays off. */
import { describe, expect, it } from 'vitest';
import { createAppBudget } from './app-budget.ts';

describe("an app's postMessage flood", () => {
  it('is cut off past the budget in one second, and stays paused', () => {
    const budget = createAppBudget(100);
    let admitted = 0;
    for (let i = 0; i < 1000; i++) if (budget.admit(i / 1000) === null) admitted += 1;
    expect(admitted).toBe(100);
    expect(budget.admit(60_000)).toBe('messages');
  });

  it('lets a busy app that stays under the budget run for as long as it likes', () => {
    const budget = createAppBudget(100);
    // 50 messages a second for ten minutes.
    for (let t = 0; t < 600_000; t += 20) expect(budget.admit(t)).toBeNull();
  });

  it('counts bytes too: a few large messages are cut off, the same bytes spread over seconds are not', () => {
    const steady = createAppBudget(100, 1000);
    for (let t = 0; t < 10_000; t += 250) expect(steady.admit(t, 200)).toBeNull();
    const heavy = createAppBudget(100, 1000);
    expect([0, 1, 2, 3, 4, 5].map((t) => heavy.admit(t, 200))).toEqual([null, null, null, null, null, 'bytes']);
  });
});
