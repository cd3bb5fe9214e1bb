/**
 * A contract diff for CI: the exit code, the --json document and JUnit XML (one test case per change, a
 * breaking one a <failure>); the text lines are src/shared/contract/contract-report.ts's. Server text is in
 * the sentences: the XML escapes its own.
 */
import { changeCounts } from '../../../shared/contract/contract-report.ts';
import type { ContractChange } from '../../../shared/contract/contract-rules.ts';
import { EXIT, type ExitCode } from '../../command/exit-codes.ts';
import { xmlEscape } from '../audit/junit.ts';

export const exitCodeOfDiff = (changes: readonly ContractChange[]): ExitCode =>
  changes.some((c) => c.severity === 'breaking') ? EXIT.failed : EXIT.passed;

export interface DiffSides {
  old: string;
  new: string;
}

export function diffJson(sides: DiffSides, changes: readonly ContractChange[]): string {
  return JSON.stringify(
    { old: sides.old, new: sides.new, summary: changeCounts(changes), changes, exitCode: exitCodeOfDiff(changes) },
    null,
    2,
  );
}

export function diffJUnit(sides: DiffSides, changes: readonly ContractChange[]): string {
  const breaking = changes.filter((c) => c.severity === 'breaking').length;
  const cases = changes.map((change) => {
    const open = `    <testcase name="${xmlEscape(`${change.rule} ${change.pointer}`)}" classname="mcp-lens.contract.${change.severity}"`;
    if (change.severity === 'breaking')
      return `${open}>\n      <failure message="${xmlEscape(change.sentence)}" type="breaking">${xmlEscape(change.sentence)}</failure>\n    </testcase>`;
    return `${open}>\n      <system-out>${xmlEscape(`${change.severity}: ${change.sentence}`)}</system-out>\n    </testcase>`;
  });
  // An empty diff is one passing case, so CI shows that the check ran.
  if (changes.length === 0) cases.push('    <testcase name="no changes" classname="mcp-lens.contract"/>');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="mcp-lens diff" tests="${cases.length}" failures="${breaking}">`,
    `  <testsuite name="${xmlEscape(`contract: ${sides.old} → ${sides.new}`)}" tests="${cases.length}" failures="${breaking}">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
