/** An exported audit report as a kind of file the workspace opens (file-kinds.ts): read-only, in the Audit tab. */
import type { FileKind } from '../files/file-kind.ts';
import { AUDIT_REPORT_EXTENSION, looksLikeAuditReport } from './audit-report-format.ts';

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
