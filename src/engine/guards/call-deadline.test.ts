import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCallDeadline } from './call-deadline.ts';
import { realClock } from '../clock.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const deadline = (parent?: AbortSignal) =>
  createCallDeadline({ idleMs: 60_000, totalMs: 600_000, clock: realClock, ...(parent && { parent }) });

describe('a call deadline', () => {
  it('fails an idle call after the timeout, saying so', () => {
    const d = deadline();
    vi.advanceTimersByTime(59_999);
    expect(d.signal.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(d.signal.aborted).toBe(true);
    expect(d.expired).toMatchObject({ code: 'timeout', message: expect.stringContaining('sent nothing for 60 s') });
  });

  it('does not count the time a person spends answering, and restarts the idle timeout after the answer', () => {
    const d = deadline();
    vi.advanceTimersByTime(50_000);
    d.hold(true);
    vi.advanceTimersByTime(5 * 60_000);
    expect(d.signal.aborted).toBe(false);
    d.hold(false);
    vi.advanceTimersByTime(59_000);
    expect(d.signal.aborted).toBe(false);
    vi.advanceTimersByTime(1_000);
    expect(d.expired?.message).toContain('not counted');
  });

  it('restarts the idle timeout on progress, within the total limit (which also skips held time)', () => {
    const d = createCallDeadline({ idleMs: 60_000, totalMs: 100_000, clock: realClock });
    vi.advanceTimersByTime(50_000);
    d.progressed();
    d.hold(true);
    vi.advanceTimersByTime(200_000);
    d.hold(false);
    vi.advanceTimersByTime(40_000);
    d.progressed();
    expect(d.signal.aborted).toBe(false);
    vi.advanceTimersByTime(10_000);
    expect(d.expired?.message).toContain('total limit of 100 s');
  });

  it('follows the caller’s cancellation and stops its timer when disposed', () => {
    const parent = new AbortController();
    const d = deadline(parent.signal);
    parent.abort('user cancelled');
    expect(d.signal.reason).toBe('user cancelled');
    expect(d.expired).toBeUndefined();
    const other = deadline();
    other.dispose();
    vi.advanceTimersByTime(120_000);
    expect(other.signal.aborted).toBe(false);
  });
});
