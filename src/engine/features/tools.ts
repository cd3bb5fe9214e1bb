/** tools/list and tools/call, for the Tools tab. */
import type { ToolsApi } from '../../shared/boundary.ts';
import type { EngineError } from '../../shared/errors.ts';
import type { ListRequest, Tool, ToolCallParams } from '../../shared/model.ts';
import type { TaskFollowPolicy } from '../../shared/task-info.ts';
import type { FeatureContext, Handlers } from './feature-context.ts';
import type { Session } from '../session/session.ts';
import { withAnsweringDeadline, type Answering } from './answering-deadline.ts';
import { requestWith } from '../wire/call-marks.ts';
import { rememberTask, serverRunsToolTasks, type KnownTasks } from '../tasks/known-tasks.ts';
import { callTool, listAllTools } from './tools-calls.ts';
import { paramHeaderValues, scanParamHeaders } from '../../shared/mcp-param-headers.ts';

const TOOL_TIMEOUT_MS = 60_000;
/** JSON-RPC error of MCP 2026-07-28: an HTTP header disagrees with the request body. */
const HEADER_MISMATCH = -32020;
const TOOL_MAX_TOTAL_TIMEOUT_MS = 10 * 60_000;
/** Bounds on what the UI may ask for, so a typo cannot make a call wait for days. */
const MIN_TIMEOUT_MS = 1_000;
const MAX_TIMEOUT_MS = 24 * 60 * 60_000;

const bounded = (value: number | undefined, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) ? Math.min(MAX_TIMEOUT_MS, Math.max(MIN_TIMEOUT_MS, value)) : fallback;

/**
 * The last listing of each session's tools: a call reads its tool there (outputSchema, an exclusion, the
 * `Mcp-Param-*` headers to mirror), whether from the Tools tab or re-sent from the log.
 */
export interface ToolIndex {
  get(session: Session, name: string): Tool | undefined;
  /** A new listing replaces what was known; "Load more" adds to it. */
  set(session: Session, tools: Tool[], mode: 'replace' | 'add'): void;
}

export function createToolIndex(): ToolIndex {
  const bySession = new WeakMap<Session, Map<string, Tool>>();
  return {
    get: (session, name) => bySession.get(session)?.get(name),
    set(session, tools, mode) {
      const known = mode === 'add' ? (bySession.get(session) ?? new Map<string, Tool>()) : new Map<string, Tool>();
      for (const tool of tools) known.set(tool.name, tool);
      bySession.set(session, known);
    },
  };
}

