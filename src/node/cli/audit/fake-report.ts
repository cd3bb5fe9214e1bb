/** A report as the engine would make it, for the writers' tests: one result of each verdict. */
import { countVerdicts, type AuditReport, type AuditResult } from '../../../shared/audit.ts';
import { profileOf } from '../../../shared/era-profile.ts';

const { specRevision, protocolVersion } = profileOf('legacy');

const spec = {
  revision: specRevision,
  section: 'server/tools#listing-tools',
  url: `https://modelcontextprotocol.io/specification/${specRevision}/server/tools#listing-tools`,
};

export function fakeReport(results: Array<Partial<AuditResult> & Pick<AuditResult, 'id' | 'verdict'>>): AuditReport {
  const full: AuditResult[] = results.map((r) => ({
    title: r.id,
    spec,
    reason: `${r.id} reason`,
    details: [],
    exchanges: [],
    durationMs: 12,
    ...r,
  }));
  return {
    runId: 'run-1',
    url: 'http://127.0.0.1:3001/mcp',
    server: { name: 'demo', version: '1.0.0' },
    era: 'legacy',
    protocolVersion,
    transport: 'streamable-http',
    startedAt: Date.UTC(2026, 0, 1),
    durationMs: 1234,
    results: full,
    counts: countVerdicts(full),
  };
}
