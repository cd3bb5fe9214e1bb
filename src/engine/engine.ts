/**
 * The MCP engine: one session at a time, driven by calls from the UI and reporting everything it sees as
 * events. Isomorphic — every effect (fetch, clock, event sink) comes in through `EngineEnv`, so the same
 * code runs in the Web Worker, in vitest under Node, and in a Node command-line entry.
 */
import type { EngineApi, EngineCall, EngineMethod, SessionApi } from '../shared/boundary.ts';
import type { EngineError } from '../shared/errors.ts';
import type { EngineEvent } from '../shared/events.ts';
import type { ConnectParams } from '../shared/model.ts';
import { redactUrl } from '../shared/redact.ts';
import { checkServerUrl } from '../shared/url.ts';
import { explainError, explainNetworkFailure, isOpaqueNetworkFailure, probeFailureCause } from './errors/explain-error.ts';
import type { Clock } from './clock.ts';
import { createConnectionGuards } from './guards/connection-guards.ts';
import { diagnoseCors } from './features/cors-doctor.ts';
import type { FeatureContext, Handlers, WireEvent } from './features/feature-context.ts';
import { tasksExtension, type KnownTasks } from './tasks/known-tasks.ts';
import { lazyFeatures, type LazyFeatureEnv } from './features/lazy-features.ts';
import { authFeature, type AuthFeatureOptions } from './auth/feature.ts';
import { createClientFeatures } from './client-features/client-features.ts';
import { listenFeature } from './features/listen.ts';
import { loggingHandlers } from './features/logging.ts';
import { promptHandlers } from './features/prompts.ts';
import { createToolIndex, toolHandlers } from './features/tools.ts';
import { fetchIcon } from './features/icons.ts';
import { createCallMarks, requestWith, sameTarget } from './wire/call-marks.ts';
import { appsExtension } from './features/apps.ts';
import { createMessageRecorder } from './wire/message-recorder.ts';
import { invalidUrl, openMcpSession, type Session, type SessionExtension } from './session/session.ts';
import { isSessionGone, sessionGoneError } from './session/session-recovery.ts';
import { createWireTap, type FetchLike } from './wire/wire-tap.ts';

/** Engine methods that are one MCP request each: re-issued when their response stream breaks (the 2026-07-28 rule). */
const REISSUED_ON_LOSS = new Set<EngineMethod>([
  'listTools',
  'callTool',
  'listResources',
  'listResourceTemplates',
  'readResource',
  'listPrompts',
  'getPrompt',
  'complete',
  'getTask',
  'resendRequest',
]);

/** The answer to a Connect that a newer Connect or Disconnect replaced while it was opening. */
const SUPERSEDED: EngineError = { code: 'cancelled', message: 'A newer Connect or Disconnect replaced this connection attempt.' };

/** The engine's effects; each lazy feature's own (the audit's raw HTTP, the Playground's key storage) are declared in its `*-meta.ts`. */
export interface EngineEnv extends LazyFeatureEnv {
  fetch: FetchLike;
  /** Every time the engine reads or waits for (composition roots pass `realClock`). */
  clock: Clock;
  emit: (event: EngineEvent) => void;
  /** How authorization URLs are opened and which client identity is used (the command line sets both). */
  auth?: AuthFeatureOptions;
  /** Session extensions the environment adds (e.g. a headless host's answers to server requests). */
  extensions?: SessionExtension[];
}

export interface Engine {
  call: EngineCall;
}

