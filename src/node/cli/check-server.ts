/**
 * One run against one server: connect, list the tools, call the planned ones, disconnect. Every request
 * runs under its own timeout inside the run's deadline (limit.ts), so no server behaviour can hold the run
 * past the deadline plus the disconnect's short bound. Results go to `report` as they happen.
 */
import type { Clock } from '../../engine/clock.ts';
import type { Engine } from '../../engine/engine.ts';
import type { EngineApi, EngineMethod } from '../../shared/boundary.ts';
import type { EraChoice, HeaderPair, ProtocolEra, ToolCallOutcome } from '../../shared/model.ts';
import { TERMINAL_TASK_STATUSES, type TaskInfo } from '../../shared/tasks.ts';
import { formatDuration } from './duration.ts';
import { disconnectWithin } from './disconnect.ts';
import { startLimit, within, type Attempt } from './limit.ts';
import { listForLine, pageText } from '../terminal-text.ts';
import { plural } from '../../shared/read.ts';
import { planCalls, type PlannedCall, type Selection } from './plan.ts';
import type { RunReport, ToolReport } from './report.ts';
import { verdictOf } from '../../shared/tool-verdict.ts';
import { serverRefused } from './verdict.ts';
import { withoutAppPointers } from './app-pointers.ts';

/**
 * The engine's own call limits sit this far behind the CLI's, so the CLI's timeout is always the one that
 * fires: it cancels through the call's signal, and the report knows it was a timeout.
 */
const ENGINE_LIMIT_GRACE_MS = 1_000;
/** How long a cancelled request may take to finish cancelling (the engine bounds a tasks/cancel at 10 s). */
const CANCEL_GRACE_MS = 15_000;
/** A task's polls double from the server's pollInterval up to this, so a long task costs a few polls. */
const TASK_POLL_CAP_MS = 5_000;
/** The `tools:` line names this many and counts the rest; `--json` lists them all. */
const TOOLS_NAMED = 50;

export interface CheckOptions {
  url: string;
  headers: HeaderPair[];
  /** `--era`: the era to speak; auto finds the server's. */
  era?: EraChoice;
  callTools: boolean;
  selection: Selection;
  timeoutMs: number;
  deadlineMs: number;
}

export interface CheckDeps {
  engine: Engine;
  clock: Clock;
  /** The task a call became (from the engine's call-progress events), by the call's tracking id. */
  taskOf(trackingId: string): TaskInfo | undefined;
  /** Calls `onProgress` on each progress notification for the call with this tracking id, until the returned stop. */
  watchProgress(trackingId: string, onProgress: () => void): () => void;
  /** Each tool's result as it is known, and other lines for a person. */
  onTool(tool: ToolReport): void;
  say(line: string): void;
}

