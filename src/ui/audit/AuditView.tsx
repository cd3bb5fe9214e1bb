import { useState } from 'react';
import { scriptFor } from '../../app/demo/demo-script.ts';
import { summarizeCounts, type AuditReport, type AuditToolCall, type AuditVerdict } from '../../shared/audit.ts';
import type { AuditRun } from '../../state/index.ts';
import { FilterToggles, useFilterSet } from '../common/FilterToggles.tsx';
import { ServerText } from '../common/ServerText.tsx';
import { ExportButton } from '../presentation/ExportButton.tsx';
import { UrlText } from '../presentation/UrlText.tsx';
import { useCommands, useScope, useStoreOf } from '../services.tsx';
import { AuditResultRow } from './AuditResultRow.tsx';
import { AuditToolPicker } from './AuditToolPicker.tsx';
import { arrange, VERDICT_ORDER, VerdictBadge, type AuditOrder } from './verdicts.tsx';
import './audit.css';

const ERA_NAME = { legacy: 'MCP 2025-11-25', modern: 'MCP 2026-07-28' } as const;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * The Audit tab: run the checks against the connected server (with the tools the person ticked), watch them
 * go, cancel, and read one row per check; or read a report opened from a file, read-only.
 */
export function AuditView() {
  const opened = useStoreOf('audit', (state) => state.opened);
  const run = useStoreOf('audit', (state) => state.run);
  const refusal = useStoreOf('audit', (state) => state.refusal);
  const { ready, recording } = useScope();
  const { closeAuditReport } = useCommands().audit;
  if (opened) {
    return (
      <div className="audit-view">
        <div className="audit-toolbar">
          <p className="audit-file-note">
            Opened from <ServerText text={opened.fileName} /> (read-only), exported {opened.exportedAt || 'at an unknown time'} by MCP Lens{' '}
            <ServerText text={opened.lensVersion} />. <strong>{summarizeCounts(opened.report.counts)}</strong>
            {opened.report.cancelled && ' (cancelled before every check ran)'}.
          </p>
          <button type="button" className="button button-small" onClick={() => void closeAuditReport()}>
            Close report
          </button>
          <ExportButtons />
        </div>
        <Results report={opened.report} results={opened.report.results} messages={opened.messages} />
      </div>
    );
  }
  if (recording) return <p className="empty-state">A saved session has no audit; close it and connect to audit a server.</p>;
  // After a Connect that failed, the audit still runs: its report says why the server could not be talked to.
  const refusedUrl = !ready && refusal ? refusal.url : undefined;
  return (
    <div className="audit-view">
      <RunBar run={run} ready={ready} canRun={ready || refusedUrl !== undefined} />
      {!run && (
        <p className="empty-state audit-intro">
          {ready ? (
            'Run the audit to check this server against the MCP specification of its era: one row per check, each with its spec section and the exchange it rests on. It only reads unless you tick tools to call.'
          ) : refusedUrl !== undefined ? (
            <>
              MCP Lens could not talk to <UrlText url={refusedUrl} />. Run the audit to write that down as a report: its connection check
              fails with the reason, and the other checks say they could not run.
            </>
          ) : (
            'Connect to a server to audit it, or open an exported audit report (Open session, or the command palette).'
          )}
        </p>
      )}
      {run && <Results report={run.report} results={run.results} />}
    </div>
  );
}

/**
 * Run / Cancel, the tools to call, and where the run stands (a live region: progress, then the summary).
 * `canRun` without `ready`: no connection, but a Connect that failed, whose report the run writes.
 */
function RunBar({ run, ready, canRun }: { run: AuditRun | null; ready: boolean; canRun: boolean }) {
  const { startAudit, cancelAudit } = useCommands().audit;
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const savedCalls = useStoreOf('savedCalls', (state) => state.calls);
  const url = useStoreOf('connection', (state) => state.summary?.url ?? '');
  const running = run?.status === 'running';
  const start = () => {
    // The latest saved request for a ticked tool gives its arguments; the engine builds the rest.
    const saved = new Map(scriptFor(savedCalls, url).map((call) => [call.tool, call.arguments]));
    const callTools: AuditToolCall[] = [...ticked].map((name) => ({ name, ...(saved.has(name) && { arguments: saved.get(name)! }) }));
    void startAudit({ callTools });
  };
  return (
    <>
      <div className="audit-toolbar">
        {running ? (
          <button type="button" className="button" onClick={() => void cancelAudit()}>
            Cancel audit
          </button>
        ) : (
          <button type="button" className="button button-primary" disabled={!canRun} onClick={start}>
            {run ? 'Run audit again' : 'Run audit'}
          </button>
        )}
        <div className="audit-status" role="status">
          {run && <RunStatus run={run} />}
        </div>
        {run?.report && <ExportButtons />}
      </div>
      {ready && <AuditToolPicker ticked={ticked} onChange={setTicked} disabled={running} />}
    </>
  );
}

