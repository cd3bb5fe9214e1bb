/**
 * A contract diff in words, for the CLI's report and the app's "Copy as text" alike: the counts by severity,
 * and lines grouped by severity (breaking first) with one summary line. Server text is in the sentences:
 * the caller neutralises it where it goes (a terminal; the app renders it as text).
 */
import { plural } from '../read.ts';
import { SEVERITIES, type ContractChange, type Severity } from './contract-rules.ts';

export const changeCounts = (changes: readonly ContractChange[]) =>
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
  const counts = changeCounts(changes);
  const hidden = all || counts.info === 0 ? '' : ` (${plural(counts.info, 'info change')} hidden; --all shows them)`;
  lines.push(
    changes.length === 0
      ? 'no changes'
      : `${counts.breaking} breaking, ${counts.risky} risky, ${counts.safe} safe${all ? `, ${counts.info} info` : ''}${hidden}`,
  );
  return lines;
}
