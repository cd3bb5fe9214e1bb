/**
 * The one way a headless command reaches a server: the engine with the headless host (OAuth, sampling and
 * elicitation answered by a program), the relay's token from the environment, and a run in which every
 * request has its own timeout inside the run's deadline (limit.ts), the connection first and the session's
 * close last, under a short bound of its own. The smoke run (check-server.ts) and the one-request
 * subcommands (src/node/cli/request/) all connect through here.
 */
import type { Clock } from '../../engine/clock.ts';
import { createEngine, type Engine } from '../../engine/engine.ts';
import type { EngineApi, EngineMethod } from '../../shared/boundary.ts';
import type { EraChoice, HeaderPair, ServerSummary, ToolCallOutcome } from '../../shared/model.ts';
import { RELAY_TOKEN_HEADER } from '../../shared/relay.ts';
import type { TaskInfo } from '../../shared/tasks.ts';
import { EXIT, type ExitCode } from '../command/exit-codes.ts';
import type { HeadlessIo } from '../command/headless-io.ts';
import { terminalText, pageText } from '../terminal-text.ts';
import { withoutAppPointers } from './app-pointers.ts';
import { authSettings } from './conformance-context.ts';
import { disconnectWithin } from './disconnect.ts';
import { formatDuration } from './duration.ts';
import { headlessAuthHost, headlessRequestAnswers } from './headless-host.ts';
import { startLimit, within, type Attempt, type Limit } from './limit.ts';
import { hostAnswerLine, verboseLine } from './verbose-events.ts';

/** How long a cancelled request may take to finish cancelling (the engine bounds a tasks/cancel at 10 s). */
const CANCEL_GRACE_MS = 15_000;
/**
 * The engine's own call limits sit this far behind the CLI's, so the CLI's timeout is always the one that
 * fires: it cancels through the call's signal, and the report knows it was a timeout.
 */
const ENGINE_LIMIT_GRACE_MS = 1_000;
/** A task's polls double from the server's pollInterval up to this, so a long task costs a few polls. */
const TASK_POLL_CAP_MS = 5_000;

/** The engine a headless command drives, and what its events tell about calls in flight. */
export interface HeadlessEngine {
  engine: Engine;
  /** The task a call became (from the engine's call-progress events), by the call's tracking id. */
  taskOf(trackingId: string): TaskInfo | undefined;
  /** Calls `onProgress` on each progress notification for the call with this tracking id, until the returned stop. */
  watchProgress(trackingId: string, onProgress: () => void): () => void;
}

/**
 * The engine as the browser runs it, with the headless host. With `verbose`, every frame, note,
 * authorization step and host answer goes to `warn` as a line (`--verbose`).
 */
export function headlessEngine(
  io: Pick<HeadlessIo, 'env' | 'fetch' | 'clock'>,
  verbose: boolean,
  warn: (line: string) => void,
): HeadlessEngine {
  const tasks = new Map<string, TaskInfo>();
  const progressWatchers = new Map<string, () => void>();
  const settings = authSettings(io.env);
  const engine = createEngine({
    fetch: io.fetch,
    clock: io.clock,
    emit(event) {
      if (event.type === 'call-progress' && event.task) tasks.set(event.trackingId, event.task);
      if (event.type === 'call-progress' && event.progress) progressWatchers.get(event.trackingId)?.();
      const line = verbose ? verboseLine(event) : undefined;
      if (line !== undefined) warn(line);
    },
    auth: { host: headlessAuthHost(settings.redirectUrl, io.fetch), settings },
    extensions: [headlessRequestAnswers(verbose ? (answer) => warn(hostAnswerLine(answer)) : undefined)],
  });
  return {
    engine,
    taskOf: (id) => tasks.get(id),
    watchProgress(id, onProgress) {
      progressWatchers.set(id, onProgress);
      return () => progressWatchers.delete(id);
    },
  };
}

/** `--header`s, and through the local relay (docs/relay.md) its token from the environment, as the relay's own does. */
export function connectionHeaders(headers: readonly HeaderPair[], env: HeadlessIo['env']): HeaderPair[] {
  const relayToken = env.MCP_LENS_RELAY_TOKEN;
  return [...headers, ...(relayToken ? [{ name: RELAY_TOKEN_HEADER, value: relayToken }] : [])];
}

export interface RunTarget {
  url: string;
  headers: HeaderPair[];
  /** `--era`: the era to speak; auto finds the server's. */
  era?: EraChoice;
  timeoutMs: number;
  deadlineMs: number;
}

export type { Attempt };

/** One run against one server: its deadline, its requests, its close. */
export interface HeadlessRun {
  readonly deadline: Limit;
  /** When the run started, on the run's clock. */
  readonly started: number;
  /** One engine request under `--timeout` inside the deadline; with `progressOf`, that call's progress starts its timeout again. */
  attempt<M extends EngineMethod>(method: M, params: EngineApi[M]['params'], progressOf?: string): Promise<Attempt<EngineApi[M]['result']>>;
  /**
   * One tools/call under `--timeout`, started again by each progress notification, within the deadline; a
   * task it becomes is followed, and cancelled if it asks for input (no one is there to answer).
   */
  callTool(name: string, args: Record<string, unknown>, trackingId: string): Promise<Attempt<ToolCallOutcome>>;
  /** Why a request failed, in a line: the deadline, the timeout, or the engine's own words. */
  why(failed: { error: unknown; timedOut: boolean }, what: string): string;
  /** Connects (the era probe, the handshake, authorization if it is needed), bounded by `--timeout` as a whole. */
  connect(): Promise<Attempt<ServerSummary>>;
  /** Ends the deadline and closes the session within its own short bound; a line for a person if that went wrong. */
  close(): Promise<string | undefined>;
}

