import { describe, expect, it } from 'vitest';
import type { TaskInfo } from '../../shared/tasks.ts';
import { createManualClock, fireTimersUntil, settled } from '../../test/support/clocks.ts';
import { BACKOFF_MS, createPollPace, followPolls } from './follower.ts';

const working = (extra: Partial<TaskInfo> = {}): TaskInfo => ({ taskId: 'T', status: 'working', ...extra });

describe('the task follower', () => {
  it('backs off 0.5 → 1 → 2 → 5 s when the server suggests no interval, and starts over when the status changes', () => {
    const pace = createPollPace();
    const delays = [1, 2, 3, 4, 5, 6].map(() => pace(working()));
    expect(delays).toEqual([500, 1_000, 2_000, 5_000, 5_000, 5_000]);
    expect(pace(working({ status: 'input_required' }))).toBe(BACKOFF_MS[0]);
    expect(pace(working({ status: 'input_required' }))).toBe(BACKOFF_MS[1]);
  });

  it("honours the server's pollInterval, within a floor and a ceiling", () => {
    const pace = createPollPace();
    expect([300, 300, 300].map((ms) => pace(working({ pollInterval: ms })))).toEqual([300, 300, 300]);
    expect(pace(working({ pollInterval: 0 }))).toBe(200);
    expect(pace(working({ pollInterval: 3_600_000 }))).toBe(10_000);
  });

  it('with a back-off cap, doubles from the server pollInterval (never below it) up to the cap, and starts over on a change', () => {
    const pace = createPollPace(4_000);
    const delays = [1, 2, 3, 4, 5].map(() => pace(working({ pollInterval: 500 })));
    expect(delays).toEqual([500, 1_000, 2_000, 4_000, 4_000]);
    expect(pace(working({ status: 'input_required', pollInterval: 500 }))).toBe(500);
    // Without a suggested interval it doubles from the first back-off step; a cap below the server's pace loses to it.
    const unsuggested = createPollPace(3_000);
    expect([1, 2, 3, 4].map(() => unsuggested(working()))).toEqual([500, 1_000, 2_000, 3_000]);
    expect(createPollPace(1_000)(working({ pollInterval: 2_500 }))).toBe(2_500);
  });

  it('polls until done, reporting every status, and skips a poll that brought no news', async () => {
    const clock = createManualClock();
    const answers: Array<TaskInfo | undefined> = [working(), undefined, working({ status: 'completed' })];
    const seen: string[] = [];
    const following = followPolls<TaskInfo>({
      first: working(),
      taskOf: (task) => task,
      done: (task) => task.status === 'completed',
      poll: () => Promise.resolve(answers.shift()),
      onStatus: (task) => seen.push(task.status),
      clock,
    });
    const fired = await fireTimersUntil(clock, settled(following), 'the follow to end');
    expect((await following).status).toBe('completed');
    // The poll without news does not reset the back-off: it is one more wait on the same status.
    expect(fired).toEqual([500, 1_000, 2_000]);
    expect(seen).toEqual(['working', 'working', 'completed']);
  });

  it('stops waiting when its signal aborts', async () => {
    const clock = createManualClock();
    const stop = new AbortController();
    const following = followPolls<TaskInfo>({
      first: working(),
      taskOf: (task) => task,
      done: () => false,
      poll: () => Promise.resolve(working()),
      onStatus: () => undefined,
      clock,
      signal: stop.signal,
    });
    stop.abort(new Error('stopped'));
    await expect(following).rejects.toThrow();
  });
});