function RunStatus({ run }: { run: AuditRun }) {
  const plan = run.plan;
  if (run.status === 'running') {
    const current = plan.find((check) => check.id === run.current);
    return (
      <>
        <progress className="audit-progress" aria-label="Audit progress" max={Math.max(plan.length, 1)} value={run.results.length} />
        <span>
          {plan.length === 0 ? 'Starting…' : `Check ${Math.min(run.results.length + 1, plan.length)} of ${plan.length}`}
          {current && (
            <>
              : <code>{current.id}</code> {current.title}
            </>
          )}
        </span>
      </>
    );
  }
  if (run.status === 'failed') return <span className="field-error">The audit could not run: {run.error?.message}</span>;
  const counts = run.report?.counts;
  const took = run.report ? seconds(run.report.durationMs) : '';
  return (
    <span>
      {run.status === 'cancelled'
        ? `Cancelled after ${plan.length > 0 ? `${run.results.length} of ${plan.length}` : 'no'} checks`
        : `Done in ${took}`}
      {counts && <>: {summarizeCounts(counts)}</>}
    </span>
  );
}

/** The report as files: JSON (opens again here) and Markdown. Demo mode refuses both, as every export. */
function ExportButtons() {
  const { exportAuditReport } = useCommands().audit;
  return (
    <span className="audit-exports">
      <ExportButton
        className="button button-small"
        title="Save the report as JSON; open it again with Open session"
        onClick={() => void exportAuditReport('json')}
      >
        Export JSON
      </ExportButton>
      <ExportButton
        className="button button-small"
        title="Save the report as Markdown, for an issue or a pull request"
        onClick={() => void exportAuditReport('markdown')}
      >
        Export Markdown
      </ExportButton>
    </span>
  );
}

interface ResultsProps {
  report: AuditReport | undefined;
  results: AuditReport['results'];
  messages?: ReadonlyMap<number, unknown>;
}

/** The server audited, the filters, and one row per check. */
function Results({ report, results, messages }: ResultsProps) {
  const { shown, toggle } = useFilterSet<AuditVerdict>();
  const [order, setOrder] = useState<AuditOrder>('failures-first');
  const rows = arrange(results, shown, order);
  const count = (verdict: AuditVerdict) => results.filter((result) => result.verdict === verdict).length;
  return (
    <>
      {report && (
        <p className="audit-target">
          {/* A refused report names no server: none answered the handshake. */}
          {!report.refused && (
            <>
              <strong>
                <ServerText text={report.server.name} /> <ServerText text={report.server.version} />
              </strong>{' '}
              ·{' '}
            </>
          )}
          <UrlText url={report.url} /> · {report.refused ? 'no connection' : ERA_NAME[report.era]} ·{' '}
          {new Date(report.startedAt).toLocaleString()} · {seconds(report.durationMs)}
          {report.cancelled && ' · cancelled'}
        </p>
      )}
      {results.length > 0 && (
        <div className="audit-filters">
          <FilterToggles label="Show verdicts" values={VERDICT_ORDER} shown={shown} onToggle={toggle}>
            {(verdict) => (
              <>
                <VerdictBadge verdict={verdict} /> {count(verdict)}
              </>
            )}
          </FilterToggles>
          <label className="audit-order">
            Order{' '}
            <select value={order} onChange={(event) => setOrder(event.target.value as AuditOrder)}>
              <option value="failures-first">Failures first</option>
              <option value="run-order">Run order</option>
            </select>
          </label>
        </div>
      )}
      <ul className="audit-results" aria-label="Audit results">
        {rows.map((result) => (
          <AuditResultRow key={result.id} result={result} messages={messages} />
        ))}
      </ul>
      {results.length > 0 && rows.length === 0 && (
        <p className="empty-state">No check has the verdicts picked; clear the filter to see all.</p>
      )}
    </>
  );
}
