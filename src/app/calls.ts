/**
 * The jobs registry of one connection: `startCall(kind, params)` starts a long action (a tool call, a prompt
 * get, a log re-send, a ping, the CORS check, the log level, a resource subscription, a task's cancel or
 * result, a sampling draft, a template's expansion, an audit, a Playground message and the model turns it
 * takes, an MCP App's request) and returns its id at once; `cancelCall(id)` stops it. Where each job stands lives in the `calls` store
 * (src/state/calls-store.ts), fed by the event router, so a view renders a job by its id and owns no
 * AbortController and no mutation state. Jobs of one scope run one after another, never overlapping. Leaving
 * a view, or putting the connection in the background, cancels nothing.
 */
import type { EngineClient } from '../bridge/index.ts';
import type { AuditOptions, AuditRefusal, AuditReport } from '../shared/audit.ts';
import type { Collection } from '../shared/collection/format.ts';
import type { CollectionRun } from '../shared/collection/run.ts';
import type { CorsDiagnosis } from '../shared/cors.ts';
import { asEngineError } from '../shared/errors.ts';
import type { LogLevelChoice } from '../shared/logging-api.ts';
import type { Tool, ToolCallOutcome, ToolCallParams } from '../shared/model.ts';
import type { SamplingDraft } from '../shared/playground.ts';
import type { ResendDraft, ResendResult } from '../shared/resend.ts';
import type { TaskInfo, TaskPayload } from '../shared/tasks.ts';
import type { AnyCall, CallKind, CallKinds } from '../state/calls-store.ts';
import type { AppEffects } from './effects.ts';
import type { Stores } from './stores.ts';

/**
 * The commands that do the work; each takes the job's signal, which the registry alone aborts, and those that
 * send a request take the job's id, which the engine puts on the request's log entry (`origin`).
 */
interface Senders {
  runTool(params: ToolCallParams, signal?: AbortSignal, job?: string): Promise<ToolCallOutcome>;
  resendRequest(itemId: string, edited?: ResendDraft, signal?: AbortSignal, job?: string): Promise<ResendResult>;
  ping(signal?: AbortSignal, job?: string): Promise<{ latencyMs: number; at: number }>;
  checkCors(url: string, signal?: AbortSignal): Promise<CorsDiagnosis>;
  setLogLevel(level: LogLevelChoice, signal?: AbortSignal, job?: string): Promise<void>;
  setResourceSubscription(uri: string, subscribe: boolean, signal?: AbortSignal, job?: string): Promise<void>;
  cancelTask(taskId: string, signal?: AbortSignal, job?: string): Promise<TaskInfo>;
  taskResult(taskId: string, signal?: AbortSignal, job?: string): Promise<TaskPayload>;
  draftSamplingAnswer(requestId: string, signal?: AbortSignal): Promise<SamplingDraft>;
  runAudit(runId: string, options: AuditOptions, refused: AuditRefusal | undefined, signal: AbortSignal): Promise<AuditReport>;
  converse(text: string, tools: readonly Tool[], signal: AbortSignal): Promise<void>;
  runCollection(collection: Collection, job: string, signal: AbortSignal): Promise<CollectionRun>;
}

/**
 * How each kind of job is sent (with its id, which its request's log entry carries: the job finds its line by
 * it, src/state/calls-store.ts), what it is about, and its scope.
 */
interface JobKind<K extends CallKind> {
  send(params: CallKinds[K]['params'], id: string, signal: AbortSignal): Promise<CallKinds[K]['result']>;
  target(params: CallKinds[K]['params']): string;
  scope?(params: CallKinds[K]['params']): string;
}

type JobKinds = { [K in CallKind]: JobKind<K> };

