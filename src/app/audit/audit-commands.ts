/**
 * Starting and stopping "Audit this server" on one connection, and the report as a file. The run is the
 * engine's (src/engine/audit/) and a job of the connection's jobs registry (src/app/calls.ts), whose id is the
 * run id: leaving the Audit tab cancels nothing. Where it stands is in the `audit` store, fed by the router
 * with the engine's `audit` events.
 */
import type { AuditOptions, AuditRefusal } from '../../shared/audit.ts';
import { LENS_VERSION } from '../../shared/version.ts';
import { messageItemId } from '../../state/index.ts';
import {
  MAX_AUDIT_REPORT_BYTES,
  auditReportMarkdown,
  buildAuditReportFile,
  parseAuditReportFile,
  type AuditReportFile,
} from './audit-report-file.ts';
import { AUDIT_REPORT_EXTENSION } from './audit-report-format.ts';
import type { AppEffects } from '../effects.ts';
import { exportRefusal } from '../presentation/export-rule.ts';
import { exportFileName } from '../files/file-stamp.ts';
import type { Stores } from '../stores.ts';

type AuditStores = Pick<Stores, 'audit' | 'log' | 'prefs' | 'connection'>;

/** What the audit asks of the jobs registry. */
interface AuditJobs {
  startCall(kind: 'audit', params: { options: AuditOptions; refused?: AuditRefusal }): string;
  cancelCall(id: string): void;
}

export function auditCommands(
  jobs: AuditJobs,
  stores: AuditStores,
  effects: Pick<AppEffects, 'now' | 'download'>,
  refuse: (reason: string) => void,
  /** What the workspace calls this connection: the reports are named after it. */
  nameOf: () => string,
) {
  const audit = () => stores.audit.getState();

  /** The report on screen as a file: an opened one as it was, the latest run's with its messages from the log. */
  function reportFile(): AuditReportFile | undefined {
    const { opened, run } = audit();
    const exportedAt = new Date(effects.now());
    if (opened)
      return buildAuditReportFile(opened.report, (seq) => opened.messages.get(seq), { lensVersion: opened.lensVersion, exportedAt });
    if (!run?.report) return undefined;
    const { byId } = stores.log.getState();
    const messageOf = (seq: number) => {
      const item = byId.get(messageItemId(seq));
      return item?.type === 'message' ? item.entry.message : undefined;
    };
    return buildAuditReportFile(run.report, messageOf, { lensVersion: LENS_VERSION, exportedAt });
  }

  return {
    /**
     * Starts an audit of the connected server and returns its run id; a run already going is returned as
     * is (one at a time per connection). Progress and the report appear in the `audit` store. Without a
     * connection, after a Connect that failed, the report is the refused one: its connection check says why.
     */
    startAudit(options: AuditOptions = {}): string {
      const { refusal, run } = audit();
      if (run?.status === 'running') return run.runId;
      const refused = stores.connection.getState().phase !== 'connected' && refusal !== null ? refusal : undefined;
      return jobs.startCall('audit', { options, ...(refused && { refused }) });
    },
    /** Stops the running audit: the checks that finished stay, and the run says it was cancelled. */
    cancelAudit(): void {
      const { run } = audit();
      if (run?.status === 'running') jobs.cancelCall(run.runId);
    },
    /**
     * Downloads the report on screen as JSON (which opens again here) or Markdown. Demo mode writes no file,
     * like every other export (export-rule.ts); false when nothing was written.
     */
    exportAuditReport(format: 'json' | 'markdown'): boolean {
      const refusal = exportRefusal(stores);
      if (refusal !== null) {
        refuse(refusal);
        return false;
      }
      const file = reportFile();
      if (!file) return false;
      const at = new Date(effects.now());
      if (format === 'json')
        effects.download(
          exportFileName('audit', nameOf(), at, AUDIT_REPORT_EXTENSION),
          new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' }),
        );
      else effects.download(exportFileName('audit', nameOf(), at, '.md'), new Blob([auditReportMarkdown(file)], { type: 'text/markdown' }));
      return true;
    },
    /** Opens an exported report read-only in the Audit tab; false (with the reason in the store) when it cannot. */
    async openAuditReport(file: Blob & { name: string }): Promise<boolean> {
      if (file.size > MAX_AUDIT_REPORT_BYTES) {
        audit().actions.openFailed(`${file.name}: ${Math.round(file.size / 1e6)} MB is too big for an audit report.`);
        return false;
      }
      const parsed = parseAuditReportFile(await file.text());
      if (!parsed.ok) {
        audit().actions.openFailed(`${file.name}: ${parsed.error}`);
        return false;
      }
      const messages = new Map<number, unknown>();
      for (const result of parsed.file.report.results)
        for (const exchange of result.exchanges) {
          if (exchange.requestSeq !== undefined && exchange.request !== undefined) messages.set(exchange.requestSeq, exchange.request);
          if (exchange.responseSeq !== undefined && exchange.response !== undefined) messages.set(exchange.responseSeq, exchange.response);
        }
      audit().actions.openReport({
        fileName: file.name,
        lensVersion: parsed.file.lensVersion,
        exportedAt: parsed.file.exportedAt,
        report: parsed.file.report,
        messages,
      });
      return true;
    },
    closeAuditReport(): void {
      audit().actions.closeReport();
    },
  };
}
