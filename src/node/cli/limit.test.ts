import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../test/support/clocks.ts';
import { startLimit } from './limit.ts';

describe('startLimit', () => {
  it('aborts its signal when its time passes on the clock, and says it was this limit', () => {
    const clock = createManualClock();
    const limit = startLimit(clock, 5_000);
    clock.advance(4_999);
    expect(limit.signal.aborted).toBe(false);
    clock.advance(1);
    expect([limit.signal.aborted, limit.passed]).toEqual([true, true]);
  });

  it("aborts with its parent, without claiming the parent's limit as its own", () => {
    const clock = createManualClock();
    const deadline = startLimit(clock, 1_000);
    const call = startLimit(clock, 30_000, deadline.signal);
    clock.advance(1_000);
    expect([call.signal.aborted, call.passed, deadline.passed]).toEqual([true, false, true]);
    const late = startLimit(clock, 30_000, deadline.signal);
    expect(late.signal.aborted).toBe(true);
  });

  it('starts its time again on restart, and stays passed once it passed', () => {
    const clock = createManualClock();
    const limit = startLimit(clock, 5_000);
    clock.advance(4_000);
    limit.restart();
    clock.advance(4_999);
    expect(limit.signal.aborted).toBe(false);
    clock.advance(1);
    expect([limit.signal.aborted, limit.passed]).toEqual([true, true]);
    limit.restart();
    expect([limit.signal.aborted, clock.pending()]).toEqual([true, []]);
  });

  it('leaves no timer behind once disposed', () => {
    const clock = createManualClock();
    startLimit(clock, 5_000).dispose();
    expect(clock.pending()).toEqual([]);
  });
});
