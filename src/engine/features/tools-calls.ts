/** Tool listing and calling, on the SDK client, shaped for the inspector. */
import type { Client } from '@modelcontextprotocol/client';
import type { CallDeadline } from '../guards/call-deadline.ts';
import { SDK_BACKSTOP_MS } from './answering-deadline.ts';
import { isCreatedTask, isInputRoundProgress, type LensClient } from '../sdk/sdk-client.ts';
import { readToolUi } from '../../shared/apps.ts';
import { boundJson } from '../../shared/bounds.ts';
import type { EngineError } from '../../shared/errors.ts';
import type { CallProgress } from '../../shared/events.ts';
import type { CacheHints, Tool, ToolCallOutcome, ToolCallParams, ToolList } from '../../shared/model.ts';
import type { TaskInfo } from '../../shared/tasks.ts';
import type { TaskFollowPolicy } from '../../shared/task-info.ts';
import { readIcons } from '../session/session.ts';
import type { Clock } from '../clock.ts';
import { listAllPages, rawRequest } from './paginate.ts';
import { loadTaskExtension, loadTasks } from '../tasks/load.ts';
import { shapeOutcome } from './tool-outcome.ts';

export async function listAllTools(
  client: Client,
  options: { signal?: AbortSignal; note: (text: string) => void; after?: string },
): Promise<ToolList & { hints?: CacheHints }> {
  const { items, pages, hints, more } = await listAllPages(client, 'tools/list', 'tools', (value) => readTool(value)[0], options);
  return { tools: items, pages, ...(hints && { hints }), ...(more && { more }) };
}

export function readTool(value: unknown): Tool[] {
  if (typeof value !== 'object' || value === null) return [];
  const raw = value as Record<string, unknown>;
  if (typeof raw.name !== 'string') return [];
  const schema = (v: unknown) =>
    typeof v === 'object' && v !== null && !Array.isArray(v) ? (boundJson(v) as Record<string, unknown>) : undefined;
  const annotations = schema(raw.annotations);
  const execution = schema(raw.execution);
  const outputSchema = schema(raw.outputSchema);
  const ui = readToolUi(raw._meta);
  return [
    {
      name: raw.name,
      ...(typeof raw.title === 'string' && { title: raw.title }),
      ...(typeof raw.description === 'string' && { description: raw.description }),
      // Kept verbatim (bounded): the form is generated from exactly what the server declared.
      inputSchema: schema(raw.inputSchema) ?? { type: 'object' },
      ...(outputSchema !== undefined && { outputSchema }),
      ...(annotations !== undefined && { annotations }),
      ...(execution !== undefined && { execution }),
      icons: readIcons(raw.icons),
      ...(ui && { ui }),
    },
  ];
}

export interface CallToolOptions {
  signal?: AbortSignal;
  /**
   * The call's own timeout, which pauses while a person answers the server. When given, it replaces the
   * SDK's timeout for the tools/call request (the SDK's cannot pause); following a task keeps its own limits.
   */
  deadline?: CallDeadline;
  /** Extra HTTP headers for this call (the `Mcp-Param-*` mirror of its arguments). */
  headers?: Record<string, string>;
  timeoutMs: number;
  maxTotalTimeoutMs: number;
  outputSchema?: Record<string, unknown>;
  clock: Clock;
  onProgress?: (progress: CallProgress) => void;
  /** Where a task's state goes, whichever era's: remembered for the Tasks tab, and shown on the running call. */
  taskHooks: { onStatus: (task: TaskInfo) => void; remember: (task: TaskInfo) => void };
  /** 2025-11-25: run as a task (tools/call with `task`, then tasks/get until done, then tasks/result). */
  asTask?: boolean;
  /** How a task, in either era, is followed (ToolCallParams.taskFollow). */
  taskFollow?: TaskFollowPolicy;
  note: (level: 'info' | 'warning', text: string) => void;
}

export async function callTool(client: LensClient, params: ToolCallParams, options: CallToolOptions): Promise<ToolCallOutcome> {
  try {
    return await callToolOnce(client, params, options);
  } catch (error) {
    // The SDK turns any abort reason into its own "timed out" error; the deadline knows what really happened.
    throw options.deadline?.expired ?? error;
  }
}

