/**
 * Server→client requests that wait for a person: a bounded queue (beyond the bound a request is refused
 * with an error and a note), each entry ending exactly once — answered, cancelled or timed out by the
 * server, or with the session — and each announced to the UI as an event.
 */
import { ProtocolError, SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import { boundJson } from '../../shared/bounds.ts';
import type { PendingServerRequest, ServerRequestAnswer, ServerRequestEndReason } from '../../shared/client-features.ts';
import { REFUSED_BY_US, type EngineError } from '../../shared/errors.ts';
import type { EngineEvent } from '../../shared/events.ts';

/** JSON-RPC internal error: the refusal of a request beyond the queue bound. */
export const QUEUE_FULL_CODE = -32603;

export interface QueueDeps {
  bound: number;
  now: () => number;
  emit: (event: EngineEvent) => void;
  note: (level: 'info' | 'warning' | 'error', text: string) => void;
}

export type NewServerRequest = Omit<PendingServerRequest, 'id' | 'receivedAt' | 'params'> & { params: unknown };

interface Entry {
  request: PendingServerRequest;
  /** Checks an answer before it is sent; returns a reason to refuse it (the request stays pending). */
  check: (answer: ServerRequestAnswer) => string | undefined;
  resolve: (answer: ServerRequestAnswer) => void;
  reject: (error: unknown) => void;
  cleanup: () => void;
}

export interface ServerRequestQueue {
  readonly size: number;
  /**
   * Queues a request for the person and resolves with their answer. Rejects with a JSON-RPC error when
   * the queue is full, and with the abort reason when `signal` aborts (server cancel, timeout, close).
   */
  wait(
    request: NewServerRequest,
    signal: AbortSignal,
    check?: (answer: ServerRequestAnswer) => string | undefined,
  ): Promise<ServerRequestAnswer>;
  /** Delivers the person's answer. Throws an EngineError when the request is gone or the answer is refused. */
  answer(id: string, answer: ServerRequestAnswer): void;
  /**
   * Calls `listener` now and whenever the requests waiting for a person change, so a call can pause its
   * timeout while someone answers. Returns the unsubscribe.
   */
  watch(listener: (waiting: readonly PendingServerRequest[]) => void): () => void;
}

const describeKind = (kind: PendingServerRequest['kind']) =>
  kind === 'sampling' ? 'Sampling request' : kind === 'elicitation-url' ? 'URL elicitation' : 'Elicitation';

export function createServerRequestQueue(deps: QueueDeps): ServerRequestQueue {
  const entries = new Map<string, Entry>();
  const watchers = new Set<(waiting: readonly PendingServerRequest[]) => void>();
  let seq = 0;
  const changed = () => {
    const waiting = [...entries.values()].map((entry) => entry.request);
    for (const watcher of watchers) watcher(waiting);
  };

  const end = (id: string, reason: ServerRequestEndReason, text: string) => {
    const entry = entries.get(id);
    if (!entry) return undefined;
    entries.delete(id);
    entry.cleanup();
    deps.emit({ type: 'server-request-ended', id, reason, text });
    changed();
    return entry;
  };

  return {
    get size() {
      return entries.size;
    },
    wait(input, signal, check = () => undefined) {
      const label = `${describeKind(input.kind)} ${JSON.stringify(input.rpcId)} from ${input.serverName}`;
      // First: a round already withdrawn (one of its many questions was refused) refuses the rest silently.
      if (signal.aborted) return Promise.reject(signal.reason);
      if (entries.size >= deps.bound) {
        const text = `${label} was refused: ${deps.bound} server requests are already waiting for an answer. Answer or cancel some, or ask the server to send fewer at once.`;
        deps.note('warning', text);
        return Promise.reject(
          new ProtocolError(QUEUE_FULL_CODE, `${deps.bound} requests are already waiting for your answer.`, REFUSED_BY_US),
        );
      }
      seq += 1;
      const request: PendingServerRequest = {
        ...input,
        id: `sr${seq}`,
        receivedAt: deps.now(),
        params: boundJson(input.params ?? {}) as Record<string, unknown>,
      };
      return new Promise<ServerRequestAnswer>((resolve, reject) => {
        const onAbort = () => {
          const closed = isConnectionClosed(signal.reason);
          const why = closed ? 'the session ended' : whoWithdrew(signal.reason, input);
          const text = `${label} is no longer pending: ${why}.`;
          if (end(request.id, closed ? 'closed' : 'cancelled', text)) deps.note(closed ? 'info' : 'warning', text);
          reject(signal.reason);
        };
        signal.addEventListener('abort', onAbort, { once: true });
        entries.set(request.id, { request, check, resolve, reject, cleanup: () => signal.removeEventListener('abort', onAbort) });
        deps.emit({ type: 'server-request', request });
        changed();
      });
    },
    answer(id, answer) {
      const entry = entries.get(id);
      if (!entry) {
        throw {
          code: 'cancelled',
          message:
            'This request is no longer pending: the server cancelled it, it timed out, or the session ended. Your answer was not sent.',
        } satisfies EngineError;
      }
      const problem = entry.check(answer);
      if (problem) throw { code: 'protocol', message: problem } satisfies EngineError;
      end(id, 'answered', `${describeKind(entry.request.kind)} ${JSON.stringify(entry.request.rpcId)} answered: ${answer.action}.`);
      entry.resolve(answer);
    },
    watch(listener) {
      watchers.add(listener);
      listener([...entries.values()].map((entry) => entry.request));
      return () => watchers.delete(listener);
    },
  };
}

/** The SDK aborts the handlers of a closing connection with this reason. */
function isConnectionClosed(reason: unknown): boolean {
  return SdkError.isInstance(reason) && reason.code === SdkErrorCode.ConnectionClosed;
}

/**
 * Whose doing it was that a question went away, in its own words. A 2026-07-28 server cannot withdraw a
 * question of an input_required round (there is no message for it): there the abort is MCP Lens's (another
 * question of the round was refused, a deadline) or the person's (they cancelled the call). A 2025 server's
 * notifications/cancelled arrives as a plain reason, or none.
 */
function whoWithdrew(reason: unknown, input: NewServerRequest): string {
  if (ProtocolError.isInstance(reason) && (reason.data as { mcpLensRefused?: unknown } | undefined)?.mcpLensRefused === true)
    return `MCP Lens withdrew it, because it refused another request of the same call (${reason.message.slice(0, 300)})`;
  const inRound = input.related?.round !== undefined;
  if (inRound) return isAbort(reason) ? 'you cancelled the call' : `MCP Lens withdrew it${reasonText(reason)}`;
  return `the server cancelled it${reasonText(reason)}`;
}

const isAbort = (reason: unknown) =>
  reason === undefined || (typeof reason === 'object' && reason !== null && (reason as { name?: unknown }).name === 'AbortError');

function reasonText(reason: unknown): string {
  if (typeof reason === 'string' && reason.trim() !== '') return ` (${reason.slice(0, 300)})`;
  if (reason instanceof Error && reason.message && reason.name !== 'AbortError') return ` (${reason.message.slice(0, 300)})`;
  return '';
}
