/**
 * An audit report file's format marker and name ending, and the check of its first bytes: apart from the report's
 * writer and reader (audit-report-file.ts), so telling a file's kind (audit-report-kind.ts) loads neither.
 */
export const AUDIT_REPORT_FORMAT = 'mcp-lens-audit-report';
export const AUDIT_REPORT_EXTENSION = '.mcplens-audit.json';

/** Whether a file's first bytes say it is an audit report (rather than a session file). */
export const looksLikeAuditReport = (head: string) =>
  head.includes(`"format": "${AUDIT_REPORT_FORMAT}"`) || head.includes(`"format":"${AUDIT_REPORT_FORMAT}"`);
