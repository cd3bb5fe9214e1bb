/**
 * The calls a person started on one connection (Run tool, Get prompt, Re-send), by id: where each stands,
 * its progress and task, its answer or error, and its time. Views render a call by its id, so leaving a view
 * or putting the connection in the background changes nothing here; only an explicit cancel ends a call.
 * The commands that start and cancel them are in src/app/calls.ts; engine events arrive through the router.
 */
import { createStore } from 'zustand/vanilla';
import type { EngineError } from '../shared/errors.ts';
import type { CallProgress, EngineEvent } from '../shared/events.ts';
import { jobIdOf } from '../shared/message-origin.ts';
import type { Tool, ToolCallOutcome, ToolCallParams } from '../shared/model.ts';
import type { PromptGetResult } from '../shared/prompts-api.ts';
import type { ResourceReadResult } from '../shared/resources-api.ts';
import type { ResendDraft, ResendResult } from '../shared/resend.ts';
import type { TaskInfo, TaskPayload } from '../shared/tasks.ts';
import type { AuditOptions, AuditRefusal, AuditReport } from '../shared/audit.ts';
import type { CorsDiagnosis } from '../shared/cors.ts';
import type { LogLevelChoice } from '../shared/logging-api.ts';
import type { SamplingDraft } from '../shared/playground.ts';
import type { Collection } from '../shared/collection/format.ts';
import type { CollectionRun } from '../shared/collection/run.ts';

/** What each kind of job takes and answers. */
export interface CallKinds {
  tool: { params: Omit<ToolCallParams, 'trackingId'>; result: ToolCallOutcome };
  prompt: { params: { name: string; arguments: Record<string, string> }; result: PromptGetResult };
  /** A logged request sent again, as it was or edited. */
  resend: { params: { itemId: string; edited?: ResendDraft }; result: ResendResult };
  /** One ping's round trip, and when it came back. */
  ping: { params: Record<string, never>; result: { latencyMs: number; at: number } };
  /** The CORS doctor for the server URL: raw preflights beside the session, so no line in the Message log. */
  cors: { params: { url: string }; result: CorsDiagnosis };
  /** The server's log level (2025: logging/setLevel; 2026-07-28: a level carried on every request). */
  'log-level': { params: { level: LogLevelChoice }; result: void };
  /** resources/subscribe or resources/unsubscribe for one URI. */
  subscribe: { params: { uri: string; subscribe: boolean }; result: void };
  /** tasks/cancel for a task in the Tasks tab. */
  'task-cancel': { params: { taskId: string }; result: TaskInfo };
  /** tasks/result for a finished task (the server may hand the payload out only once). */
  'task-result': { params: { taskId: string }; result: TaskPayload };
  /** A resource template's values expanded to the URI to read (in the engine: no request to the server). */
  template: { params: { template: string; variables: Record<string, string> }; result: { uri: string } };
  /** "Audit this server": the run's progress and report are in the `audit` store, under the job's id. */
  audit: { params: { options: AuditOptions; refused?: AuditRefusal }; result: AuditReport };
  /** The Playground's model drafts a reply to a pending sampling request (a model turn, not an MCP request). */
  'sampling-draft': { params: { requestId: string }; result: SamplingDraft };
  /**
   * The Playground's person sends a message: the model's turns and the tool calls they ask for, until the
   * model answers without one. One conversation per connection, so its messages never overlap.
   */
  conversation: { params: { text: string; tools: readonly Tool[] }; result: void };
  /** An MCP App's tools/call through the host, marked in the log as the app's. */
  'app-tool': { params: ToolCallParams & { viaApp: string }; result: ToolCallOutcome };
  /** An MCP App's resources/read through the host, marked in the log as the app's. */
  'app-read': { params: { uri: string; viaApp: string }; result: ResourceReadResult };
  /** A collection run (src/app/collections/): every step's request carries the job's id as its log origin's `job`. */
  collection: { params: { collection: Collection }; result: CollectionRun };
}

export type CallKind = keyof CallKinds;
type CallStatus = 'running' | 'success' | 'error';

export interface Call<K extends CallKind = CallKind> {
  id: string;
  kind: K;
  /** What the call is about: the tool or prompt name, or the log item re-sent. */
  target: string;
  params: CallKinds[K]['params'];
  status: CallStatus;
  startedAt: number;
  endedAt?: number;
  /**
   * Jobs of one scope never overlap: a job waits for the one before it in its scope to settle first (as
   * TanStack Query's mutation scopes do). A ping, the log level and a URI's subscription each have one.
   */
  scope?: string;
  /**
   * The log seq of the request this call sent, once the log recorded it: the latest outgoing request whose
   * `origin.id` is this call's id (a call that sends again, a -32020 retry or a re-issue, takes the new one).
   */
  requestSeq?: number;
  /**
   * How long the server took to answer, as the Message log records it: from the request frame leaving to its
   * response frame arriving (src/engine/wire/message-recorder.ts pairs them). The one time shown for a call, so
   * the result and the log agree. For a task it is the tools/call that created the task.
   */
  durationMs?: number;
  progress?: CallProgress;
  task?: TaskInfo;
  result?: CallKinds[K]['result'];
  error?: EngineError;
}