export function startRun(target: RunTarget, deps: Pick<HeadlessEngine, 'engine' | 'watchProgress'> & { clock: Clock }): HeadlessRun {
  const { engine, clock } = deps;
  const started = clock.now();
  const deadline = startLimit(clock, target.deadlineMs);

  async function attempt<M extends EngineMethod>(
    method: M,
    params: EngineApi[M]['params'],
    progressOf?: string,
  ): Promise<Attempt<EngineApi[M]['result']>> {
    // A call that reports progress is alive: its timeout starts again, within the deadline.
    return within(clock, target.timeoutMs, (signal) => engine.call(method, params, signal), {
      parent: deadline.signal,
      graceMs: method === 'connect' ? 0 : CANCEL_GRACE_MS,
      ...(progressOf !== undefined && { watch: (limit) => deps.watchProgress(progressOf, () => limit.restart()) }),
    });
  }

  return {
    deadline,
    started,
    attempt,
    callTool(name, args, trackingId) {
      // The engine's idle limit also starts again on progress (resetTimeoutOnProgress); its total is what is left of the deadline.
      const deadlineLeftMs = target.deadlineMs - (clock.now() - started);
      return attempt(
        'callTool',
        {
          name,
          arguments: args,
          trackingId,
          timeoutMs: target.timeoutMs + ENGINE_LIMIT_GRACE_MS,
          maxTotalTimeoutMs: Math.max(target.timeoutMs, deadlineLeftMs) + ENGINE_LIMIT_GRACE_MS,
          taskFollow: { inputRequired: 'cancel', backoffCapMs: TASK_POLL_CAP_MS },
        },
        trackingId,
      );
    },
    why(failed, what) {
      if (deadline.passed) return `the deadline of ${formatDuration(target.deadlineMs)} passed during ${what}`;
      if (failed.timedOut) return `no answer to ${what} within ${formatDuration(target.timeoutMs)} (--timeout)`;
      return describe(failed.error, what === 'connect');
    },
    // The engine's handshake timeout is per request (the era probe, then initialize); the CLI's bounds the whole.
    connect: () =>
      attempt('connect', {
        url: target.url,
        transport: 'auto',
        headers: target.headers,
        ...(target.era && target.era !== 'auto' && { era: target.era }),
        requestTimeoutMs: target.timeoutMs,
      }),
    async close() {
      deadline.dispose();
      // Also after a failed or cancelled connect: it may have opened a session before it gave up.
      return disconnectWithin(engine, clock);
    },
  };
}

/** What a one-connection command gives to reach its server: the connection options of the vocabulary. */
export interface ConnectionValues {
  header: HeaderPair[];
  era: EraChoice;
  timeout: number;
  deadline: number;
  verbose: boolean;
}

/**
 * One connection's life for a command that asks and is done (call, read, …, test): starts the run, connects,
 * hands the run and whom it reached to `body`, and closes the session whatever happened. A connection that
 * does not come up is said on stderr and is exit 3 (4 when the deadline passed); `body`'s exit code otherwise.
 */
export async function withConnectedRun(
  url: string,
  values: ConnectionValues,
  io: HeadlessIo,
  body: (run: HeadlessRun, server: ServerSummary, warn: (line: string) => void) => Promise<ExitCode>,
): Promise<ExitCode> {
  const warn = (line: string) => io.stderr(terminalText(line));
  const headless = headlessEngine(io, values.verbose, warn);
  const run = startRun(
    { url, headers: connectionHeaders(values.header, io.env), era: values.era, timeoutMs: values.timeout, deadlineMs: values.deadline },
    { ...headless, clock: io.clock },
  );
  try {
    const connected = await run.connect();
    if (!connected.ok) {
      warn(`could not connect to ${url}: ${run.why(connected, 'connect')}`);
      return run.deadline.passed ? EXIT.deadline : EXIT.connect;
    }
    return await body(run, connected.value, warn);
  } finally {
    const closing = await run.close();
    if (closing) warn(closing);
  }
}

/**
 * The engine's one-line message, without its pointers to the app's views; with `withDetail`, the raw detail
 * after it (a failed connection needs it).
 */
export function describe(error: unknown, withDetail = false): string {
  const { message, detail } = (typeof error === 'object' && error !== null ? error : {}) as { message?: unknown; detail?: unknown };
  const text = withoutAppPointers(typeof message === 'string' ? message : String(error));
  // An HTML error page is read for its words: a one-line error carries no markup.
  const said = withDetail && typeof detail === 'string' ? pageText(detail).slice(0, 300) : '';
  const extra = said !== '' && !text.includes(said) ? ` (${said})` : '';
  return text + extra;
}

/** Lines for a person on a terminal: server text neutralised on its way out (terminal-text.ts). */
export function terminalLines(io: Pick<HeadlessIo, 'stdout' | 'stderr'>): { say(line: string): void; warn(line: string): void } {
  return { say: (line) => io.stdout(terminalText(line)), warn: (line) => io.stderr(terminalText(line)) };
}
