/** tools/list and tools/call, for the Tools tab. */
import type { ToolsApi } from '../../shared/boundary.ts';
import type { EngineError } from '../../shared/errors.ts';
import type { Tool } from '../../shared/model.ts';
import type { FeatureContext, Handlers } from '../feature-context.ts';
import type { Session } from '../session.ts';
import { rememberTask, serverRunsToolTasks, type KnownTasks } from './tasks.ts';
import { callTool, listAllTools } from './tools-calls.ts';

const TOOL_TIMEOUT_MS = 60_000;
const TOOL_MAX_TOTAL_TIMEOUT_MS = 10 * 60_000;
/** Bounds on what the UI may ask for, so a typo cannot make a call wait for days. */
const MIN_TIMEOUT_MS = 1_000;
const MAX_TIMEOUT_MS = 24 * 60 * 60_000;

const bounded = (value: number | undefined, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) ? Math.min(MAX_TIMEOUT_MS, Math.max(MIN_TIMEOUT_MS, value)) : fallback;

export function toolHandlers(ctx: FeatureContext, knownTasks: KnownTasks = new WeakMap()): Handlers<ToolsApi> {
  // The last listing of each session: callTool validates structuredContent against its outputSchema.
  const toolsBySession = new WeakMap<Session, Map<string, Tool>>();
  return {
    async listTools(_params, signal) {
      const session = ctx.requireSession();
      const list = await listAllTools(session.client, { ...(signal && { signal }), note: (text) => ctx.note('warning', text) });
      toolsBySession.set(session, new Map(list.tools.map((tool) => [tool.name, tool])));
      return list;
    },
    async callTool(params, signal) {
      const session = ctx.requireSession();
      const tool = toolsBySession.get(session)?.get(params.name);
      const outputSchema = tool?.outputSchema;
      const taskSupport = tool?.execution?.taskSupport;
      const serverTasks = serverRunsToolTasks(session.summary.capabilities);
      const asTask = serverTasks && (taskSupport === 'required' || (taskSupport === 'optional' && params.asTask === true));
      if (params.asTask === true && !asTask) {
        throw {
          code: 'protocol',
          message: serverTasks
            ? `The tool does not support running as a task (execution.taskSupport is ${JSON.stringify(taskSupport ?? 'forbidden')}). Run it normally.`
            : 'The server does not declare tasks for tools/call (capabilities.tasks.requests.tools.call). Run the tool normally.',
        } satisfies EngineError;
      }
      const trackingId = params.trackingId;
      const maxTotalTimeoutMs = bounded(params.maxTotalTimeoutMs, TOOL_MAX_TOTAL_TIMEOUT_MS);
      return callTool(session.client, params, {
        ...(signal && { signal }),
        ...(outputSchema && { outputSchema }),
        timeoutMs: Math.min(bounded(params.timeoutMs, TOOL_TIMEOUT_MS), maxTotalTimeoutMs),
        maxTotalTimeoutMs,
        now: ctx.now,
        ...(trackingId !== undefined && { onProgress: (progress) => ctx.emit({ type: 'call-progress', trackingId, progress }) }),
        ...(asTask && {
          task: {
            remember: (task) => rememberTask(knownTasks, session, task),
            onStatus: (task) => {
              if (trackingId !== undefined) ctx.emit({ type: 'call-progress', trackingId, task });
            },
          },
        }),
      });
    },
  };
}
