/**
 * The audit as a terminal reads it: one line per check (id, verdict, reason), then the summary. Server text is
 * neutralised where it is printed (command.ts, src/node/terminal-text.ts), once for every line.
 */
import { summarizeCounts, type AuditReport, type AuditVerdict } from '../../../shared/audit.ts';
import { EXIT } from '../../command/exit-codes.ts';
import { cutTo } from '../../terminal-text.ts';

const LABEL: Record<AuditVerdict, string> = { pass: 'pass', fail: 'FAIL', warning: 'warn', 'not-applicable': 'n/a' };
/** At a terminal a reason is cut here, so a row stays a row; into a file or a pipe it goes whole (`wholeReasons`). */
const REASON_WIDTH = 120;

export function formatTable(report: AuditReport, { wholeReasons = false } = {}): string[] {
  const reason = (text: string) => (wholeReasons ? text : cutTo(text, REASON_WIDTH));
  const idWidth = Math.max(5, ...report.results.map((r) => r.id.length));
  const lines = [
    report.refused
      ? `Audit of ${report.url} (no connection: the checks after "connection" could not run)`
      : `Audit of ${[report.server.name, report.server.version].filter((part) => part !== '').join(' ')} at ${report.url} (protocol ${report.protocolVersion}, ${report.transport})`,
    '',
    `${'check'.padEnd(idWidth)}  verdict  reason`,
    ...report.results.map((r) => `${r.id.padEnd(idWidth)}  ${LABEL[r.verdict].padEnd(7)}  ${reason(r.reason)}`),
    '',
    summaryLine(report),
  ];
  return lines;
}

function summaryLine(report: AuditReport): string {
  const seconds = (report.durationMs / 1000).toFixed(1);
  return `${summarizeCounts(report.counts)} in ${seconds} s${report.cancelled ? ' (cancelled)' : ''}.`;
}

/** 0 when no check failed, 1 otherwise: warnings and checks that do not apply never fail a build. */
export function exitCodeOf(report: AuditReport): typeof EXIT.passed | typeof EXIT.failed {
  return report.counts.fail > 0 || report.cancelled ? EXIT.failed : EXIT.passed;
}
