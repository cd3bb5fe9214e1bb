/**
 * One run against one server: connect, list the tools, call the planned ones, disconnect. Every request
 * runs under its own timeout inside the run's deadline (limit.ts), so no server behaviour can hold the run
 * past the deadline plus the disconnect's short bound. Results go to `report` as they happen.
 */
import type { Clock } from '../../engine/clock.ts';
import type { ProtocolEra, ToolCallOutcome } from '../../shared/model.ts';
import { TERMINAL_TASK_STATUSES } from '../../shared/tasks.ts';
import { formatDuration } from './duration.ts';
import { describe, startRun, type HeadlessEngine, type RunTarget } from './connection.ts';
import { listForLine } from '../terminal-text.ts';
import { plural } from '../../shared/read.ts';
import { planCalls, type PlannedCall, type Selection } from './plan.ts';
import type { RunReport, ToolReport } from './report.ts';
import { verdictOf } from '../../shared/tool-verdict.ts';
import { serverRefused } from './verdict.ts';

/** The `tools:` line names this many and counts the rest; `--json` lists them all. */
const TOOLS_NAMED = 50;

export interface CheckOptions extends RunTarget {
  callTools: boolean;
  selection: Selection;
}

export interface CheckDeps extends HeadlessEngine {
  clock: Clock;
  /** Each tool's result as it is known, and other lines for a person. */
  onTool(tool: ToolReport): void;
  say(line: string): void;
}

export async function checkServer(options: CheckOptions, deps: CheckDeps): Promise<RunReport> {
  const { clock } = deps;
  const session = startRun(options, deps);
  const { started, deadline, attempt, why } = session;
  const report: RunReport = { url: options.url, deadlineExceeded: false, deadlineMs: options.deadlineMs, tools: [], durationMs: 0 };
  const add = (tool: ToolReport) => {
    report.tools.push(tool);
    deps.onTool(tool);
  };

  async function run(planned: PlannedCall, trackingId: string, era: ProtocolEra): Promise<ToolReport> {
    const { name } = planned;
    if (planned.kind === 'skip') return { name, status: 'skipped', detail: planned.reason };
    if (planned.kind === 'missing') return { name, status: 'failed', detail: 'the server lists no tool by this name' };
    const began = clock.now();
    const result = await session.callTool(name, planned.arguments, trackingId);
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
    const summary = await session.connect();
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
    const closing = await session.close();
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
