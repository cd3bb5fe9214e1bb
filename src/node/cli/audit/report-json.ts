/** The audit report as a JSON file: the report as the engine made it, under a format name and version a reader can check. */
import type { AuditReport } from '../../../shared/audit.ts';

const AUDIT_JSON_FORMAT = 'mcp-lens-audit';
const AUDIT_JSON_VERSION = 1;

export function toAuditJson(report: AuditReport): string {
  return `${JSON.stringify({ format: AUDIT_JSON_FORMAT, version: AUDIT_JSON_VERSION, report }, null, 2)}\n`;
}
