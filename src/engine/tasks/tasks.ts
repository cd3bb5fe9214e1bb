/**
 * Tasks (2025-11-25, experimental): creating a tool call as a task, polling it with tasks/get, fetching its
 * result with tasks/result, and the Tasks tab's list and cancel, which also serve the 2026-07-28 tasks
 * extension (its follower is task-extension.ts). The SDK v2 types no task methods, so they
 * go through its explicit-schema `request()` overload with a pass-through schema; we read results
 * defensively ourselves, as with every other server payload.
 */
import type { Client } from '@modelcontextprotocol/client';
import { boundJson } from '../../shared/bounds.ts';
import type { EngineError } from '../../shared/errors.ts';
import { TERMINAL_TASK_STATUSES, type TaskInfo, type TaskList, type TaskPayload, type TasksApi } from '../../shared/tasks.ts';
import type { TaskFollowPolicy } from '../../shared/task-info.ts';
import type { Clock } from '../clock.ts';
import { cancelForInput, sendTaskCancel } from './cancel-task.ts';
import { followPolls } from './follower.ts';
import type { FeatureContext, Handlers } from '../features/feature-context.ts';
import type { Session } from '../session/session.ts';
import { rememberTask, type KnownTasks } from './known-tasks.ts';
import { requestWith } from '../wire/call-marks.ts';
import { rawRequest } from '../features/paginate.ts';
import { shapeOutcome } from '../features/tool-outcome.ts';
import { isRecord, num, str } from '../../shared/read.ts';

const MAX_LIST_PAGES = 50;

/** A Task from an untrusted server; undefined when there is no usable taskId. */
export function readTask(value: unknown): TaskInfo | undefined {
  if (!isRecord(value) || typeof value.taskId !== 'string' || value.taskId === '') return undefined;
  const nonNegative = (v: unknown) => {
    const n = num(v);
    return n !== undefined && n >= 0 ? n : undefined;
  };
  const info: TaskInfo = { taskId: value.taskId, status: str(value.status) ?? 'unknown' };
  const statusMessage = str(value.statusMessage);
  if (statusMessage !== undefined) info.statusMessage = statusMessage;
  const createdAt = str(value.createdAt);
  if (createdAt !== undefined) info.createdAt = createdAt;
  const lastUpdatedAt = str(value.lastUpdatedAt);
  if (lastUpdatedAt !== undefined) info.lastUpdatedAt = lastUpdatedAt;
  // 2025-11-25 names them ttl and pollInterval; the 2026-07-28 extension ttlMs and pollIntervalMs.
  const ttl = Object.hasOwn(value, 'ttlMs') ? value.ttlMs : value.ttl;
  if (ttl === null) info.ttl = null;
  else if (nonNegative(ttl) !== undefined) info.ttl = nonNegative(ttl)!;
  const pollInterval = nonNegative(value.pollIntervalMs) ?? nonNegative(value.pollInterval);
  if (pollInterval !== undefined) info.pollInterval = pollInterval;
  return info;
}

/** What the tasks extension (2026-07-28) carries beside the task: its requests for input, its result or its error. */
export interface DetailedTask {
  task: TaskInfo;
  /** `input_required`: the outstanding requests by key, in the server's order (at most MAX_INPUT_REQUESTS). */
  inputRequests: Array<[key: string, request: { method: string; params?: Record<string, unknown> }]>;
  /** `completed`: what the original request would have returned. */
  result?: Record<string, unknown>;
  /** `failed`: the JSON-RPC error the request ended with. */
  error?: { code?: number; message: string; data?: unknown };
}

/** More outstanding requests than a person can answer in one sitting are left for a later poll. */
const MAX_INPUT_REQUESTS = 20;
const MAX_INPUT_KEY_CHARS = 200;

/** A `tasks/get` result (or `notifications/tasks` params) of the tasks extension; undefined without a usable taskId. */
export function readDetailedTask(value: unknown): DetailedTask | undefined {
  const task = readTask(value);
  if (!task || !isRecord(value)) return undefined;
  const asked = isRecord(value.inputRequests) ? Object.entries(value.inputRequests) : [];
  const inputRequests = asked.flatMap(([key, entry]): DetailedTask['inputRequests'] => {
    if (key.length > MAX_INPUT_KEY_CHARS || !isRecord(entry) || typeof entry.method !== 'string') return [];
    return [[key, { method: entry.method, ...(isRecord(entry.params) && { params: entry.params }) }]];
  });
  const error = isRecord(value.error) ? value.error : undefined;
  return {
    task,
    inputRequests: inputRequests.slice(0, MAX_INPUT_REQUESTS),
    ...(isRecord(value.result) && { result: value.result }),
    ...(error && {
      error: {
        ...(typeof error.code === 'number' && { code: error.code }),
        message: typeof error.message === 'string' ? error.message.slice(0, 1000) : '(no message)',
        ...(error.data !== undefined && { data: boundJson(error.data) }),
      },
    }),
  };
}

