/**
 * "Audit this server" on one connection: the latest run, fed by the engine's `audit` events (the plan, each
 * check as it ends, the report) and by the command that started it (src/app/audit/audit-commands.ts). A view shows
 * progress as `results.length` of `plan.length`, and each result links to the Message log by seq.
 */
import { createStore } from 'zustand/vanilla';
import type { AuditCheckInfo, AuditRefusal, AuditReport, AuditResult } from '../shared/audit.ts';
import type { EngineError } from '../shared/errors.ts';
import type { EngineEvent } from '../shared/events.ts';

export interface AuditRun {
  runId: string;
  status: 'running' | 'done' | 'cancelled' | 'failed';
  startedAt: number;
  /** The checks the run takes, in order, once the engine has said (empty until then). */
  plan: AuditCheckInfo[];
  /** The check running now. */
  current?: string;
  /** Each check's result as it ended. */
  results: AuditResult[];
  /** The whole report, when the run ended (a cancelled run's holds what finished). */
  report?: AuditReport;
  error?: EngineError;
}

/** A report file opened read-only in the Audit tab (src/app/audit/audit-report-file.ts checked it). */
interface OpenedAuditReport {
  fileName: string;
  lensVersion: string;
  exportedAt: string;
  report: AuditReport;
  /** The masked messages each exchange carried, by log seq (the file's, not this page's log). */
  messages: ReadonlyMap<number, unknown>;
}

export interface AuditState {
  run: AuditRun | null;
  /** A report opened from a file, shown instead of the run until it is closed. */
  opened: OpenedAuditReport | null;
  /** Why the last report file could not be opened. */
  openError: string | null;
  /**
   * The last Connect failed, and how: an audit then runs on it (`runAudit`'s `refused`), so its report says
   * why. Cleared when a Connect starts or succeeds.
   */
  refusal: AuditRefusal | null;
  actions: {
    /** A run was asked for; its events will carry this id. */
    started(runId: string, startedAt: number): void;
    applyEvents(events: readonly EngineEvent[]): void;
    /** The run's call settled: with the report, or with the error (`cancelled` when someone stopped it). */
    settled(runId: string, end: { report: AuditReport } | { error: EngineError }): void;
    openReport(opened: OpenedAuditReport): void;
    openFailed(error: string): void;
    closeReport(): void;
    connectRefused(refusal: AuditRefusal | null): void;
  };
}

export function createAuditStore() {
  return createStore<AuditState>()((set, get) => {
    /** Changes the run with this id, if it is still the latest. */
    const update = (runId: string, change: (run: AuditRun) => AuditRun) => {
      const { run } = get();
      if (run?.runId === runId) set({ run: change(run) });
    };
    return {
      run: null,
      opened: null,
      openError: null,
      refusal: null,
      actions: {
        connectRefused: (refusal) => set({ refusal }),
        openReport: (opened) => set({ opened, openError: null }),
        openFailed: (openError) => set({ openError }),
        closeReport: () => set({ opened: null, openError: null }),
        started(runId, startedAt) {
          set({ run: { runId, status: 'running', startedAt, plan: [], results: [] } });
        },
        applyEvents(events) {
          for (const event of events) {
            if (event.type !== 'audit') continue;
            const { update: u } = event;
            update(event.runId, (run) => {
              if (u.kind === 'started') return { ...run, plan: u.checks };
              if (u.kind === 'check-started') return { ...run, current: u.id };
              if (u.kind === 'check-ended') {
                const { current: _done, ...rest } = run;
                return { ...rest, results: [...run.results, u.result] };
              }
              const { current: _done, ...rest } = run;
              return { ...rest, report: u.report, results: u.report.results, status: ended(run.status, u.report) };
            });
          }
        },
        settled(runId, end) {
          update(runId, (run) => {
            const { current: _done, ...rest } = run;
            if ('report' in end) return { ...rest, report: end.report, results: end.report.results, status: ended(run.status, end.report) };
            if (run.status !== 'running') return run;
            return { ...rest, status: end.error.code === 'cancelled' ? 'cancelled' : 'failed', error: end.error };
          });
        },
      },
    };
  });
}

/** A run ends once: a cancel the UI saw first stays a cancel when the report follows. */
function ended(status: AuditRun['status'], report: AuditReport): AuditRun['status'] {
  if (status === 'cancelled' || report.cancelled) return 'cancelled';
  return 'done';
}