export function toolHandlers(
  ctx: FeatureContext,
  knownTasks: KnownTasks = new WeakMap(),
  answering?: Answering,
  index: ToolIndex = createToolIndex(),
): Handlers<ToolsApi> {
  async function listTools(request: ListRequest, signal?: AbortSignal) {
    const session = ctx.requireSession();
    const load = async (after?: string) => {
      const { hints, ...value } = await listAllTools(session.client, {
        ...(signal && { signal }),
        ...(after !== undefined && { after }),
        note: (text) => ctx.note('warning', text),
      });
      if (session.profile.paramHeaders) checkParamHeaders(value.tools, (text) => ctx.note('warning', text));
      return { value, ...(hints && { hints }) };
    };
    // "Load more" continues past a bound: never cached, and its tools join the ones already known.
    if (request?.after !== undefined) {
      const { value } = await load(request.after);
      index.set(session, value.tools, 'add');
      return value;
    }
    const list = await session.cache.serve('tools/list', request, () => load());
    index.set(session, list.tools, 'replace');
    return list;
  }

  /**
   * An app's call is marked as the app's; a job's by its id, the request known by its name and arguments (their
   * JSON built only for a job: most calls carry no mark).
   */
  const sentBy = <T>(params: ToolCallParams, job: string | undefined, send: () => Promise<T>) =>
    params.viaApp !== undefined
      ? ctx.onBehalfOf(params.viaApp, 'tools/call', params.name, send, job)
      : job === undefined
        ? send()
        : ctx.asJob(job, requestWith('tools/call', { name: params.name, arguments: params.arguments }), send);

  async function callListedTool(session: Session, params: ToolCallParams, signal?: AbortSignal, job?: string) {
    const tool = index.get(session, params.name);
    if (tool?.excluded !== undefined) {
      throw {
        code: 'invalid-input',
        message: `MCP Lens does not call "${params.name}": ${tool.excluded}. MCP 2026-07-28 leaves such tools out; fix the tool's inputSchema on the server.`,
      } satisfies EngineError;
    }
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
    const timeoutMs = Math.min(bounded(params.timeoutMs, TOOL_TIMEOUT_MS), maxTotalTimeoutMs);
    const limits = { idleMs: timeoutMs, totalMs: maxTotalTimeoutMs, clock: ctx.clock, answering, signal };
    return withAnsweringDeadline({ method: 'tools/call', target: params.name, ...limits }, (deadline) =>
      sentBy(params, job, () =>
        callTool(session.client, params, {
          ...(signal && { signal }),
          deadline,
          ...(tool?.paramHeaders && { headers: paramHeaderValues(tool.paramHeaders, params.arguments) }),
          ...(outputSchema && { outputSchema }),
          timeoutMs,
          maxTotalTimeoutMs,
          clock: ctx.clock,
          ...(trackingId !== undefined && { onProgress: (progress) => ctx.emit({ type: 'call-progress', trackingId, progress }) }),
          taskHooks: {
            remember: (task) => rememberTask(knownTasks, session, { ...task, tool: params.name }),
            onStatus: (task) => {
              if (trackingId !== undefined) ctx.emit({ type: 'call-progress', trackingId, task });
            },
          },
          ...(asTask && { asTask }),
          ...(params.taskFollow !== undefined && { taskFollow: readTaskFollow(params.taskFollow) }),
          note: ctx.note,
        }),
      ),
    );
  }

  return {
    listTools: (request, signal) => listTools(request, signal),
    async callTool(params, signal, job) {
      const session = ctx.requireSession();
      try {
        return await callListedTool(session, params, signal, job);
      } catch (error) {
        // SEP-2243: -32020 says the mirrored headers disagree with the server's current tool definition.
        if (!session.profile.paramHeaders || (error as { code?: unknown }).code !== HEADER_MISMATCH) throw error;
        ctx.note('info', `The server answered -32020 (header mismatch) to "${params.name}"; listing tools again and retrying once.`);
        await listTools({ cache: 'refresh' }, signal);
        return callListedTool(session, params, signal, job);
      }
    },
  };
}

/** The policy as the caller sent it, with only the values it can hold (the cap bounded like a timeout). */
function readTaskFollow(policy: TaskFollowPolicy): TaskFollowPolicy {
  const { inputRequired, backoffCapMs } = policy;
  return {
    ...((inputRequired === 'answer' || inputRequired === 'cancel') && { inputRequired }),
    ...(typeof backoffCapMs === 'number' && Number.isFinite(backoffCapMs) && { backoffCapMs: bounded(backoffCapMs, MIN_TIMEOUT_MS) }),
  };
}

/**
 * SEP-2243: mark the tools whose `x-mcp-header` declarations break the rules (the spec says leave them
 * out; an inspector shows them, struck through, and never calls them) and note what the others mirror.
 */
function checkParamHeaders(tools: Tool[], warn: (text: string) => void): void {
  for (const tool of tools) {
    const scan = scanParamHeaders(tool.inputSchema);
    if (!scan.ok) {
      tool.excluded = scan.reason;
      warn(`Tool "${tool.name}" is excluded: ${scan.reason}.`);
    } else if (scan.headers.length > 0) tool.paramHeaders = scan.headers;
  }
}