export function createEngine(env: EngineEnv): Engine {
  const { clock } = env;
  const now = () => clock.now();
  let seq = 0;
  const nextSeq = () => ++seq;
  const note = (level: 'info' | 'warning' | 'error', text: string) => env.emit({ type: 'note', time: now(), level, text });
  const guards = createConnectionGuards({
    clock,
    note,
    onDrop: (drop) => env.emit({ type: 'stream-drop', drop: { time: now(), ...drop } }),
  });
  const callMarks = createCallMarks();
  const wireWatchers = new Set<(event: WireEvent) => void>();
  const emitWire = (event: WireEvent) => {
    env.emit(event);
    for (const watcher of wireWatchers) watcher(event);
  };
  const recorder = createMessageRecorder({
    now,
    nextSeq,
    claimMark: callMarks.claim,
    emit: (entry) => {
      emitWire({ type: 'message', entry });
      guards.inspect(entry);
      if (entry.direction === 'in' && entry.kind === 'notification') session?.cache.observe(entry.method);
    },
  });
  const tappedFetch = createWireTap({
    fetch: env.fetch,
    clock,
    nextSeq,
    recorder,
    onExchange: (exchange) => emitWire({ type: 'http', exchange }),
    onNote: (text, level = 'info') => note(level, text),
    limits: guards.limits,
    onDelivered: guards.delivered,
    onRetry: guards.retryAdvised,
    onFault: guards.fault,
    onStreamMessage: (message, requestBody) => clientFeatures.relations.observe(message, requestBody),
    personAnswering: () => clientFeatures.answering.size > 0,
    onBeside: env.emit,
  });

  let session: Session | undefined;
  let connectParams: ConnectParams | undefined;
  /** Counts Connect and Disconnect calls: only the latest may change the connection. */
  let attempts = 0;

  const explain = async (error: unknown): Promise<EngineError> =>
    isOpaqueNetworkFailure(error) && connectParams
      ? explainNetworkFailure(
          probeFailureCause(error),
          connectParams.url,
          env.fetch,
          connectParams.headers.map((h) => h.name.trim()).filter((name) => name !== ''),
        )
      : explainError(error, connectParams?.url);

  const ctx: FeatureContext = {
    fetch: env.fetch,
    clock,
    emit: env.emit,
    beside: tappedFetch.beside,
    note,
    requireSession() {
      if (!session) throw { code: 'not-connected', message: 'Not connected. Enter a server URL and press Connect.' } satisfies EngineError;
      return session;
    },
    onBehalfOf(app, method, target, send, job) {
      if (app === undefined) return ctx.asJob(job, sameTarget(method, target), send);
      return ctx.marked({ feature: 'apps', id: app, ...(job !== undefined && { job }) }, sameTarget(method, target), send);
    },
    asJob(job, matches, send) {
      return job === undefined ? send() : ctx.marked({ feature: 'job', id: job }, matches, send);
    },
    async marked(mark, matches, send) {
      const release = callMarks.expect(mark, matches);
      try {
        return await send();
      } finally {
        release();
      }
    },
    watchWire(listener) {
      wireWatchers.add(listener);
      return () => wireWatchers.delete(listener);
    },
  };

  async function endSession(): Promise<void> {
    const ending = session;
    session = undefined;
    if (ending) await ending.close().catch((error: Error) => note('warning', `Closing the session: ${error.message}`));
  }

  /**
   * Opens a session and makes it the current one, unless `stillWanted` says a newer Connect or Disconnect
   * replaced this attempt while it was opening: then the session is closed and never announced.
   */
  async function adopt(params: ConnectParams, stillWanted: () => boolean = () => true): Promise<Session> {
    const opened: Session = await openMcpSession(params, {
      fetch: tappedFetch,
      now,
      clock,
      note,
      extensions,
      guards: guards.begin(params.limits),
      onLost: (reason) => {
        if (session !== opened) return;
        session = undefined;
        note('warning', reason);
        env.emit({ type: 'connection', phase: 'disconnected', error: { code: 'not-connected', message: reason } });
      },
    });
    if (!stillWanted()) {
      await opened.close().catch(() => undefined);
      throw SUPERSEDED;
    }
    session = opened;
    for (const extension of extensions) extension.adopted?.(opened);
    return opened;
  }

  const clientFeatures = createClientFeatures(ctx, () => connectParams);
  const listen = listenFeature(ctx);

  // Features that shape the session (client capabilities, server-request handlers, auth) add one entry.
  const auth = authFeature(ctx, env.auth);
  // Tasks a session's tool calls created, for the Tasks tab of a server without tasks/list.
  const knownTasks: KnownTasks = new WeakMap();
  // Each session's listed tools, read by a tool call and by a tools/call re-sent from the log alike.
  const toolIndex = createToolIndex();
  // Resources, tasks, session files, Re-send, the audit, the Playground, the relay's console: code that loads on its first call.
  const lazy = lazyFeatures({
    ctx,
    env,
    knownTasks,
    toolIndex,
    subscriptions: listen.subscriptions,
    answering: clientFeatures.answering,
    callTool: (params, signal, job) => handlers.callTool(params, signal, job),
  });
  // The environment's extensions come last: the SDK keeps the last handler registered for a method, so
  // a headless host's answers override the person-in-the-browser ones.
  const extensions: SessionExtension[] = [
    clientFeatures.extension,
    auth.extension,
    listen.extension,
    tasksExtension,
    appsExtension,
    ...lazy.extensions,
    ...(env.extensions ?? []),
  ];

  const sessionHandlers: Handlers<SessionApi> = {
    async connect(params) {
      // The engine is the one authority on the phase (its events are the UI's only writer of it): a newer
      // Connect or Disconnect supersedes this attempt, whose late answer then changes nothing.
      const attempt = ++attempts;
      const current = () => attempt === attempts;
      await endSession();
      if (!current()) throw SUPERSEDED;
      connectParams = params;
      env.emit({ type: 'note', time: env.clock.now(), level: 'info', text: `New connection to ${redactUrl(params.url)}`, boundary: true });
      env.emit({ type: 'connection', phase: 'connecting' });
      try {
        const opened = await adopt(params, current);
        env.emit({ type: 'connection', phase: 'connected', summary: opened.summary });
        return opened.summary;
      } catch (error) {
        if (!current()) throw SUPERSEDED;
        const explained = await explain(error);
        env.emit({ type: 'connection', phase: 'failed', error: explained });
        throw explained;
      }
    },
    async disconnect() {
      attempts += 1;
      await endSession();
      env.emit({ type: 'connection', phase: 'disconnected' });
      return undefined;
    },
    async ping(_params, _signal, job) {
      const { client, profile } = ctx.requireSession();
      if (!profile.ping) {
        throw {
          code: 'not-in-revision',
          message:
            "MCP 2026-07-28 has no ping: this server speaks it, so there is nothing to ping. Each request's time is in the Message log.",
        } satisfies EngineError;
      }
      const started = now();
      await ctx.asJob(job, requestWith('ping'), () => client.ping());
      return { latencyMs: now() - started };
    },
    async fetchIcon({ src }) {
      return fetchIcon(src, env.fetch, session?.summary.url);
    },
    async checkCors({ url, headerNames, paramHeaders }) {
      const checked = checkServerUrl(url);
      if (!checked.ok) throw invalidUrl(checked);
      // Only names: the doctor's probes carry dummy values, never the user's secrets.
      const names = (Array.isArray(headerNames) ? headerNames : [])
        .map((name) => String(name).trim())
        .filter((name) => name !== '')
        .slice(0, 32);
      const params = (Array.isArray(paramHeaders) ? paramHeaders : [])
        .filter((name): name is string => typeof name === 'string' && /^Mcp-Param-[!#$%&'*+.^_`|~0-9A-Za-z-]+$/i.test(name))
        .slice(0, 32);
      return diagnoseCors(checked.url, names, env.fetch, { paramHeaders: params, onDemand: true });
    },
  };

  // One spread per feature: each owns its methods (see EngineApi in src/shared/boundary.ts).
  const handlers: Handlers<EngineApi> = {
    ...sessionHandlers,
    ...toolHandlers(ctx, knownTasks, clientFeatures.answering, toolIndex),
    ...clientFeatures.handlers,
    ...promptHandlers(ctx, clientFeatures.answering),
    // Eager, not lazy: on 2026-07-28 the app sets the level right after Connect, and it must ride in the _meta
    // of the lists the tabs ask for next; a chunk to load first would let those go out without it.
    ...loggingHandlers(ctx),
    ...auth.handlers,
    ...lazy.handlers,
  };

  /**
   * The spec: a 404 to a request carrying a session id means the session is gone, and the client MUST
   * start a new one. We do that once, and do not repeat the request: a tool call may have side effects.
   */
  async function recoverSession(params: ConnectParams): Promise<EngineError> {
    note(
      'warning',
      'The server answered HTTP 404 for this session: it no longer knows it. Starting a new session (the request is not repeated).',
    );
    // Straight from connected to connected (no "connecting"), so the UI keeps what the user was doing.
    await endSession();
    const attempt = attempts;
    try {
      const opened = await adopt(params, () => attempt === attempts);
      env.emit({ type: 'connection', phase: 'connected', summary: opened.summary });
      return sessionGoneError(true);
    } catch (error) {
      if (attempt !== attempts) return sessionGoneError(false, 'a newer Connect or Disconnect came first');
      const explained = await explain(error);
      env.emit({ type: 'connection', phase: 'failed', error: explained });
      return sessionGoneError(false, explained.message);
    }
  }

  type Run = (p: unknown, s?: AbortSignal, job?: string) => Promise<EngineApi[EngineMethod]['result']>;
  /**
   * MCP 2026-07-28: a request whose response stream broke is lost, and the client MUST re-issue it as a new
   * request (new id). Once: a server that keeps breaking streams gets the error.
   */
  async function runOnce(method: EngineMethod, params: unknown, signal?: AbortSignal, job?: string) {
    const run = handlers[method] as Run;
    try {
      return await run(params, signal, job);
    } catch (error) {
      const lost = explainError(error).lostInTransit === true && !signal?.aborted;
      if (!lost || session?.profile.reissueOnLoss !== true || !REISSUED_ON_LOSS.has(method)) throw error;
      note(
        'info',
        `The response stream for ${method} ended before the answer; re-issuing it as a new request, as MCP 2026-07-28 requires.`,
      );
      return run(params, signal, job);
    }
  }

  return {
    async call(method, params, signal, job) {
      try {
        return (await runOnce(method, params, signal, job)) as EngineApi[typeof method]['result'];
      } catch (error) {
        if (signal?.aborted) throw { code: 'cancelled', message: 'The request was cancelled.' } satisfies EngineError;
        if (method !== 'connect' && connectParams && session?.summary.sessionId && isSessionGone(error))
          throw await recoverSession(connectParams);
        throw await explain(error);
      }
    },
  };
}
