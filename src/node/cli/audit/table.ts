/** The audit as a terminal reads it: one line per check (id, verdict, reason), then the summary. */
import { summarizeCounts, type AuditReport, type AuditVerdict } from '../../../shared/audit.ts';
import { EXIT } from '../../command/exit-codes.ts';
import { cutTo, plainLine } from './text.ts';

const LABEL: Record<AuditVerdict, string> = { pass: 'pass', fail: 'FAIL', warning: 'warn', 'not-applicable': 'n/a' };
const REASON_WIDTH = 120;

export function formatTable(report: AuditReport): string[] {
  const idWidth = Math.max(5, ...report.results.map((r) => r.id.length));
  const lines = [
    report.refused
      ? `Audit of ${plainLine(report.url)} (no connection: the checks after "connection" could not run)`
      : `Audit of ${plainLine([report.server.name, report.server.version].filter((part) => part !== '').join(' '))} at ${plainLine(report.url)} (protocol ${report.protocolVersion}, ${report.transport})`,
    '',
    `${'check'.padEnd(idWidth)}  verdict  reason`,
    ...report.results.map((r) => `${r.id.padEnd(idWidth)}  ${LABEL[r.verdict].padEnd(7)}  ${cutTo(plainLine(r.reason), REASON_WIDTH)}`),
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