/** A `failed` task as the error of the call it stood for. */
export function taskFailure(detail: DetailedTask): EngineError {
  const why = detail.error
    ? `JSON-RPC error${detail.error.code === undefined ? '' : ` ${detail.error.code}`}: ${detail.error.message}`
    : 'the server sent no error with it';
  return {
    code: 'protocol',
    message: `The task failed (${why})${detail.task.statusMessage ? ` — ${detail.task.statusMessage.slice(0, 300)}` : ''}.`,
    ...(detail.error?.code !== undefined && { rpcCode: detail.error.code }),
    detail: JSON.stringify(boundJson(detail.error ?? {})),
  };
}

export const isTerminal = (task: TaskInfo) => TERMINAL_TASK_STATUSES.includes(task.status);

async function getTask(client: Client, taskId: string, signal?: AbortSignal): Promise<TaskInfo> {
  const task = readTask(await rawRequest(client, 'tasks/get', { taskId }, signal ? { signal } : {}));
  if (!task) throw badResponse('tasks/get returned no task (taskId missing).');
  return task;
}

export interface FollowTaskOptions {
  signal?: AbortSignal;
  /** Timeout of the blocking tasks/result request. */
  resultTimeoutMs: number;
  /** Paces the polls. */
  clock: Clock;
  onStatus: (task: TaskInfo) => void;
  /** Whether to fetch tasks/result at input_required (where the questions come) and how to pace the polls. */
  policy?: TaskFollowPolicy;
}

/**
 * 2025-11-25: follows a task (follower.ts) until it ends or needs input, then fetches its payload with
 * tasks/result (which, for input_required, is where the server delivers its requests to us), or, when the
 * policy answers nothing, cancels it there. Aborting sends tasks/cancel, awaited before the call ends.
 */
export async function followTask(
  client: Client,
  created: TaskInfo,
  options: FollowTaskOptions,
): Promise<{ task: TaskInfo; result: unknown }> {
  let task = created;
  try {
    task = await followPolls<TaskInfo>({
      first: created,
      taskOf: (current) => current,
      done: (current) => isTerminal(current) || current.status === 'input_required',
      poll: async (signal) => (task = await getTask(client, task.taskId, signal)),
      onStatus: options.onStatus,
      clock: options.clock,
      ...(options.signal && { signal: options.signal }),
      ...(options.policy?.backoffCapMs !== undefined && { backoffCapMs: options.policy.backoffCapMs }),
    });
    if (task.status === 'input_required' && options.policy?.inputRequired === 'cancel') throw await cancelForInput(client, task);
    if (task.status === 'cancelled')
      throw {
        code: 'cancelled',
        message: `The task was cancelled${task.statusMessage ? `: ${task.statusMessage}` : '.'}`,
      } satisfies EngineError;
    const result = await rawRequest(
      client,
      'tasks/result',
      { taskId: task.taskId },
      { ...(options.signal && { signal: options.signal }), timeout: options.resultTimeoutMs },
    );
    // tasks/result blocks until the task ends; one last look records its final status.
    const final = await getTask(client, task.taskId).catch(() => task);
    options.onStatus(final);
    return { task: final, result };
  } catch (error) {
    if (options.signal?.aborted && !isTerminal(task)) await sendTaskCancel(client, task.taskId);
    throw error;
  }
}

function badResponse(message: string): EngineError {
  return { code: 'bad-response', message };
}

/** The task as this session knows it: with the tool that started it, when this session started it. */
const withTool = (known: KnownTasks, session: Session, task: TaskInfo): TaskInfo => known.get(session)?.get(task.taskId) ?? task;

