/**
 * A contract diff for people and for CI: text lines grouped by severity (breaking first), one summary line,
 * the --json document and JUnit XML (one test case per change, a breaking one a <failure>). Server text is
 * in the sentences: the caller neutralises the text lines for the terminal; the XML escapes its own.
 */
import { SEVERITIES, type ContractChange, type Severity } from '../../../shared/contract/contract-rules.ts';
import { plural } from '../../../shared/read.ts';
import { EXIT, type ExitCode } from '../../command/exit-codes.ts';
import { xmlEscape } from '../audit/junit.ts';

export const exitCodeOfDiff = (changes: readonly ContractChange[]): ExitCode =>
  changes.some((c) => c.severity === 'breaking') ? EXIT.failed : EXIT.passed;

const countOf = (changes: readonly ContractChange[]) =>
  Object.fromEntries(SEVERITIES.map((s) => [s, changes.filter((c) => c.severity === s).length])) as Record<Severity, number>;

/** The lines for a person: each shown change, a heading per severity, and the summary (info hidden unless `all`). */
export function diffLines(changes: readonly ContractChange[], all: boolean): string[] {
  const shown = all ? changes : changes.filter((c) => c.severity !== 'info');
  const lines: string[] = [];
  for (const severity of SEVERITIES) {
    const group = shown.filter((c) => c.severity === severity);
    if (group.length === 0) continue;
    lines.push(`${severity} (${group.length}):`);
    for (const change of group) lines.push(`  ${change.pointer || '/'}  ${change.sentence}  [${change.rule}]`);
  }
  const counts = countOf(changes);
  const hidden = all || counts.info === 0 ? '' : ` (${plural(counts.info, 'info change')} hidden; --all shows them)`;
  lines.push(
    changes.length === 0
      ? 'no changes'
      : `${counts.breaking} breaking, ${counts.risky} risky, ${counts.safe} safe${all ? `, ${counts.info} info` : ''}${hidden}`,
  );
  return lines;
}

export interface DiffSides {
  old: string;
  new: string;
}

export function diffJson(sides: DiffSides, changes: readonly ContractChange[]): string {
  return JSON.stringify({ old: sides.old, new: sides.new, summary: countOf(changes), changes, exitCode: exitCodeOfDiff(changes) }, null, 2);
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