export type AnyCall = { [K in CallKind]: Call<K> }[CallKind];

/** Finished calls kept for views to show; older ones go unless a view's latest call is one of them. */
const MAX_SETTLED_CALLS = 100;

export interface CallsState {
  byId: ReadonlyMap<string, AnyCall>;
  /**
   * The latest call per `kind:target` (what the tool's, prompt's or log entry's view shows), and per
   * `kind:*` (ANY_TARGET): the latest of its kind, whatever it was about.
   */
  latest: ReadonlyMap<string, string>;
  actions: {
    started(call: AnyCall): void;
    settled(id: string, end: { result: unknown } | { error: EngineError }, endedAt: number): void;
    /** Progress and task status (call-progress events), and the log's request/response pairs for timing. */
    applyEvents(events: readonly EngineEvent[]): void;
    /** The view shows no call for this target any more (a demo script refills the form). */
    forget(kind: CallKind, target: string): void;
    /** A new session: finished calls belong to the old one. Running ones stay until they settle. */
    dropSettled(): void;
  };
}

export const latestKey = (kind: CallKind, target: string) => `${kind}:${target}`;

/** The target that asks for the latest job of a kind, whatever its own target. */
export const ANY_TARGET = '*';

export function createCallsStore() {
  return createStore<CallsState>()((set, get) => {
    const update = (id: string, change: (call: AnyCall) => AnyCall) => {
      const call = get().byId.get(id);
      if (!call) return;
      const byId = new Map(get().byId);
      byId.set(id, change(call));
      set({ byId });
    };
    return {
      byId: new Map(),
      latest: new Map(),
      actions: {
        started(call) {
          const byId = new Map(get().byId);
          byId.set(call.id, call);
          const latest = new Map(get().latest);
          latest.set(latestKey(call.kind, call.target), call.id);
          latest.set(latestKey(call.kind, ANY_TARGET), call.id);
          set({ byId: trim(byId, latest), latest });
        },
        settled(id, end, endedAt) {
          update(id, (call) => {
            if (call.status !== 'running') return call;
            return 'error' in end
              ? { ...call, status: 'error', error: end.error, endedAt }
              : ({ ...call, status: 'success', result: end.result, endedAt } as AnyCall);
          });
        },
        applyEvents(events) {
          const before = get().byId;
          let byId: Map<string, AnyCall> | undefined;
          const edit = (id: string, change: Partial<Call>) => {
            byId ??= new Map(before);
            const call = byId.get(id);
            if (call) byId.set(id, { ...call, ...change } as AnyCall);
          };
          for (const event of events) {
            if (event.type === 'call-progress') {
              if (!before.has(event.trackingId)) continue;
              edit(event.trackingId, { ...(event.progress && { progress: event.progress }), ...(event.task && { task: event.task }) });
            } else if (event.type === 'message') {
              const calls = byId ?? before;
              const { entry } = event;
              const jobId = jobIdOf(entry);
              if (entry.direction === 'out' && entry.kind === 'request') {
                if (jobId !== undefined && calls.get(jobId)?.status === 'running') edit(jobId, { requestSeq: entry.seq });
              } else if (entry.direction === 'in' && entry.requestSeq !== undefined && entry.latencyMs !== undefined) {
                const call = [...calls.values()].find((c) => c.requestSeq === entry.requestSeq);
                if (call) edit(call.id, { durationMs: entry.latencyMs });
              }
            }
          }
          if (byId) set({ byId });
        },
        forget(kind, target) {
          const latest = new Map(get().latest);
          if (!latest.delete(latestKey(kind, target))) return;
          set({ latest, byId: trim(new Map(get().byId), latest) });
        },
        dropSettled() {
          const byId = new Map([...get().byId].filter(([, call]) => call.status === 'running'));
          const latest = new Map([...get().latest].filter(([, id]) => byId.has(id)));
          set({ byId, latest });
        },
      },
    };
  });
}

/** Keeps every running call and every view's latest; of the rest, the newest MAX_SETTLED_CALLS. */
function trim(byId: Map<string, AnyCall>, latest: ReadonlyMap<string, string>): Map<string, AnyCall> {
  if (byId.size <= MAX_SETTLED_CALLS) return byId;
  const shown = new Set(latest.values());
  let spare = byId.size - MAX_SETTLED_CALLS;
  for (const [id, call] of byId) {
    if (spare === 0) break;
    if (call.status === 'running' || shown.has(id)) continue;
    byId.delete(id);
    spare -= 1;
  }
  return byId;
}
