import { describe, expect, it } from 'vitest';
import { realClock } from './clock.ts';
import { warmUp } from './warm-up.ts';

describe('warmUp', () => {
  it('connects in Auto to its in-memory server of each era and lists its tools', async () => {
    const report = await warmUp(realClock);
    // Each step must succeed: a canned answer the SDK stopped accepting would warm nothing.
    expect(report).toEqual({ eras: ['modern', 'legacy'], tools: [2, 2] });
  });

  it('does nothing once a Connect has come', async () => {
    expect(await warmUp(realClock, () => false)).toEqual({ eras: [], tools: [] });
  });

  it('ends quietly wherever a Connect interrupts it, between steps or within one', async () => {
    const reports = [];
    for (let checks = 1; checks <= 16; checks += 1) {
      let left = checks;
      const report = await warmUp(realClock, () => left-- > 0);
      // What it did is a beginning of the whole warm-up.
      expect(['modern', 'legacy'].slice(0, report.eras.length)).toEqual(report.eras);
      expect(report.tools.length).toBeLessThanOrEqual(report.eras.length);
      reports.push(report);
    }
    // Interrupted at every point from the first step to past the last.
    expect(reports[0]).toEqual({ eras: [], tools: [] });
    expect(reports.some((report) => report.eras.length === 1 && report.tools.length === 0)).toBe(true);
    expect(reports.at(-1)).toEqual({ eras: ['modern', 'legacy'], tools: [2, 2] });
  });
});
