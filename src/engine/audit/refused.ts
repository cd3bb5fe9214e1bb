/**
 * The report for a server the engine refused to talk to (a session id outside visible ASCII, a malformed
 * server/discover, an era that could not be agreed): without a session no check can run, but the one thing
 * wrong is still written down. Its first result, `connection`, fails with the engine's own error; every
 * other check follows, each saying it could not run. The Audit tab and the command line (text, JSON, JUnit)
 * show it like any other report, and a failed check makes the CLI exit 1.
 */
import { countVerdicts, type AuditCheckInfo, type AuditReport, type AuditResult, type AuditUpdate } from '../../shared/audit.ts';
import type { EngineError } from '../../shared/errors.ts';
import type { ProtocolEra } from '../../shared/model.ts';
import { redactUrl } from '../../shared/redact.ts';
import { profileOf } from '../../shared/era-profile.ts';
import type { AuditCheck } from './check.ts';
import { specOf } from './runner.ts';

/** The check that stands for the handshake itself, first in a refused report. */
const CONNECTION_CHECK: AuditCheck = {
  id: 'connection',
  title: 'MCP Lens can talk to the server',
  sections: { legacy: 'basic/lifecycle#initialization', modern: 'basic/versioning#protocol-version-negotiation' },
  sideEffects: false,
  run: () => Promise.reject(new Error('The connection check is judged at connect, never run on its own.')),
};

export interface RefusedRun {
  runId: string;
  /** The URL the person asked to audit (masked here). */
  url: string;
  /** The era that was asked for; Auto, which settled none, reports the era it tries first. */
  era: ProtocolEra | undefined;
  /** Why the engine refused, as connect threw it. */
  error: EngineError;
  checks: readonly AuditCheck[];
  now: () => number;
  emit: (update: AuditUpdate) => void;
}

export function refusedReport(run: RefusedRun): AuditReport {
  const era = run.era ?? 'modern';
  const startedAt = run.now();
  const { error } = run;
  const connection: AuditResult = {
    id: CONNECTION_CHECK.id,
    title: CONNECTION_CHECK.title,
    spec: specOf(CONNECTION_CHECK, era),
    verdict: 'fail',
    reason: `MCP Lens could not talk to the server, so no other check could run: ${error.message}`,
    details: [
      `connect failed (${error.code}${error.httpStatus !== undefined ? `, HTTP ${error.httpStatus}` : ''}): ${error.message}`,
      ...(error.detail !== undefined ? [`What the server sent or the engine saw: ${error.detail}`] : []),
      run.era === undefined
        ? 'The era was Auto and none was agreed; the other checks cite the 2026-07-28 sections, the era Auto tries first.'
        : `The era asked for: ${profileOf(era).protocolVersion}.`,
    ],
    exchanges: [],
    durationMs: 0,
  };
  const notRun = run.checks.map((check): AuditResult => ({
    id: check.id,
    title: check.title,
    spec: specOf(check, era),
    verdict: 'not-applicable',
    reason: 'Not run: MCP Lens could not talk to the server (see the connection check).',
    details: [],
    exchanges: [],
    durationMs: 0,
    ...(check.suite && { suite: check.suite }),
  }));
  const results = [connection, ...notRun];
  const plan: AuditCheckInfo[] = results.map(({ id, title, spec }) => ({ id, title, spec }));
  run.emit({ kind: 'started', checks: plan, startedAt });
  for (const result of results) run.emit({ kind: 'check-ended', result });
  const report: AuditReport = {
    runId: run.runId,
    url: redactUrl(run.url),
    server: { name: '', version: '' },
    era,
    protocolVersion: '',
    transport: 'streamable-http',
    startedAt,
    durationMs: run.now() - startedAt,
    results,
    counts: countVerdicts(results),
    refused: true,
  };
  run.emit({ kind: 'ended', report });
  return report;
}
