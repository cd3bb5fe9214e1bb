import { describe, expect, it } from 'vitest';
import { fakeReport } from './fake-report.ts';
import { exitCodeOf, formatTable } from './table.ts';

describe('formatTable', () => {
  it('prints one line per check, then the summary', () => {
    const lines = formatTable(
      fakeReport([
        { id: 'ping', verdict: 'pass', reason: 'ping answered an empty result.' },
        { id: 'tools-list', verdict: 'fail', reason: 'tools/list never ends.' },
        { id: 'cache-hints', verdict: 'not-applicable', reason: 'Only in 2026-07-28.' },
      ]),
    );
    expect(lines).toEqual([
      'Audit of demo 1.0.0 at http://127.0.0.1:3001/mcp (protocol 2025-11-25, streamable-http)',
      '',
      'check        verdict  reason',
      'ping         pass     ping answered an empty result.',
      'tools-list   FAIL     tools/list never ends.',
      'cache-hints  n/a      Only in 2026-07-28.',
      '',
      '3 checks: 1 pass, 1 fail, 0 warnings, 1 not applicable in 1.2 s.',
    ]);
  });

  it('cuts a long reason at a terminal, and gives it whole into a file or a pipe', () => {
    const long = `${'a reason that goes on '.repeat(10)}and ends here.`;
    const report = fakeReport([{ id: 'ping', verdict: 'fail', reason: long }]);
    const [, , , atTerminal] = formatTable(report);
    expect(atTerminal).toHaveLength('ping   FAIL     '.length + 120);
    expect(atTerminal?.endsWith('…')).toBe(true);
    const [, , , whole] = formatTable(report, { wholeReasons: true });
    expect(whole).toBe(`ping   FAIL     ${long}`);
  });
});

describe('exitCodeOf', () => {
  it('is 1 when a check failed or the run was cut short, 0 otherwise (warnings do not fail a build)', () => {
    expect(
      exitCodeOf(
        fakeReport([
          { id: 'a', verdict: 'warning' },
          { id: 'b', verdict: 'not-applicable' },
        ]),
      ),
    ).toBe(0);
    expect(exitCodeOf(fakeReport([{ id: 'a', verdict: 'fail' }]))).toBe(1);
    expect(exitCodeOf({ ...fakeReport([{ id: 'a', verdict: 'pass' }]), cancelled: true })).toBe(1);
  });
});
