import type { RelatedRequest } from '../../shared/client-features.ts';

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
  // Only an answer that asks for input needs the request it answers: the body is not parsed again for
  // every other message (a flood's 20,000 notifications arrive on one POST's stream).
  if (result?.resultType !== 'input_required' && result?.status !== 'input_required') return undefined;
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