export function taskHandlers(ctx: FeatureContext, known: KnownTasks): Handlers<TasksApi> {
  /** The tasks extension has no tasks/result: a completed task carries its result in tasks/get. */
  async function modernTaskResult(session: Session, taskId: string, started: number, signal?: AbortSignal): Promise<TaskPayload> {
    const raw = await rawRequest(session.client, 'tasks/get', { taskId }, signal ? { signal } : {});
    const detail = readDetailedTask(raw);
    if (!detail) throw badResponse('tasks/get returned no task (taskId missing).');
    rememberTask(known, session, detail.task);
    if (detail.task.status === 'failed') throw taskFailure(detail);
    if (detail.task.status !== 'completed') {
      throw {
        code: 'protocol',
        message: `The task has no result yet: it is ${detail.task.status}. A completed task carries its result; Refresh and try again when it has finished.`,
      } satisfies EngineError;
    }
    if (!detail.result) throw badResponse('The task is completed but tasks/get carried no result.');
    return {
      outcome: await shapeOutcome(detail.result, { durationMs: ctx.clock.now() - started, task: detail.task }),
      raw: boundJson(detail.result),
      source: 'tasks/get',
    };
  }

  return {
    async listTasks(_params, signal): Promise<TaskList> {
      const session = ctx.requireSession();
      const tasksCap = session.summary.capabilities.tasks;
      // The 2026-07-28 extension has no tasks/list: the tab lists the handles this session was given.
      if (session.profile.listTasks === 'tasks/list' && isRecord(tasksCap) && tasksCap.list !== undefined) {
        const tasks: TaskInfo[] = [];
        let cursor: string | undefined;
        let pages = 0;
        const seen = new Set<string>();
        do {
          const page = await rawRequest(session.client, 'tasks/list', cursor === undefined ? {} : { cursor }, signal ? { signal } : {});
          pages += 1;
          const list = isRecord(page) && Array.isArray(page.tasks) ? page.tasks : [];
          for (const raw of list) {
            const task = readTask(boundJson(raw));
            if (task) tasks.push(task);
          }
          cursor = isRecord(page) && typeof page.nextCursor === 'string' ? page.nextCursor : undefined;
          if (cursor !== undefined && seen.has(cursor)) {
            ctx.note('warning', `tasks/list returned cursor ${JSON.stringify(cursor)} twice; stopped paging to avoid a loop.`);
            break;
          }
          if (cursor !== undefined) seen.add(cursor);
        } while (cursor !== undefined && pages < MAX_LIST_PAGES);
        for (const task of tasks) rememberTask(known, session, task);
        return { tasks: tasks.map((task) => withTool(known, session, task)), source: 'server', pages };
      }
      const mine = [...(known.get(session)?.values() ?? [])];
      const refreshed = await Promise.all(
        mine.map((task) => (isTerminal(task) ? task : getTask(session.client, task.taskId, signal).catch(() => task))),
      );
      for (const task of refreshed) rememberTask(known, session, task);
      return { tasks: refreshed.map((task) => withTool(known, session, task)), source: 'session', pages: 0 };
    },
    async getTask({ taskId }, signal) {
      const session = ctx.requireSession();
      const task = await getTask(session.client, taskId, signal);
      rememberTask(known, session, task);
      return task;
    },
    async taskResult({ taskId }, signal, job) {
      const session = ctx.requireSession();
      const started = ctx.clock.now();
      if (session.profile.taskResultVia === 'tasks/get')
        return ctx.asJob(job, requestWith('tasks/get', { taskId }), () => modernTaskResult(session, taskId, started, signal));
      const raw = await ctx.asJob(job, requestWith('tasks/result', { taskId }), () =>
        rawRequest(session.client, 'tasks/result', { taskId }, signal ? { signal } : {}),
      );
      const task = await getTask(session.client, taskId, signal).catch(() => undefined);
      if (task) rememberTask(known, session, task);
      const record = isRecord(raw) ? raw : {};
      return {
        outcome: await shapeOutcome(record, { durationMs: ctx.clock.now() - started, ...(task && { task }) }),
        raw: boundJson(raw),
        source: 'tasks/result',
      };
    },
    async cancelTask({ taskId }, signal, job) {
      const session = ctx.requireSession();
      const cancelled = await ctx.asJob(job, requestWith('tasks/cancel', { taskId }), () =>
        rawRequest(session.client, 'tasks/cancel', { taskId }, signal ? { signal } : {}),
      );
      const task = readTask(cancelled) ?? (await getTask(session.client, taskId, signal));
      rememberTask(known, session, task);
      return task;
    },
  };
}
