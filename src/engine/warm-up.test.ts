import { describe, expect, it } from 'vitest';
import { realClock } from './clock.ts';
import { warmUp } from './warm-up.ts';

describe('warmUp', () => {
  it('connects in Auto to its in-memory server of each era and lists its tools', async () => {
    const report = await warmUp(realClock);
    // Each step must succeed: a canned answer the SDK stopped accepting would warm nothing.
    expect(report).toEqual({ eras: ['modern', 'legacy'], tools: [2, 2] });
  });

  it('stops at the next step once a real call has come', async () => {
    let steps = 0;
    const report = await warmUp(realClock, () => ++steps <= 1);
    expect(report).toEqual({ eras: ['modern'], tools: [] });
  });
});