export async function checkServer(options: CheckOptions, deps: CheckDeps): Promise<RunReport> {
  const { engine, clock } = deps;
  const started = clock.now();
  const deadline = startLimit(clock, options.deadlineMs);
  const report: RunReport = { url: options.url, deadlineExceeded: false, deadlineMs: options.deadlineMs, tools: [], durationMs: 0 };
  const add = (tool: ToolReport) => {
    report.tools.push(tool);
    deps.onTool(tool);
  };

  async function attempt<M extends EngineMethod>(
    method: M,
    params: EngineApi[M]['params'],
    progressOf?: string,
  ): Promise<Attempt<EngineApi[M]['result']>> {
    // A call that reports progress is alive: its timeout starts again, within the deadline.
    return within(clock, options.timeoutMs, (signal) => engine.call(method, params, signal), {
      parent: deadline.signal,
      graceMs: method === 'connect' ? 0 : CANCEL_GRACE_MS,
      ...(progressOf !== undefined && { watch: (limit) => deps.watchProgress(progressOf, () => limit.restart()) }),
    });
  }
  const why = (failed: { error: unknown; timedOut: boolean }, what: string) => {
    if (deadline.passed) return `the deadline of ${formatDuration(options.deadlineMs)} passed during ${what}`;
    if (failed.timedOut) return `no answer to ${what} within ${formatDuration(options.timeoutMs)} (--timeout)`;
    return describe(failed.error, what === 'connect');
  };

  async function run(planned: PlannedCall, trackingId: string, era: ProtocolEra): Promise<ToolReport> {
    const { name } = planned;
    if (planned.kind === 'skip') return { name, status: 'skipped', detail: planned.reason };
    if (planned.kind === 'missing') return { name, status: 'failed', detail: 'the server lists no tool by this name' };
    const began = clock.now();
    // The engine's idle limit also starts again on progress (resetTimeoutOnProgress); its total is what is left of the deadline.
    const deadlineLeftMs = options.deadlineMs - (began - started);
    const result = await attempt(
      'callTool',
      {
        name,
        arguments: planned.arguments,
        trackingId,
        timeoutMs: options.timeoutMs + ENGINE_LIMIT_GRACE_MS,
        maxTotalTimeoutMs: Math.max(options.timeoutMs, deadlineLeftMs) + ENGINE_LIMIT_GRACE_MS,
        taskFollow: { inputRequired: 'cancel', backoffCapMs: TASK_POLL_CAP_MS },
      },
      trackingId,
    );
    const seen = deps.taskOf(trackingId);
    const task = seen && { task: { taskId: seen.taskId, status: seen.status } };
    const durationMs = clock.now() - began;
    if (result.ok) {
      // The verdict the Tools tab and the audit give (shared/tool-verdict.ts): a broken result is a failure.
      const status = verdictOf(result.value) === 'broken' ? 'failed' : 'passed';
      return { name, status, detail: answered(result.value), durationMs, result: result.value, ...task };
    }
    const { error } = result;
    if ((error as { code?: unknown }).code === 'input-required')
      return { name, status: 'needs-input', detail: describe(error), durationMs, ...task };
    if (deadline.passed || result.timedOut) {
      const cancelled = `cancelled (${seen && !TERMINAL_TASK_STATUSES.includes(seen.status) ? `tasks/cancel for task ${seen.taskId}` : wireCancel(era)})`;
      return {
        name,
        status: 'failed',
        detail: `${why(result, 'the call')}; ${cancelled}`,
        durationMs,
        ...(result.timedOut && { timedOut: true }),
        ...task,
      };
    }
    if (serverRefused(error)) return { name, status: 'passed', detail: `answered with an error — ${describe(error)}`, durationMs, ...task };
    return { name, status: 'failed', detail: describe(error), durationMs, ...task };
  }

  try {
    // The engine's handshake timeout is per request (the era probe, then initialize); the CLI's bounds the whole.
    const summary = await attempt('connect', {
      url: options.url,
      transport: 'auto',
      headers: options.headers,
      ...(options.era && { era: options.era }),
      requestTimeoutMs: options.timeoutMs,
    });
    if (!summary.ok) {
      report.stopped = { step: 'connect', message: why(summary, 'connect') };
      return report;
    }
    const { server, protocolVersion, era, transport, capabilities } = summary.value;
    report.server = { name: server.name, version: server.version, protocolVersion, era, transport };
    deps.say(`connected: ${server.name} ${server.version} (${transport}, protocol ${protocolVersion})`);
    if (!capabilities.tools) {
      deps.say('tools: the server offers none (no tools capability)');
      return report;
    }
    const listed = await attempt('listTools', undefined);
    if (!listed.ok) {
      report.stopped = { step: 'list', message: why(listed, 'tools/list') };
      deps.say(`tools/list failed: ${report.stopped.message}`);
      return report;
    }
    const { tools } = listed.value;
    deps.say(
      `tools: ${
        listForLine(
          tools.map((t) => t.name),
          TOOLS_NAMED,
        ) || '(none)'
      }`,
    );
    if (!options.callTools) return report;

    const plan = planCalls(tools, options.selection);
    for (const [index, planned] of plan.entries()) {
      if (deadline.passed) {
        for (const left of plan.slice(index))
          add({ name: left.name, status: 'skipped', detail: `not called: the deadline of ${formatDuration(options.deadlineMs)} passed` });
        break;
      }
      add(await run(planned, `cli-${index}`, era));
    }
  } finally {
    report.deadlineExceeded = deadline.passed;
    deadline.dispose();
    // Also after a failed or cancelled connect: it may have opened a session before it gave up.
    const closing = await disconnectWithin(engine, clock);
    if (closing) deps.say(closing);
    report.durationMs = clock.now() - started;
  }
  return report;
}

/** The answer in a line: the verdict's words first, then what breaks, as the Tools tab lists it. */
function answered(outcome: ToolCallOutcome): string {
  const flagged = outcome.specViolations ? ` — spec violation: ${outcome.specViolations.join(' ')}` : '';
  const task = outcome.task ? `, task ${outcome.task.taskId} ${outcome.task.status}` : '';
  const broken = [
    ...(outcome.contentProblems ?? []).map((problem) => `breaks the spec: ${problem}`),
    ...(outcome.outputSchemaErrors ?? []).map((error) => `outputSchema: ${error}`),
  ];
  const shown = broken.slice(0, 3).join('; ') + (broken.length > 3 ? `; and ${broken.length - 3} more` : '');
  const blocks = `${plural(outcome.content.length, 'block')}${outcome.isError && broken.length > 0 ? ', isError' : ''}${task}`;
  const lead = broken.length > 0 ? 'broken result' : outcome.isError ? 'isError' : 'ok';
  return `${lead} (${blocks})${broken.length > 0 ? ` — ${shown}` : ''}${flagged}`;
}

/** How the engine cancels a plain request in each era (a task gets tasks/cancel instead). */
const wireCancel = (era: ProtocolEra) => (era === 'legacy' ? 'notifications/cancelled' : 'its response stream closed');

/**
 * The engine's one-line message, without its pointers to the app's views; with `withDetail`, the raw detail
 * after it (a failed connection needs it).
 */
function describe(error: unknown, withDetail = false): string {
  const { message, detail } = (typeof error === 'object' && error !== null ? error : {}) as { message?: unknown; detail?: unknown };
  const text = withoutAppPointers(typeof message === 'string' ? message : String(error));
  // An HTML error page is read for its words: a one-line error carries no markup.
  const said = withDetail && typeof detail === 'string' ? pageText(detail).slice(0, 300) : '';
  const extra = said !== '' && !text.includes(said) ? ` (${said})` : '';
  return text + extra;
}
