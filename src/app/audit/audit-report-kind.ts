/** An exported audit report as a kind of file the workspace opens (file-kinds.ts): read-only, in the Audit tab. */
import type { FileKind } from '../files/file-kind.ts';

// The format's marker and name ending live with the kind, so telling a file's kind loads none of the report's reader.
export const AUDIT_REPORT_FORMAT = 'mcp-lens-audit-report';
export const AUDIT_REPORT_EXTENSION = '.mcplens-audit.json';

/** Whether a file's first bytes say it is an audit report (rather than a session file). */
export const looksLikeAuditReport = (head: string) =>
  head.includes(`"format": "${AUDIT_REPORT_FORMAT}"`) || head.includes(`"format":"${AUDIT_REPORT_FORMAT}"`);

export const auditReportKind: FileKind = {
  noun: 'an audit report',
  extension: AUDIT_REPORT_EXTENSION,
  sniff: looksLikeAuditReport,
  isOpenIn: (app) => app.audit.getState().opened !== null,
  async open(app, file) {
    if (!(await app.commands.audit.openAuditReport(file))) return app.audit.getState().openError ?? `${file.name} did not open.`;
    app.view.getState().actions.showTab('Audit');
    return null;
  },
};
