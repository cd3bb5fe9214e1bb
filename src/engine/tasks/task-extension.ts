/**
 * The tasks extension of MCP 2026-07-28 (`io.modelcontextprotocol/tasks`, SEP-2663), which SDK 2.4.0 does
 * not carry: a tools/call the server answers with `resultType: "task"` is followed to its end with
 * `tasks/get`, its requests for input go to the same dialogs as any other (answered with `tasks/update`),
 * and cancelling it sends `tasks/cancel`, never `notifications/cancelled`. The decoding seam is in
 * src/engine/sdk/sdk-client.ts; the Tasks tab's list, result and cancel are in tasks.ts.
 */
import { boundJson } from '../../shared/bounds.ts';
import type { EngineError } from '../../shared/errors.ts';
import type { TaskInfo } from '../../shared/tasks.ts';
import type { TaskFollowPolicy } from '../../shared/task-info.ts';
import type { Clock } from '../clock.ts';
import { explainError } from '../errors/explain-error.ts';
import type { LensClient } from '../sdk/sdk-client.ts';
import { rawRequest } from '../features/paginate.ts';
import { cancelForInput, sendTaskCancel } from './cancel-task.ts';
import { followPolls } from './follower.ts';
import { isTerminal, readDetailedTask, readTask, taskFailure, type DetailedTask } from './tasks.ts';
import { describeError } from '../../shared/read.ts';

/** A task that keeps asking for input past this many answers is treated as looping. */
const MAX_INPUTS_PER_TASK = 50;
/** A task id travels in every poll's body and Mcp-Name header and in our messages: longer is not a handle. */
const MAX_TASK_ID_CHARS = 512;
/** Polls in a row whose response stream broke before the answer; past this the follow gives up. */
const MAX_LOST_POLLS = 3;

export interface FollowOptions {
  signal?: AbortSignal;
  /** Timeout of each tasks/get and tasks/update. */
  requestTimeoutMs: number;
  /** How long the call follows the task; after that the task runs on without us, listed in the Tasks tab. */
  maxTotalMs: number;
  /** Paces the polls and bounds the follow. */
  clock: Clock;
  onStatus: (task: TaskInfo) => void;
  note: (level: 'info' | 'warning', text: string) => void;
  /** Whether to answer the task's questions and how to pace the polls. @default answer, the server's pace */
  policy?: TaskFollowPolicy;
}

/** The task handle a `resultType: "task"` answer carries; a bad-response error when it has no taskId. */
export function readCreatedTask(answer: Record<string, unknown>): TaskInfo {
  const task = readTask(answer);
  if (task && task.taskId.length > MAX_TASK_ID_CHARS) {
    throw {
      code: 'bad-response',
      message: `The server answered with a task whose taskId is ${task.taskId.length} characters long; MCP Lens follows ids of up to ${MAX_TASK_ID_CHARS}.`,
    } satisfies EngineError;
  }
  if (task) return task;
  throw {
    code: 'bad-response',
    message: 'The server answered with resultType "task" but sent no taskId, so there is nothing to follow.',
    detail: JSON.stringify(boundJson(answer)),
  } satisfies EngineError;
}

/**
 * Follows the task with `tasks/get` (follower.ts: the server's `pollIntervalMs`, or backing off) until it ends,
 * answering its requests for input on the way. Resolves with a completed task's result; rejects with a
 * failed task's error, or when it was cancelled.
 */
