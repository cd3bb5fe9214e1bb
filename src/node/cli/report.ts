/**
 * What a run found, as data, and the three ways it is told: one line per tool as it happens, the closing
 * summary line, and the `--json` document. The exit code is read from the same data, so the words and the
 * status cannot disagree.
 */
import type { ProtocolEra, ToolCallOutcome, TransportKind } from '../../shared/model.ts';
import { formatCount } from '../../shared/read.ts';
import { formatDuration } from './duration.ts';
import { EXIT, type ExitCode } from '../command/exit-codes.ts';

/** `needs-input`: the tool became a task that asked for input; the CLI answers none, so it cancelled the task. */
type ToolStatus = 'passed' | 'failed' | 'skipped' | 'needs-input';

export interface ToolReport {
  name: string;
  status: ToolStatus;
  /** One line on what happened: the answer, the failure, or why the tool was not called. */
  detail: string;
  durationMs?: number;
  /** The call's own timeout passed (it was cancelled). */
  timedOut?: true;
  /** The task the call became, as last seen. */
  task?: { taskId: string; status: string };
  /** What the tool returned, as the Tools tab shows it (bounded by the engine): `--json` carries it, `--verbose` prints it. */
  result?: ToolCallOutcome;
}

export interface RunReport {
  url: string;
  server?: { name: string; version: string; protocolVersion: string; era: ProtocolEra; transport: TransportKind };
  /** The step that ended the run early, when one did. */
  stopped?: { step: 'connect' | 'list'; message: string };
  /** The --deadline passed before the run finished. */
  deadlineExceeded: boolean;
  deadlineMs: number;
  tools: ToolReport[];
  durationMs: number;
}

export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
  needsInput: number;
}

export function countsOf(report: RunReport): Counts {
  const count = (status: ToolStatus) => report.tools.filter((tool) => tool.status === status).length;
  // A listing that failed is a failed check of the server, though it names no tool.
  const listFailed = report.stopped?.step === 'list' ? 1 : 0;
  return { passed: count('passed'), failed: count('failed') + listFailed, skipped: count('skipped'), needsInput: count('needs-input') };
}

/** Ranked as in exit-codes.ts: a cut-short run says so first, whatever else it found. */
export function exitCodeOf(report: RunReport): ExitCode {
  if (report.deadlineExceeded) return EXIT.deadline;
  if (report.stopped?.step === 'connect') return EXIT.connect;
  return countsOf(report).failed > 0 ? EXIT.failed : EXIT.passed;
}

/** How each status starts its line: a person scanning the run finds failures by the word. */
const LEAD: Record<ToolStatus, (name: string) => string> = {
  passed: (name) => `call ${name}: `,
  failed: (name) => `call ${name}: failed — `,
  skipped: (name) => `skip ${name}: `,
  'needs-input': (name) => `call ${name}: needs input — `,
};

export function toolLine(tool: ToolReport): string {
  const took = tool.durationMs === undefined ? '' : ` [${formatDuration(tool.durationMs)}]`;
  return `${LEAD[tool.status](tool.name)}${tool.detail}${took}`;
}

/** Skipped tools past this many are counted in the human report, not listed: `--json` lists each. */
const SKIPS_LISTED = 50;

/**
 * The human report's tool lines: every call made, and the first 50 skips, so a server with thousands of
 * tools the CLI may not call gives a report a person can read. `rest` counts the skips left out.
 */
export function toolLines(listed = SKIPS_LISTED) {
  let skips = 0;
  return {
    line(tool: ToolReport): string | undefined {
      if (tool.status === 'skipped' && ++skips > listed) return undefined;
      return toolLine(tool);
    },
    rest(): string | undefined {
      const left = skips - listed;
      return left > 0 ? `skip ${formatCount(left)} more tools, not listed here (--json lists each with its reason)` : undefined;
    },
  };
}

/** `12 passed, 1 failed, 4 skipped in 3.2 s`, with what else a reader must know on the same line. */
export function summaryLine(report: RunReport): string {
  const { passed, failed, skipped, needsInput } = countsOf(report);
  const extra = [
    ...(needsInput > 0 ? [`${formatCount(needsInput)} needed input (cancelled)`] : []),
    ...(report.stopped?.step === 'connect' ? ['could not connect'] : []),
    ...(report.deadlineExceeded ? [`deadline of ${formatDuration(report.deadlineMs)} passed`] : []),
  ];
  return `${formatCount(passed)} passed, ${formatCount(failed)} failed, ${formatCount(skipped)} skipped${extra.map((part) => `, ${part}`).join('')} in ${formatDuration(report.durationMs)}`;
}

/** The `--json` document: everything the human report says, plus the exit code, in one object. */
export function jsonDocument(report: RunReport): Record<string, unknown> {
  return {
    url: report.url,
    server: report.server ?? null,
    ...(report.stopped && { stopped: report.stopped }),
    tools: report.tools,
    summary: { ...countsOf(report), durationMs: report.durationMs, deadlineExceeded: report.deadlineExceeded },
    exitCode: exitCodeOf(report),
  };
}
