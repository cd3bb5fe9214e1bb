/** The diff's reports: grouped lines, the info count, the exit code, and JUnit that a hostile name cannot break. */
import { describe, expect, it } from 'vitest';

import type { ContractChange } from '../../../shared/contract/contract-rules.ts';
import { EXIT } from '../../command/exit-codes.ts';
import { diffLines } from '../../../shared/contract/contract-report.ts';
import { diffJson, diffJUnit, exitCodeOfDiff } from './diff-report.ts';

const CHANGES: ContractChange[] = [
  { severity: 'breaking', rule: 'tool-removed', pointer: '/tools/a<b>', sentence: 'Tool "a<b>" is gone: clients that use it fail.' },
  { severity: 'safe', rule: 'tool-added', pointer: '/tools/c', sentence: 'Tool "c" is new.' },
  { severity: 'info', rule: 'description-changed', pointer: '/tools/c/description', sentence: 'Tool "c": the description changed.' },
];
const SIDES = { old: 'old.json', new: 'http://127.0.0.1:3001/mcp' };

describe('the diff reports', () => {
  it('group lines by severity, breaking first, and count the info changes they hide', () => {
    expect(diffLines(CHANGES, false)).toEqual([
      'breaking (1):',
      '  /tools/a<b>  Tool "a<b>" is gone: clients that use it fail.  [tool-removed]',
      'safe (1):',
      '  /tools/c  Tool "c" is new.  [tool-added]',
      '1 breaking, 0 risky, 1 safe (1 info change hidden; --all shows them)',
    ]);
    expect(diffLines(CHANGES, true).at(-1)).toBe('1 breaking, 0 risky, 1 safe, 1 info');
    expect(diffLines(CHANGES, true)).toContain('info (1):');
    expect(diffLines([], false)).toEqual(['no changes']);
  });

  it('exit 1 only for a breaking change', () => {
    expect(exitCodeOfDiff(CHANGES)).toBe(EXIT.failed);
    expect(exitCodeOfDiff(CHANGES.slice(1))).toBe(EXIT.passed);
    expect(JSON.parse(diffJson(SIDES, CHANGES))).toMatchObject({
      ...SIDES,
      summary: { breaking: 1, risky: 0, safe: 1, info: 1 },
      exitCode: 1,
    });
  });

  it('write JUnit with a failure per breaking change and every server string escaped', () => {
    const xml = diffJUnit(SIDES, [...CHANGES, { ...CHANGES[0]!, pointer: '/tools/x\u0007"', sentence: 'Tool "x\u0007" is gone.' }]);
    expect(xml).toContain('<testsuites name="mcp-lens diff" tests="4" failures="2">');
    expect(xml).toContain('<testcase name="tool-removed /tools/a&lt;b&gt;" classname="mcp-lens.contract.breaking">');
    expect(xml).not.toContain('\u0007');
    expect(xml).not.toMatch(/<b>/);
    expect(diffJUnit(SIDES, [])).toContain('<testcase name="no changes" classname="mcp-lens.contract"/>');
  });
});