export function callCommands(client: EngineClient, stores: Stores, effects: Pick<AppEffects, 'now'>, send: Senders) {
  /** The jobs still running, with what stops them: the registry's, never a view's. */
  const running = new Map<string, AbortController>();
  /** The last job started in each scope: the next one in that scope waits for it. */
  const tails = new Map<string, Promise<unknown>>();
  let counter = 0;
  const calls = () => stores.calls.getState();

  const kinds: JobKinds = {
    tool: {
      send: (params, id, signal) => send.runTool({ ...params, trackingId: id }, signal, id),
      target: ({ name }) => name,
    },
    prompt: {
      send: ({ name, arguments: args }, id, signal) => client.call('getPrompt', { name, arguments: args }, signal, id),
      target: ({ name }) => name,
    },
    resend: {
      send: ({ itemId, edited }, id, signal) => send.resendRequest(itemId, edited, signal, id),
      target: ({ itemId }) => itemId,
    },
    ping: {
      send: (_params, id, signal) => send.ping(signal, id),
      target: () => SERVER,
      scope: () => 'ping',
    },
    cors: {
      send: ({ url }, _id, signal) => send.checkCors(url, signal),
      target: () => SERVER,
      scope: () => 'cors',
    },
    'log-level': {
      // 2026-07-28 carries the level on every request and sends nothing for it: no line in the log then.
      send: ({ level }, id, signal) => send.setLogLevel(level, signal, id),
      target: () => SERVER,
      scope: () => 'log-level',
    },
    subscribe: {
      send: ({ uri, subscribe }, id, signal) => send.setResourceSubscription(uri, subscribe, signal, id),
      target: ({ uri }) => uri,
      scope: ({ uri }) => `subscribe:${uri}`,
    },
    'task-cancel': {
      send: ({ taskId }, id, signal) => send.cancelTask(taskId, signal, id),
      target: ({ taskId }) => taskId,
      scope: ({ taskId }) => `task:${taskId}`,
    },
    'task-result': {
      // 2026-07-28's tasks extension hands the result out in tasks/get, which then carries the job's id.
      send: ({ taskId }, id, signal) => send.taskResult(taskId, signal, id),
      target: ({ taskId }) => taskId,
      scope: ({ taskId }) => `task:${taskId}`,
    },
    template: {
      send: (params, _id, signal) => client.call('expandUriTemplate', params, signal),
      target: ({ template }) => template,
    },
    // Many requests, each marked with its check's id by the engine: the audit's rows find them, not the job.
    audit: {
      send: ({ options, refused }, id, signal) => send.runAudit(id, options, refused, signal),
      target: () => SERVER,
      scope: () => 'audit',
    },
    // A model turn goes to the model's provider, not the server: no line in the Message log.
    'sampling-draft': {
      send: ({ requestId }, _id, signal) => send.draftSamplingAnswer(requestId, signal),
      target: ({ requestId }) => requestId,
      scope: ({ requestId }) => `sampling:${requestId}`,
    },
    // Model turns go to the provider and show in the Playground; the tool calls they ask for are in the log.
    conversation: {
      send: ({ text, tools }, _id, signal) => send.converse(text, tools, signal),
      target: () => CONVERSATION,
      scope: () => CONVERSATION,
    },
    // The engine marks the request as the app's (origin 'apps'), with this job's id beside the app's URI.
    'app-tool': {
      send: (params, id, signal) => client.call('callTool', params, signal, id),
      target: ({ viaApp }) => viaApp,
    },
    'app-read': {
      send: (params, id, signal) => client.call('readResource', params, signal, id),
      target: ({ viaApp }) => viaApp,
    },
    // Many requests, each marked with the step and this job's id (origin 'collections'): a step's row finds its line.
    collection: {
      send: ({ collection }, id, signal) => send.runCollection(collection, id, signal),
      target: ({ collection }) => collection.name,
      scope: () => 'collection',
    },
  };

  /** Waits for the job before it in its scope (its outcome is its own), then sends unless cancelled meanwhile. */
  async function run<K extends CallKind>(
    kind: JobKind<K>,
    params: CallKinds[K]['params'],
    id: string,
    signal: AbortSignal,
    before?: Promise<unknown>,
  ) {
    if (before) await before.catch(() => undefined);
    if (signal.aborted) throw { code: 'cancelled', message: 'Cancelled before it started.' };
    return kind.send(params, id, signal);
  }

  /**
   * Starts a job and returns its id; its progress, answer, error and time appear in the `calls` store under
   * that id, and as the latest job of its tool, prompt, log entry, resource or (`SERVER`) of the server.
   */
  function startCall<K extends CallKind>(kindName: K, params: CallKinds[K]['params']): string {
    const kind = kinds[kindName] as unknown as JobKind<K>;
    const id = `${kindName}-${effects.now().toString(36)}-${++counter}`;
    const controller = new AbortController();
    running.set(id, controller);
    const target = kind.target(params);
    const scope = kind.scope?.(params);
    calls().actions.started({
      id,
      kind: kindName,
      target,
      params,
      status: 'running',
      startedAt: effects.now(),
      ...(scope !== undefined && { scope }),
    } as AnyCall);
    const job = run(kind, params, id, controller.signal, scope === undefined ? undefined : tails.get(scope));
    if (scope !== undefined) {
      tails.set(scope, job);
      const forget = () => tails.get(scope) === job && tails.delete(scope);
      job.then(forget, forget);
    }
    job
      .then(
        (result) => calls().actions.settled(id, { result }, effects.now()),
        (error: unknown) => calls().actions.settled(id, { error: asEngineError(error) }, effects.now()),
      )
      .finally(() => running.delete(id));
    return id;
  }

  /** Stops a running job: the server is told (notifications/cancelled, a closed stream, or tasks/cancel). */
  function cancelCall(id: string): void {
    running.get(id)?.abort();
  }

  /** Stops every job of a scope, the running one and those waiting behind it (a new conversation). */
  function cancelScope(scope: string): void {
    for (const [id, controller] of running) if (calls().byId.get(id)?.scope === scope) controller.abort();
  }

  /** Settles once the call has: for tests and scripts that wait on a call rather than render it. */
  function settledCall(id: string): Promise<AnyCall> {
    const done = () => {
      const call = calls().byId.get(id);
      return call && call.status !== 'running' ? call : undefined;
    };
    const now = done();
    if (now) return Promise.resolve(now);
    return new Promise((resolve) => {
      const stop = stores.calls.subscribe(() => {
        const call = done();
        if (!call) return;
        stop();
        resolve(call);
      });
    });
  }

  /**
   * Starts a job and answers with its result, or throws its error: for a caller that needs the answer
   * itself (an MCP App waits for its tools/call). The job is in the store like any other.
   */
  async function awaitCall<K extends CallKind>(kind: K, params: CallKinds[K]['params']): Promise<CallKinds[K]['result']> {
    const call = await settledCall(startCall(kind, params));
    if (call.status === 'error') throw call.error;
    return call.result as CallKinds[K]['result'];
  }

  return { startCall, cancelCall, cancelScope, settledCall, awaitCall };
}

/** The target of a job about the whole server (ping, CORS check, log level): what `useLatestCall` asks for. */
export const SERVER = 'server';
/** The target and scope of the Playground's messages: one conversation per connection. */
export const CONVERSATION = 'conversation';