async function callToolOnce(client: LensClient, params: ToolCallParams, options: CallToolOptions): Promise<ToolCallOutcome> {
  const { clock, deadline } = options;
  const started = clock.now();
  const signal = deadline?.signal ?? options.signal;
  const requestOptions = {
    ...(signal && { signal }),
    // Giving the SDK a progress callback makes it put a progressToken (the request id) on the call and
    // route notifications/progress to it; the log shows them either way.
    onprogress: (progress: Parameters<typeof readProgress>[0]) => {
      deadline?.progressed();
      // The SDK's own word for an input_required round is not the server's progress; the round is shown
      // beside the call where it waits for the person (WaitingForInput).
      if (!isInputRoundProgress(progress)) options.onProgress?.(readProgress(progress));
    },
    ...(deadline
      ? { timeout: SDK_BACKSTOP_MS }
      : { timeout: options.timeoutMs, resetTimeoutOnProgress: true, maxTotalTimeout: options.maxTotalTimeoutMs }),
    ...(options.headers && Object.keys(options.headers).length > 0 && { headers: options.headers }),
  };
  let result: Record<string, unknown>;
  let task: TaskInfo | undefined;
  const hooks = options.taskHooks;
  const onStatus = (status: TaskInfo) => {
    hooks.remember(status);
    hooks.onStatus(status);
  };
  if (options.asTask) {
    const { followTask, readTask } = await loadTasks();
    const created = await rawRequest(client, 'tools/call', { name: params.name, arguments: params.arguments, task: {} }, requestOptions);
    const createdTask = readTask((created as { task?: unknown } | undefined)?.task);
    if (!createdTask)
      throw {
        code: 'bad-response',
        message: 'The server was asked to run the tool as a task but returned no task (CreateTaskResult.task missing).',
        detail: JSON.stringify(boundJson(created)),
      } satisfies EngineError;
    hooks.remember(createdTask);
    deadline?.dispose();
    const followed = await followTask(client, createdTask, {
      ...(options.signal && { signal: options.signal }),
      resultTimeoutMs: options.maxTotalTimeoutMs,
      clock,
      onStatus,
      ...(options.taskFollow && { policy: options.taskFollow }),
    });
    task = followed.task;
    result = typeof followed.result === 'object' && followed.result !== null ? (followed.result as Record<string, unknown>) : {};
  } else {
    // Not the SDK's callTool(): it throws when structuredContent does not match the outputSchema, and an
    // inspector must show that result beside the mismatch, not instead of it.
    const answer = await client.requestMarked(
      { method: 'tools/call', params: { name: params.name, arguments: params.arguments } },
      requestOptions,
    );
    deadline?.dispose();
    if (isCreatedTask(answer)) {
      // 2026-07-28 with the tasks extension in force: the server chose to answer with a task.
      const { followTaskToEnd, readCreatedTask } = await loadTaskExtension();
      const followed = await followTaskToEnd(client, readCreatedTask(answer), {
        ...(options.signal && { signal: options.signal }),
        requestTimeoutMs: options.timeoutMs,
        maxTotalMs: Math.max(0, options.maxTotalTimeoutMs - (clock.now() - started)),
        clock,
        onStatus,
        note: options.note,
        ...(options.taskFollow && { policy: options.taskFollow }),
      });
      task = followed.task;
      result = followed.result;
    } else result = answer;
  }
  return shapeOutcome(result, {
    durationMs: clock.now() - started,
    ...(task && { task }),
    ...(options.outputSchema && { outputSchema: options.outputSchema }),
  });
}

function readProgress(raw: { progress: number; total?: number | undefined; message?: string | undefined }): CallProgress {
  const progress: CallProgress = { progress: typeof raw.progress === 'number' ? raw.progress : 0 };
  if (typeof raw.total === 'number') progress.total = raw.total;
  if (typeof raw.message === 'string') progress.message = raw.message.slice(0, 1000);
  return progress;
}
