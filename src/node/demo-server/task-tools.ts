import { randomUUID } from 'node:crypto';

import {
  CLIENT_CAPABILITIES_META_KEY,
  MissingRequiredClientCapabilityError,
  ProtocolError,
  ProtocolErrorCode,
  type CallToolResult,
  type McpServer,
  type ServerContext,
} from '@modelcontextprotocol/server';
import * as z from 'zod';

import { icons } from './icons.ts';

/**
 * The tasks extension of 2026-07-28 (`io.modelcontextprotocol/tasks`, SEP-2663) on the modern leg. The SDK
 * 2.4.0 server does not carry it, but lets it be built: `tasks/*` handlers with their own schemas, and a
 * tools/call result whose `resultType` it passes through. Its result check adds `content: []` to the task
 * handle, which a client reading the handle ignores.
 *
 * `deploy-preview` becomes a task that works, asks which environment, works again and completes. The
 * stages follow the clock, read on each `tasks/get`, so no timer runs between requests; the tasks live on
 * a board shared by every 2026 request (there are no sessions), bounded and pruned after their TTL.
 */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

const MAX_TASKS = 100;
const TTL_MS = 10 * 60_000;
const POLL_MS = 500;
const ENVIRONMENTS = ['staging', 'preview', 'production'] as const;

interface DemoTask {
  taskId: string;
  createdAt: number;
  /** When the question was answered; the second working stage starts here. */
  answeredAt?: number;
  environment?: string;
  cancelledAt?: number;
}

export interface TaskBoard {
  tasks: Map<string, DemoTask>;
  /** How long each working stage lasts. */
  stepMs: number;
  now: () => number;
}

export function createTaskBoard(options: { stepMs?: number; now?: () => number } = {}): TaskBoard {
  return { tasks: new Map(), stepMs: options.stepMs ?? 2_000, now: options.now ?? Date.now };
}

/** Whether this request declared the extension: a task goes only to a client that did, request by request. */
const declaresTasks = (ctx: ServerContext): boolean => {
  // The SDK types the envelope as an empty object; the keys are there as the request carried them.
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
  const capabilities = envelope?.[CLIENT_CAPABILITIES_META_KEY] as { extensions?: object } | undefined;
  return (
    typeof capabilities?.extensions === 'object' &&
    capabilities.extensions !== null &&
    Object.hasOwn(capabilities.extensions, TASKS_EXTENSION)
  );
};

function statusOf(board: TaskBoard, task: DemoTask): { status: string; statusMessage: string; updatedAt: number } {
  const now = board.now();
  if (task.cancelledAt !== undefined)
    return { status: 'cancelled', statusMessage: 'Cancelled by the client.', updatedAt: task.cancelledAt };
  if (task.answeredAt === undefined) {
    const asking = task.createdAt + board.stepMs;
    return now < asking
      ? { status: 'working', statusMessage: 'Building the preview…', updatedAt: task.createdAt }
      : { status: 'input_required', statusMessage: 'Waiting for you to pick an environment.', updatedAt: asking };
  }
  const done = task.answeredAt + board.stepMs;
  return now < done
    ? { status: 'working', statusMessage: `Deploying to ${task.environment}…`, updatedAt: task.answeredAt }
    : { status: 'completed', statusMessage: `Deployed to ${task.environment}.`, updatedAt: done };
}

function view(board: TaskBoard, task: DemoTask) {
  const { status, statusMessage, updatedAt } = statusOf(board, task);
  return {
    taskId: task.taskId,
    status,
    statusMessage,
    createdAt: new Date(task.createdAt).toISOString(),
    lastUpdatedAt: new Date(updatedAt).toISOString(),
    ttlMs: TTL_MS,
    pollIntervalMs: POLL_MS,
    ...(status === 'input_required' && {
      inputRequests: {
        environment: {
          method: 'elicitation/create',
          params: {
            mode: 'form',
            message: 'The preview is built. Where should it go?',
            requestedSchema: {
              type: 'object',
              properties: { environment: { type: 'string', title: 'Environment', enum: [...ENVIRONMENTS] } },
              required: ['environment'],
            },
          },
        },
      },
    }),
    ...(status === 'completed' && {
      result: { content: [{ type: 'text', text: `Preview ${task.taskId.slice(0, 8)} is live on ${task.environment}.` }] },
    }),
  };
}

