import { describe, expect, it } from 'vitest';
import { scenarioVerdict } from './support/conformance-suite.ts';

describe('scenarioVerdict', () => {
  it('reads a scenario as fail, warning, pass or not applicable from its checks', () => {
    expect(
      scenarioVerdict([
        { id: 'a', status: 'SUCCESS' },
        { id: 'b', status: 'FAILURE', errorMessage: 'no' },
      ]),
    ).toEqual({
      verdict: 'fail',
      why: 'b: no',
    });
    expect(
      scenarioVerdict([
        { id: 'a', status: 'SUCCESS' },
        { id: 'c', status: 'WARNING', errorMessage: 'hm' },
      ]).verdict,
    ).toBe('warning');
    expect(
      scenarioVerdict([
        { id: 'a', status: 'SUCCESS' },
        { id: 'i', status: 'INFO' },
      ]).verdict,
    ).toBe('pass');
    expect(scenarioVerdict([{ id: 's', status: 'SKIPPED' }]).verdict).toBe('not-applicable');
  });

  it("does not count a check the suite could not test without its own fixture's tools", () => {
    const checks = [
      { id: 'a', status: 'SUCCESS' as const },
      { id: 'f', status: 'FAILURE' as const, errorMessage: "Not testable: server does not list the diagnostic tool 'test_x'" },
    ];
    expect(scenarioVerdict(checks).verdict).toBe('pass');
  });
});