export async function followTaskToEnd(
  client: LensClient,
  created: TaskInfo,
  options: FollowOptions,
): Promise<{ task: TaskInfo; result: Record<string, unknown> }> {
  const { taskId } = created;
  // Ends the follow early: the caller's abort, or an answer MCP Lens could not give.
  const stop = new AbortController();
  let failure: unknown;
  const onAbort = () => stop.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', onAbort, { once: true });
  if (options.signal?.aborted) onAbort();
  const desk = createInputDesk(client, taskId, {
    timeoutMs: options.requestTimeoutMs,
    stop: stop.signal,
    fail(error) {
      failure ??= error;
      stop.abort(error);
    },
  });
  const cancelTask = async (why: string) => {
    options.note('info', `Sent tasks/cancel for task ${taskId}: ${why}.`);
    const failed = await sendTaskCancel(client, taskId, options.requestTimeoutMs);
    if (failed !== undefined)
      options.note(
        'warning',
        `tasks/cancel for task ${taskId} failed: ${failed}. The task may still be running; cancel it from the Tasks tab.`,
      );
  };
  const stopAtInput = options.policy?.inputRequired === 'cancel';

  const deadline = options.clock.now() + options.maxTotalMs;
  let detail: DetailedTask = { task: created, inputRequests: [] };
  let lostPolls = 0;
  try {
    detail = await followPolls<DetailedTask>({
      first: detail,
      taskOf: (current) => current.task,
      // Stopping at input_required comes before the desk: a caller that answers nothing is never asked.
      done: (current) => isTerminal(current.task) || (stopAtInput && current.task.status === 'input_required'),
      beforeWait(current) {
        desk.sync(current);
        if (options.clock.now() >= deadline) {
          throw {
            code: 'timeout',
            message: `Stopped following task ${taskId} after ${Math.round(options.maxTotalMs / 1000)} s (the call's total timeout); it is still ${current.task.status} on the server. Refresh the Tasks tab to see how it ends, or raise the total timeout.`,
          } satisfies EngineError;
        }
      },
      async poll() {
        let raw: unknown;
        try {
          raw = await rawRequest(client, 'tasks/get', { taskId }, { signal: stop.signal, timeout: options.requestTimeoutMs });
          lostPolls = 0;
        } catch (error) {
          // 2026-07-28 re-issues a request whose stream broke: here that is the poll, never the tool call.
          if (stop.signal.aborted || explainError(error).lostInTransit !== true || ++lostPolls > MAX_LOST_POLLS) throw error;
          options.note('info', `The response stream for tasks/get (task ${taskId}) ended before the answer; polling again.`);
          return undefined;
        }
        const next = readDetailedTask(raw);
        if (!next || next.task.taskId !== taskId) {
          throw {
            code: 'bad-response',
            message: `tasks/get for task ${taskId} returned ${next ? `task ${next.task.taskId}` : 'no task'}.`,
            detail: JSON.stringify(boundJson(raw)),
          } satisfies EngineError;
        }
        return next;
      },
      onStatus: options.onStatus,
      clock: options.clock,
      signal: stop.signal,
      ...(options.policy?.backoffCapMs !== undefined && { backoffCapMs: options.policy.backoffCapMs }),
    });
  } catch (error) {
    if (options.signal?.aborted) {
      await cancelTask('the call was cancelled');
      throw {
        code: 'cancelled',
        message: `The call was cancelled; MCP Lens asked the server to cancel task ${taskId} (tasks/cancel).`,
      } satisfies EngineError;
    }
    if (failure !== undefined) await cancelTask('MCP Lens could not answer its request for input, and a task cannot be told so');
    throw notReissued(failure ?? error, taskId);
  } finally {
    desk.close();
    options.signal?.removeEventListener('abort', onAbort);
  }

  const { task } = detail;
  if (task.status === 'input_required') throw await cancelForInput(client, task, options.requestTimeoutMs);
  if (task.status === 'failed') throw taskFailure(detail);
  if (task.status === 'cancelled')
    throw {
      code: 'cancelled',
      message: `The task was cancelled${task.statusMessage ? `: ${task.statusMessage.slice(0, 300)}` : '.'}`,
    } satisfies EngineError;
  if (!detail.result)
    throw {
      code: 'bad-response',
      message: `Task ${taskId} completed without a result, which the tasks extension requires.`,
    } satisfies EngineError;
  return { task, result: detail.result };
}

interface DeskDeps {
  timeoutMs: number;
  stop: AbortSignal;
  fail(error: unknown): void;
}

/**
 * A task's requests for input: each key is put to the person once (the server repeats outstanding ones on
 * every poll, and keys are unique for a task's lifetime), answered with its own `tasks/update`, and its
 * dialog withdrawn when the server stops asking.
 */
function createInputDesk(client: LensClient, taskId: string, deps: DeskDeps) {
  const seen = new Set<string>();
  const open = new Map<string, AbortController>();

  async function answer(key: string, request: DetailedTask['inputRequests'][number][1], dialog: AbortController): Promise<void> {
    let response: Record<string, unknown>;
    try {
      response = await client.fulfilInputRequest(key, request.method, request.params, dialog.signal);
    } catch (error) {
      if (!dialog.signal.aborted) deps.fail(refused(request.method, error));
      return;
    } finally {
      if (open.get(key) === dialog) open.delete(key);
    }
    try {
      // A computed key is an own property even for "__proto__", so any key the server chose goes back as sent.
      await rawRequest(
        client,
        'tasks/update',
        { taskId, inputResponses: { [key]: response } },
        { signal: deps.stop, timeout: deps.timeoutMs },
      );
    } catch (error) {
      if (!deps.stop.aborted) deps.fail(error);
    }
  }

  return {
    sync(detail: DetailedTask) {
      const asking = detail.task.status === 'input_required';
      const keys = new Set(asking ? detail.inputRequests.map(([key]) => key) : []);
      for (const [key, dialog] of open) {
        if (keys.has(key)) continue;
        open.delete(key);
        dialog.abort('the task no longer asks for it');
      }
      for (const [key, request] of asking ? detail.inputRequests : []) {
        if (seen.has(key)) continue;
        if (seen.size >= MAX_INPUTS_PER_TASK) {
          deps.fail({
            code: 'protocol',
            message: `Task ${taskId} kept asking for input: MCP Lens stopped after ${MAX_INPUTS_PER_TASK} requests. The server may be looping; its last request is in the Message log.`,
          } satisfies EngineError);
          return;
        }
        seen.add(key);
        const dialog = new AbortController();
        open.set(key, dialog);
        void answer(key, request, dialog);
      }
    },
    close() {
      for (const dialog of open.values()) dialog.abort('the task is no longer followed');
      open.clear();
    },
  };
}

/**
 * An error once the task exists: never "lost in transit", which would make the engine re-issue the whole
 * tools/call (a second task, a second deploy), and it says where the task went.
 */
function notReissued(error: unknown, taskId: string): EngineError {
  const { lostInTransit, ...explained } = explainError(error);
  if (!lostInTransit) return explained;
  return {
    ...explained,
    message: `${explained.message} Task ${taskId} may still be running on the server; Refresh the Tasks tab to see it.`,
  };
}

function refused(method: string, error: unknown): EngineError {
  const message = describeError(error);
  const rpcCode = (error as { code?: unknown } | null)?.code;
  return {
    code: 'protocol',
    message: `MCP Lens refused the task's ${method.slice(0, 100)}: ${message.slice(0, 500)} A task's inputResponses carry only answers, so MCP Lens cancelled the task (tasks/cancel) instead.`,
    ...(typeof rpcCode === 'number' && { rpcCode }),
    detail: message,
  };
}
