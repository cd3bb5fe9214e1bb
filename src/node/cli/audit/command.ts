/**
 * `mcp-lens-cli audit <url>`: the audit the Audit tab runs, headless, on the same engine. It connects
 * (authorizing when the server asks, as the CLI does), runs every check, prints one line per check and a
 * summary, and writes JUnit XML and JSON when asked, so a server's own CI can gate on it. The exit code is
 * the verdict: 0 no check failed, 1 a check failed (or the run was interrupted), 2 usage, 3 nothing answered
 * (or authorization failed). A server that answered but that the engine refused to talk to (a session id
 * outside visible ASCII, a malformed server/discover) still gets a report: its `connection` check fails with
 * the reason and every other check says it could not run, in the table, --json and --junit alike; exit 1.
 */
import { realClock, type Clock } from '../../../engine/clock.ts';
import { createEngine, type Engine } from '../../../engine/engine.ts';
import type { RawHttp } from '../../../engine/audit/probe.ts';
import type { FetchLike } from '../../../engine/wire/wire-tap.ts';
import { asEngineError, isEngineError, type EngineError } from '../../../shared/errors.ts';
import { describeError } from '../../../shared/read.ts';
import { formatDuration } from '../duration.ts';
import { headlessAuthHost, headlessRequestAnswers } from '../headless-host.ts';
import type { AuditReport, AuditToolCall } from '../../../shared/audit.ts';
import { AUDIT_USAGE, parseAuditArgs, type AuditArgs } from './args.ts';
import { resolveCalls } from './calls.ts';
import { toJUnitXml } from './junit.ts';
import { toAuditJson } from './report-json.ts';
import { exitCodeOf, formatTable } from './table.ts';
import { terminalText } from '../../terminal-text.ts';
import { disconnectWithin } from '../disconnect.ts';
import { startLimit, untilAborted } from '../limit.ts';

/** Loopback and never served: the headless host stops at the redirect and reads the code from it. */
const REDIRECT_URL = 'http://localhost:47799/oauth-callback';
/** Without --timeout, each request and the connection as a whole get the engine audit's own default. */
const DEFAULT_TIMEOUT_MS = 30_000;

export interface AuditCommandDeps {
  fetch: FetchLike;
  /** Raw HTTP for the checks a browser cannot make (a forged Host, a preflight read); absent, they do not apply. */
  rawHttp?: RawHttp;
  out: (line: string) => void;
  err: (line: string) => void;
  /** Whether `out` is a terminal: there, reasons are cut to the width; into a file or a pipe they go whole. */
  outIsTerminal?: boolean;
  /** Time for the connection's and the disconnect's bounds; the real clock unless a test moves its own. */
  clock?: Clock;
  writeFile: (path: string, text: string) => Promise<void>;
  /** Aborts the run (Ctrl-C): the checks that finished are still printed and written. */
  signal?: AbortSignal;
}

