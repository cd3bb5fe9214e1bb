/**
 * The timeout of a request that may ask the person something on the way (tools/call, prompts/get,
 * resources/read: in 2025 through a server→client request on its stream, in 2026-07-28 through
 * `input_required` rounds). It is a CallDeadline held while a question tied to this request, or to no
 * request, waits for a person, because the SDK's own timer cannot pause and would blame the server.
 */
import type { PendingServerRequest } from '../../shared/client-features.ts';
import { createCallDeadline, type CallDeadline } from '../guards/call-deadline.ts';
import type { Clock } from '../clock.ts';
import type { ServerRequestQueue } from '../client-features/request-queue.ts';

/** Who is waiting for a person (the server-request queue). */
export type Answering = Pick<ServerRequestQueue, 'watch'>;

/** The SDK's own timer under such a deadline: only a backstop beyond any limit a request may have. */
export const SDK_BACKSTOP_MS = 2 * 24 * 60 * 60_000;

/** prompts/get and resources/read: the SDK's default of 60 s without an answer, with the time held not counted. */
export const READ_IDLE_MS = 60_000;
/** …and at most 10 minutes in all of the server's time, as a tool call. */
export const READ_TOTAL_MS = 10 * 60_000;

/** Matches `relatedFromBody` in request-relations.ts, which keeps the first 200 characters of a target. */
const TARGET_CHARS = 200;

/** Whether a request for `method` on `target` waits on this question: one tied to it, or one tied to none. */
function waitsOn(request: PendingServerRequest, method: string, target: string): boolean {
  const related = request.related;
  return related === undefined || (related.method === method && related.target === target.slice(0, TARGET_CHARS));
}

export interface AnsweringDeadlineOptions {
  method: string;
  /** The tool or prompt name, or the resource URI. */
  target: string;
  idleMs: number;
  totalMs: number;
  clock: Clock;
  answering: Answering | undefined;
  signal: AbortSignal | undefined;
}

/**
 * Runs `send` under the deadline: `send` gives the request `deadline.signal` (and the SDK a timeout of
 * SDK_BACKSTOP_MS). A deadline that passed is what the request fails with, not the SDK's abort error.
 */
export async function withAnsweringDeadline<T>(
  options: AnsweringDeadlineOptions,
  send: (deadline: CallDeadline) => Promise<T>,
): Promise<T> {
  const { method, target } = options;
  const deadline = createCallDeadline({
    idleMs: options.idleMs,
    totalMs: options.totalMs,
    clock: options.clock,
    ...(options.signal && { parent: options.signal }),
  });
  const stopWatching = options.answering?.watch((waiting) => deadline.hold(waiting.some((request) => waitsOn(request, method, target))));
  try {
    return await send(deadline);
  } catch (error) {
    throw deadline.expired ?? error;
  } finally {
    stopWatching?.();
    deadline.dispose();
  }
}
