/**
 * "Audit this server" across the worker boundary: what a run is asked to do, what each check found, and the
 * report at the end. The checks themselves live in the engine (src/engine/audit/); the app, the Audit tab and
 * the command line read only these shapes.
 */
import type { EngineError } from './errors.ts';
import type { ProtocolEra, TransportKind } from './model.ts';
import { plural } from './read.ts';
import type { SpecRevision } from './era-profile.ts';

/**
 * - `pass`: the server did what the spec asks;
 * - `fail`: it broke a MUST (or the schema), or gave no usable answer;
 * - `warning`: it broke a SHOULD, or did something the spec only shows by example;
 * - `not-applicable`: the check does not apply here (the server does not offer the feature, the era has no
 *   such method, or the check needs a side effect nobody allowed); the reason says which.
 */
export type AuditVerdict = 'pass' | 'fail' | 'warning' | 'not-applicable';

const AUDIT_VERDICTS: readonly AuditVerdict[] = ['fail', 'warning', 'pass', 'not-applicable'];

/** Where in the spec a check's rule is written. */
export interface SpecRef {
  revision: SpecRevision;
  /** The page and anchor under the revision, e.g. `server/tools#listing-tools`. */
  section: string;
  /** `https://modelcontextprotocol.io/specification/<revision>/<section>` */
  url: string;
}

/** One request a check sent, as the Message log and the HTTP view know it, so a report links to both. */
export interface AuditExchange {
  method: string;
  /** The request's entry in the Message log (`MessageEntry.seq`; the log item id is `m<seq>`). */
  requestSeq?: number;
  /** The answer's entry in the Message log, when one arrived. */
  responseSeq?: number;
  /** The HTTP exchange that carried the answer (or the request when no answer came): the HTTP view's seq. */
  httpSeq?: number;
  httpStatus?: number;
  /**
   * A probe with no JSON-RPC message (a DELETE, a preflight): what it sent and got over HTTP, as text with
   * secret-looking headers masked. The Message log has no entry for it, so the evidence carries it itself.
   */
  plainHttp?: { request: string; response: string };
}

export interface AuditResult {
  /** Stable, kebab-case; the same id as the official suite's scenario where the check mirrors one. */
  id: string;
  title: string;
  spec: SpecRef;
  verdict: AuditVerdict;
  /** One line: why this verdict. Server text in it is quoted and cut short. */
  reason: string;
  /** What was sent, what came back, and each finding, one line each. */
  details: string[];
  exchanges: AuditExchange[];
  durationMs: number;
  /** The official suite's scenario this check mirrors, and where MCP Lens judges otherwise on purpose. */
  suite?: { scenario: string; differs?: string };
}

export interface AuditReport {
  runId: string;
  /** The server URL with its secrets masked (redactUrl). */
  url: string;
  server: { name: string; version: string };
  era: ProtocolEra;
  protocolVersion: string;
  transport: TransportKind;
  startedAt: number;
  durationMs: number;
  results: AuditResult[];
  counts: Record<AuditVerdict, number>;
  /** The run was cancelled: `results` holds the checks that finished before. */
  cancelled?: true;
  /**
   * The engine refused to talk to the server (connect failed): `results` holds the failed `connection` check,
   * with the engine's error, and every other check, not run. `server`, `protocolVersion` are then empty.
   */
  refused?: true;
}

/** A connect that failed, handed to `runAudit` so the report says why (src/engine/audit/refused.ts). */
export interface AuditRefusal {
  /** The URL connect was asked for. */
  url: string;
  /** The era connect was pinned to; absent for Auto. */
  era?: ProtocolEra;
  /** The engine's error, as connect threw it. */
  error: EngineError;
}

/** A check as a run plans it, before it has a verdict. */
export interface AuditCheckInfo {
  id: string;
  title: string;
  spec: SpecRef;
}