/**
 * tasks/* answer only a request that declared the extension (SEP-2663): any other gets -32021 naming it, so
 * a client that never negotiated tasks cannot poke at them.
 */
function requireTasks(ctx: ServerContext): void {
  if (!declaresTasks(ctx))
    throw new MissingRequiredClientCapabilityError(
      { requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } },
      `Missing required client capability: declare the ${TASKS_EXTENSION} extension to use tasks.`,
    );
}

function find(board: TaskBoard, taskId: string): DemoTask {
  const now = board.now();
  for (const [id, task] of board.tasks) if (now - task.createdAt > TTL_MS) board.tasks.delete(id);
  const task = board.tasks.get(taskId);
  if (!task)
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `Failed to retrieve task: no task ${taskId.slice(0, 100)} (unknown, or past its ${TTL_MS / 60_000}-minute TTL).`,
    );
  return task;
}

const TaskParams = z.object({ taskId: z.string().max(200) });
const Answer = z.object({ action: z.literal('accept'), content: z.object({ environment: z.enum(ENVIRONMENTS) }) });

export function registerTaskTools(server: McpServer, board: TaskBoard): void {
  server.registerTool(
    'deploy-preview',
    {
      title: 'Deploy a preview (tasks extension)',
      icons: icons.clock,
      description:
        'Runs as a task when the client declares the tasks extension: it works, asks which environment, works again and completes. Without the extension it answers at once.',
      inputSchema: z.object({}),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (_args, ctx): CallToolResult => {
      if (!declaresTasks(ctx))
        return {
          content: [
            {
              type: 'text',
              text: 'Deployed a preview at once: this request did not declare the tasks extension, so it did not run as a task.',
            },
          ],
        };
      if (board.tasks.size >= MAX_TASKS) board.tasks.delete(board.tasks.keys().next().value!);
      const task: DemoTask = { taskId: randomUUID(), createdAt: board.now() };
      board.tasks.set(task.taskId, task);
      // SEP-2663's CreateTaskResult; the SDK types a tool's result as CallToolResult only.
      return { resultType: 'task', ...view(board, task) } as unknown as CallToolResult;
    },
  );

  server.server.setRequestHandler('tasks/get', { params: TaskParams }, ({ taskId }, ctx) => {
    requireTasks(ctx);
    return view(board, find(board, taskId));
  });
  // The SDK lifts `inputResponses` out of every request's params (the multi round-trip channel), tasks/update's
  // too, and hands them to the handler as ctx.mcpReq.inputResponses.
  server.server.setRequestHandler('tasks/update', { params: TaskParams }, ({ taskId }, ctx) => {
    requireTasks(ctx);
    const task = find(board, taskId);
    const responses = ctx.mcpReq.inputResponses ?? {};
    // Keys not outstanding are ignored, as the extension says; a decline leaves the question open.
    const answer = Object.hasOwn(responses, 'environment') ? Answer.safeParse(responses.environment) : undefined;
    if (answer?.success && statusOf(board, task).status === 'input_required') {
      task.answeredAt = board.now();
      task.environment = answer.data.content.environment;
    }
    return {};
  });
  server.server.setRequestHandler('tasks/cancel', { params: TaskParams }, ({ taskId }, ctx) => {
    requireTasks(ctx);
    const task = find(board, taskId);
    const { status } = statusOf(board, task);
    if (status !== 'completed' && status !== 'cancelled') task.cancelledAt = board.now();
    return {};
  });
}
