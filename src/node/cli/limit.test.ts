import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../test/support/clocks.ts';
import { startLimit, within } from './limit.ts';

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

describe('within', () => {
  it("gives the call's value, or its own error when the limit did not pass", async () => {
    const clock = createManualClock();
    await expect(within(clock, 1_000, () => Promise.resolve(7))).resolves.toEqual({ ok: true, value: 7 });
    const refused = new Error('refused');
    await expect(within(clock, 1_000, () => Promise.reject(refused))).resolves.toEqual({ ok: false, error: refused, timedOut: false });
  });

  it('says the limit passed when the call never answers, and cancels it through the signal', async () => {
    const clock = createManualClock();
    let seen: AbortSignal | undefined;
    const attempt = within(clock, 1_000, (signal) => {
      seen = signal;
      return new Promise<never>(() => undefined);
    });
    clock.advance(1_000);
    await expect(attempt).resolves.toMatchObject({ ok: false, timedOut: true });
    expect(seen?.aborted).toBe(true);
  });

  it('restarts on what it watches, and stops watching when the call ends', async () => {
    const clock = createManualClock();
    let poke = () => undefined as void;
    let watching = false;
    let answer = (_: string) => undefined as void;
    const attempt = within(clock, 1_000, () => new Promise<string>((resolve) => (answer = resolve)), {
      watch: (limit) => {
        watching = true;
        poke = () => limit.restart();
        return () => (watching = false);
      },
    });
    clock.advance(900);
    poke();
    clock.advance(900);
    answer('late but alive');
    await expect(attempt).resolves.toEqual({ ok: true, value: 'late but alive' });
    expect(watching).toBe(false);
  });
});