/** What a run reports as it goes, as `audit` events (src/shared/events.ts). */
export type AuditUpdate =
  | { kind: 'started'; checks: AuditCheckInfo[]; startedAt: number }
  | { kind: 'check-started'; id: string }
  | { kind: 'check-ended'; result: AuditResult }
  /** Also sent when the run is cancelled, with what finished, before the call fails as `cancelled`. */
  | { kind: 'ended'; report: AuditReport };

export interface AuditOptions {
  /** Run only these checks (ids); absent runs every check. */
  checks?: string[];
  /**
   * Checks whose requests change something on the server run only when this is true; otherwise they are not
   * applicable, and say so. @default false
   */
  allowSideEffects?: boolean;
  /** How long each request may take before the check records a timeout. @default 30000 */
  requestTimeoutMs?: number;
  /**
   * The tools the person ticked to be called (the `tool-calls` check), each with the arguments they saved for
   * it, if any; the rest are built from its inputSchema. None: the check is not applicable. The person's tick
   * is the consent (the Audit tab asks again before a destructive one), so this is apart from `allowSideEffects`.
   */
  callTools?: AuditToolCall[];
}

/** A tool the audit may call: its name, and the arguments to call it with (absent: built from its inputSchema). */
export interface AuditToolCall {
  name: string;
  arguments?: Record<string, unknown>;
}

export interface AuditApi {
  /**
   * Runs the audit on the current connection. Progress arrives as `audit` events under `runId`; aborting the
   * call cancels the run, and the report (like the `ended` event) holds what finished, marked `cancelled`.
   * With `refused` (a connect that failed), no connection is needed: the report is the refused one, whose
   * `connection` check fails with that error and whose other checks say they could not run.
   */
  runAudit: { params: { runId: string; options?: AuditOptions; refused?: AuditRefusal }; result: AuditReport };
}

const SEVERITY: Record<AuditVerdict, number> = { 'not-applicable': 0, pass: 1, warning: 2, fail: 3 };

/** The more serious of two verdicts (fail over warning over pass over not applicable). */
export function worseVerdict(a: AuditVerdict, b: AuditVerdict): AuditVerdict {
  return SEVERITY[b] > SEVERITY[a] ? b : a;
}

export function countVerdicts(results: readonly Pick<AuditResult, 'verdict'>[]): Record<AuditVerdict, number> {
  const counts: Record<AuditVerdict, number> = { pass: 0, fail: 0, warning: 0, 'not-applicable': 0 };
  for (const { verdict } of results) counts[verdict] += 1;
  return counts;
}

/** "12 checks: 9 pass, 1 fail, 1 warning, 1 not applicable" */
export function summarizeCounts(counts: Record<AuditVerdict, number>): string {
  const total = AUDIT_VERDICTS.reduce((sum, verdict) => sum + counts[verdict], 0);
  const parts = [
    `${counts.pass} pass`,
    `${counts.fail} fail`,
    plural(counts.warning, 'warning'),
    `${counts['not-applicable']} not applicable`,
  ];
  return `${plural(total, 'check')}: ${parts.join(', ')}`;
}

/** How an audit run (by the caller's runId) is going: the audit's event across the boundary. */
export interface AuditEvent {
  type: 'audit';
  runId: string;
  update: AuditUpdate;
}

/**
 * The mark on a request a check sent, in the log (`MessageOrigin`, tagged `feature: 'audit'`): `id` is the check
 * (src/engine/audit/). With `probe`, raw HTTP a check sent beside the session, or its answer: not on the session,
 * so it is never re-sent from the log. No job's: the audit's job finds its results in the `audit` store.
 */
export interface AuditOrigin {
  id: string;
  probe?: true;
}

/** The audit's job in the jobs registry (src/app/calls.ts): what it takes and answers. */
export interface AuditJobs {
  /** "Audit this server": the run's progress and report are in the `audit` store, under the job's id. */
  audit: { params: { options: AuditOptions; refused?: AuditRefusal }; result: AuditReport };
}
