/**
 * Server→client requests that wait for a person: a bounded queue (beyond the bound a request is refused
 * with an error and a note), each entry ending exactly once — answered, cancelled or timed out by the
 * server, or with the session — and each announced to the UI as an event.
 */
import { ProtocolError, SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import { boundJson } from '../../shared/bounds.ts';
import type { PendingServerRequest, RelatedRequest, ServerRequestAnswer, ServerRequestEndReason } from '../../shared/client-features.ts';
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

/**
 * Which request of ours a server request belongs to. On Streamable HTTP a server request sent while it
 * handles ours arrives on the SSE response to our POST; the wire tap reports each such message with the
 * request that POST carried, and the handler takes the match by the server request's id.
 */
export interface RelationTracker {
  /** A message that arrived on an SSE stream: the response stream of the POST with this body, or the GET stream. */
  observe(message: unknown, requestBody: string | undefined): void;
  /** What was seen of a server request: the request of ours it belongs to, its task, and its params exactly as sent. */
  take(rpcId: string | number): Seen;
}

const MAX_RELATIONS = 200;

interface Seen {
  related?: RelatedRequest;
  /** The tasks extension: the task whose `tasks/get` asked for this input. */
  taskId?: string;
  rawParams?: Record<string, unknown>;
}

export function createRelationTracker(): RelationTracker {
  const byId = new Map<string, Seen>();
  const key = (id: string | number) => `${typeof id}:${id}`;
  const rounds = new Map<string, number>();
  return {
    observe(message, requestBody) {
      if (typeof message !== 'object' || message === null) return;
      const asked = inputRequests(message, requestBody, rounds);
      // 2026-07-28: each embedded request reaches our handlers with its inputRequests key as the id (the SDK's
      // multi round-trip driver, or the tasks extension's follower in task-extension.ts).
      for (const [inputKey, rawParams] of asked?.requests ?? []) {
        byId.set(key(inputKey), {
          related: asked!.related,
          ...(asked!.taskId !== undefined && { taskId: asked!.taskId }),
          ...(rawParams && { rawParams }),
        });
      }
      const { id, method, params } = message as { id?: unknown; method?: unknown; params?: unknown };
      if (typeof method !== 'string' || (typeof id !== 'string' && typeof id !== 'number')) return;
      const related = requestBody === undefined ? undefined : relatedFromBody(requestBody);
      // Params as sent: the SDK's parsed copy drops keys its schema lacks (e.g. a string field's `pattern`).
      const rawParams =
        typeof params === 'object' && params !== null && !Array.isArray(params) ? (params as Record<string, unknown>) : undefined;
      byId.set(key(id), { ...(related && { related }), ...(rawParams && { rawParams }) });
      // Relations nobody asked for (requests we answer without a person) must not pile up.
      if (byId.size > MAX_RELATIONS) byId.delete(byId.keys().next().value!);
    },
    take(rpcId) {
      const seen = byId.get(key(rpcId)) ?? {};
      byId.delete(key(rpcId));
      return seen;
    },
  };
}

const MAX_ROUNDS_TRACKED = 200;

/**
 * An `input_required` result (MCP 2026-07-28): the embedded requests it asks for, each tied to the call it
 * answers and to the round of that call. A retry carries `inputResponses` or `requestState`, so a call's
 * round is one more than the last one seen for the same method and target; a fresh request is round 1.
 */
function inputRequests(message: object, requestBody: string | undefined, rounds: Map<string, number>) {
  const result = (message as { result?: { resultType?: unknown; status?: unknown; inputRequests?: unknown } }).result;
  const related = requestBody === undefined ? undefined : relatedFromBody(requestBody);
  if (!related) return undefined;
  // The tasks extension: a task waiting on input lists what it asks for in each tasks/get answer.
  if (related.method === 'tasks/get' && result?.status === 'input_required') {
    return { related, ...(related.target !== undefined && { taskId: related.target }), requests: embedded(result.inputRequests) };
  }
  if (result?.resultType !== 'input_required' || requestBody === undefined) return undefined;
  const call = `${related.method}\u0000${related.target ?? ''}`;
  const params = (JSON.parse(requestBody) as { params?: Record<string, unknown> }).params ?? {};
  const retry = params.inputResponses !== undefined || params.requestState !== undefined;
  const round = retry ? (rounds.get(call) ?? 1) + 1 : 1;
  rounds.delete(call);
  rounds.set(call, round);
  if (rounds.size > MAX_ROUNDS_TRACKED) rounds.delete(rounds.keys().next().value!);
  return { related: { ...related, round }, taskId: undefined, requests: embedded(result.inputRequests) };
}

/** The params of each embedded request, by its key, exactly as sent. */
function embedded(inputRequests: unknown): Array<[string, Record<string, unknown> | undefined]> {
  const asked = typeof inputRequests === 'object' && inputRequests !== null ? Object.entries(inputRequests).slice(0, MAX_RELATIONS) : [];
  return asked.map(([inputKey, entry]): [string, Record<string, unknown> | undefined] => {
    const raw = (entry as { params?: unknown } | null)?.params;
    return [inputKey, typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : undefined];
  });
}

/** The request a POST body carries, as a RelatedRequest (target: its name, uri or taskId); undefined for notifications, responses, batches. */
export function relatedFromBody(body: string): RelatedRequest | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
  const { id, method, params } = parsed as { id?: unknown; method?: unknown; params?: { name?: unknown; uri?: unknown; taskId?: unknown } };
  if (typeof method !== 'string' || (typeof id !== 'string' && typeof id !== 'number')) return undefined;
  const target = [params?.name, params?.uri, params?.taskId].find((value): value is string => typeof value === 'string');
  return { rpcId: id, method, ...(target !== undefined && { target: target.slice(0, 200) }) };
}

/** What a request handler needs to queue a request for the person. */
export interface RequestContext {
  queue: ServerRequestQueue;
  /** The queue entry for a request: kind, server name, related request and task. */
  describe(method: string, rpcId: string | number, params: Record<string, unknown>, kind: PendingServerRequest['kind']): NewServerRequest;
}

const RELATED_TASK_KEY = 'io.modelcontextprotocol/related-task';

export function createRequestContext(
  queue: ServerRequestQueue,
  relations: RelationTracker,
  serverName: () => string,
  toolsAllowed: () => boolean,
): RequestContext {
  return {
    queue,
    describe(method, rpcId, params, kind) {
      const { related, rawParams, taskId: asker } = relations.take(rpcId);
      // Shown as the server sent it; the SDK has already checked the shape of the parsed copy.
      const shown =
        rawParams && rawParams.requestedSchema !== undefined ? { ...params, requestedSchema: rawParams.requestedSchema } : params;
      const meta = params._meta as Record<string, unknown> | undefined;
      const taskId = asker ?? (meta?.[RELATED_TASK_KEY] as { taskId?: unknown } | undefined)?.taskId;
      return {
        rpcId,
        kind,
        method,
        serverName: serverName(),
        params: shown,
        ...(related && { related }),
        ...(typeof taskId === 'string' && { relatedTaskId: taskId.slice(0, 200) }),
        ...(kind === 'sampling' && { toolsAllowed: toolsAllowed() }),
      };
    },
  };
}