export async function auditCommand(argv: readonly string[], given: AuditCommandDeps): Promise<number> {
  // Every line for a person carries server text: neutralised here, once. JUnit and JSON files stay exact.
  const deps = { ...given, out: (line: string) => given.out(terminalText(line)), err: (line: string) => given.err(terminalText(line)) };
  const clock = given.clock ?? realClock;
  const parsed = parseAuditArgs(argv);
  if (!parsed.ok) {
    if (parsed.problem) deps.err(parsed.problem);
    for (const line of AUDIT_USAGE.split('\n')) (parsed.help ? deps.out : deps.err)(line);
    return parsed.help ? 0 : 2;
  }
  const { args } = parsed;
  const engine = createEngine({
    fetch: deps.fetch,
    clock,
    emit: () => undefined,
    auth: { host: headlessAuthHost(REDIRECT_URL), settings: { redirectUrl: REDIRECT_URL, clientName: 'MCP Lens audit (headless)' } },
    extensions: [headlessRequestAnswers()],
    ...(deps.rawHttp && { rawHttp: deps.rawHttp }),
  });
  const timeoutMs = args.requestTimeoutMs ?? DEFAULT_TIMEOUT_MS;
  /** One request (or the handshake as a whole) within --timeout: a server that stops answering cannot hold the step. */
  const within = <T>(call: (signal: AbortSignal) => Promise<T>, what: string): Promise<T> => {
    const limit = startLimit(clock, timeoutMs);
    return untilAborted(call(limit.signal), limit.signal, clock, 0)
      .catch((error: unknown) => {
        if (!limit.passed) throw error;
        throw { code: 'timeout', message: `No answer to ${what} within ${formatDuration(timeoutMs)} (--timeout).` } satisfies EngineError;
      })
      .finally(() => limit.dispose());
  };
  try {
    await within(
      (signal) =>
        engine.call(
          'connect',
          { url: args.url, transport: 'auto', era: args.era, headers: args.headers, requestTimeoutMs: timeoutMs },
          signal,
        ),
      'the connection',
    );
  } catch (error) {
    deps.err(`mcp-lens-cli audit: ${describeError(error)}`);
    if (isEngineError(error) && error.code === 'invalid-url') return 2;
    const refused = asEngineError(error);
    const report = await engine.call('runAudit', {
      runId: `cli-${clock.now().toString(36)}`,
      options: optionsOf(args),
      refused: { url: args.url, ...(args.era !== 'auto' && { era: args.era }), error: refused },
    });
    await writeReport(report, args, deps);
    await closeWithin(engine, clock, deps);
    return NOTHING_ANSWERED.has(refused.code) ? 3 : exitCodeOf(report);
  }
  try {
    let calls: AuditToolCall[] = [];
    if (args.calls.length > 0) {
      // Checked against the server's own list before the run: nothing is called unless it may be.
      const listed = await within((signal) => engine.call('listTools', undefined, signal), 'tools/list');
      const resolved = resolveCalls(args.calls, listed.tools, args.allowDestructive);
      if (!resolved.ok) {
        deps.err(`mcp-lens-cli audit: ${resolved.problem}`);
        return 2;
      }
      calls = resolved.calls;
    }
    const options = { ...optionsOf(args), ...(calls.length > 0 && { callTools: calls }) };
    const report = await engine.call('runAudit', { runId: `cli-${clock.now().toString(36)}`, options }, deps.signal);
    await writeReport(report, args, deps);
    return exitCodeOf(report);
  } catch (error) {
    deps.err(`mcp-lens-cli audit: the audit stopped: ${describeError(error)}`);
    return 1;
  } finally {
    await closeWithin(engine, clock, deps);
  }
}

/** The session's close is bounded: the verdict is printed and written, so a server that never answers the DELETE cannot hold CI. */
async function closeWithin(engine: Engine, clock: Clock, deps: Pick<AuditCommandDeps, 'err'>) {
  const problem = await disconnectWithin(engine, clock);
  if (problem) deps.err(`mcp-lens-cli audit: ${problem}`);
}

/** Connect failures where the server never answered or would not let us in: exit 3, with the report written. */
const NOTHING_ANSWERED = new Set<EngineError['code']>(['unreachable', 'timeout', 'cancelled', 'cors', 'unauthorized']);

async function writeReport(report: AuditReport, args: AuditArgs, deps: AuditCommandDeps) {
  for (const line of formatTable(report, { wholeReasons: deps.outIsTerminal !== true })) deps.out(line);
  if (args.junit) await deps.writeFile(args.junit, toJUnitXml(report));
  if (args.json) await deps.writeFile(args.json, toAuditJson(report));
}

function optionsOf(args: AuditArgs) {
  return {
    allowSideEffects: args.allowSideEffects,
    ...(args.checks && { checks: args.checks }),
    ...(args.requestTimeoutMs !== undefined && { requestTimeoutMs: args.requestTimeoutMs }),
  };
}
