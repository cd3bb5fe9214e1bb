/**
 * Sending `tasks/cancel` on the caller's behalf, in either era, and saying how it went. It is awaited
 * (within its own short bound) before the call ends, so a program that exits right after a cancelled call,
 * such as the headless CLI, has not left the cancel unsent.
 */
import type { Client } from '@modelcontextprotocol/client';
import type { EngineError } from '../../shared/errors.ts';
import { describeError } from '../../shared/read.ts';
import type { TaskInfo } from '../../shared/tasks.ts';
import { rawRequest } from '../features/paginate.ts';

/** tasks/cancel is housekeeping after the call has ended; a server that does not answer it is not waited for long. */
const CANCEL_TIMEOUT_MS = 10_000;

/** Sends tasks/cancel; resolves with why it failed, or undefined when the server took it. Never rejects. */
export async function sendTaskCancel(client: Client, taskId: string, timeoutMs = CANCEL_TIMEOUT_MS): Promise<string | undefined> {
  try {
    await rawRequest(client, 'tasks/cancel', { taskId }, { timeout: Math.min(timeoutMs, CANCEL_TIMEOUT_MS) });
    return undefined;
  } catch (error) {
    return describeError(error);
  }
}

/**
 * `TaskFollowPolicy.inputRequired: 'cancel'`: the task needs input that this caller will not give, so it is
 * cancelled rather than left waiting on the server until its TTL (nobody is coming back for it, and the
 * server can let go of what it holds now). The error says which, and whether the cancel went through.
 */
export async function cancelForInput(client: Client, task: TaskInfo, timeoutMs?: number): Promise<EngineError> {
  const asked = task.statusMessage ? ` ("${task.statusMessage.slice(0, 200)}")` : '';
  const failed = await sendTaskCancel(client, task.taskId, timeoutMs);
  return {
    code: 'input-required',
    message:
      failed === undefined
        ? `Task ${task.taskId} needs input${asked}. This call answers no questions, so MCP Lens cancelled the task (tasks/cancel).`
        : `Task ${task.taskId} needs input${asked}. This call answers no questions; MCP Lens sent tasks/cancel, which failed (${failed.slice(0, 300)}), so the task may wait on the server until its TTL.`,
    ...(failed !== undefined && { detail: failed }),
  };
}
