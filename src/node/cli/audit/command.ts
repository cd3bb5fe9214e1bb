/**
 * `mcp-lens-cli audit <url>`: the audit the Audit tab runs, headless, on the same engine. It connects
 * (authorizing when the server asks, as the CLI does), runs every check, prints one line per check and a
 * summary, and writes JUnit XML and JSON when asked, so a server's own CI can gate on it. The exit code is
 * the verdict: 0 no check failed, 1 a check failed (or the run was interrupted), 2 usage, 3 nothing answered
 * (or authorization failed), 4 the --deadline passed. A server that answered but that the engine refused to
 * talk to (a session id outside visible ASCII, a malformed server/discover) still gets a report: its
 * `connection` check fails with the reason and every other check says it could not run, in the table, --json
 * and --junit alike; exit 1.
 */
import type { Clock } from '../../../engine/clock.ts';
import { createEngine, type Engine } from '../../../engine/engine.ts';
import type { AuditReport, AuditToolCall } from '../../../shared/audit.ts';
import { asEngineError, isEngineError, type EngineError } from '../../../shared/errors.ts';
import { describeError } from '../../../shared/read.ts';
import { EXIT, type ExitCode } from '../../command/exit-codes.ts';
import { runCommand, type Command } from '../../command/framework.ts';
import { writeJson, type HeadlessIo } from '../../command/headless-io.ts';
import { terminalText } from '../../terminal-text.ts';
import { disconnectWithin } from '../disconnect.ts';
import { formatDuration } from '../duration.ts';
import { headlessAuthHost, headlessRequestAnswers } from '../headless-host.ts';
import { within } from '../limit.ts';
import { type AUDIT_OPTIONS, AUDIT_SYNOPSIS, auditArgsOf, type AuditArgs } from './args.ts';
import { resolveCalls } from './calls.ts';
import { toJUnitXml } from './junit.ts';
import { toAuditJson } from './report-json.ts';
import { exitCodeOf, formatTable } from './table.ts';

/** Loopback and never served: the headless host stops at the redirect and reads the code from it. */
const REDIRECT_URL = 'http://localhost:47799/oauth-callback';
/** Without --timeout, each request and the connection as a whole get the engine audit's own default. */
const DEFAULT_TIMEOUT_MS = 30_000;

/** `mcp-lens audit`: one declaration on the command framework, its options from the shared vocabulary. */
const auditCommand: Command<typeof AUDIT_OPTIONS, HeadlessIo> = {
  ...AUDIT_SYNOPSIS,
  run: (line, io) => audit(auditArgsOf(line), io),
};

export const runAudit = (argv: readonly string[], io: HeadlessIo): Promise<ExitCode> => runCommand(auditCommand, argv, io);

/** Lines for a person: every one carries server text, so it is neutralised here, once. JUnit and JSON stay exact. */
interface Say {
  out(line: string): void;
  err(line: string): void;
}

async function audit(args: AuditArgs, io: HeadlessIo): Promise<ExitCode> {
  const say: Say = { out: (line) => io.stdout(terminalText(line)), err: (line) => io.stderr(terminalText(line)) };
  const engine = createEngine({
    fetch: io.fetch,
    clock: io.clock,
    emit: () => undefined,
    auth: { host: headlessAuthHost(REDIRECT_URL), settings: { redirectUrl: REDIRECT_URL, clientName: 'MCP Lens audit (headless)' } },
    extensions: [headlessRequestAnswers()],
    ...(io.rawHttp && { rawHttp: io.rawHttp }),
  });
  const runId = () => `cli-${io.clock.now().toString(36)}`;
  const timeoutMs = args.requestTimeoutMs ?? DEFAULT_TIMEOUT_MS;
  /** One request (or the handshake as a whole) within --timeout: a server that stops answering cannot hold the step. */
  const withinTimeout = async <T>(call: (signal: AbortSignal) => Promise<T>, what: string): Promise<T> => {
    const attempt = await within(io.clock, timeoutMs, call);
    if (attempt.ok) return attempt.value;
    if (!attempt.timedOut) throw attempt.error;
    throw { code: 'timeout', message: `No answer to ${what} within ${formatDuration(timeoutMs)} (--timeout).` } satisfies EngineError;
  };
  try {
    await withinTimeout(
      (signal) =>
        engine.call(
          'connect',
          { url: args.url, transport: 'auto', era: args.era, headers: args.headers, requestTimeoutMs: timeoutMs },
          signal,
        ),
      'the connection',
    );
  } catch (error) {
    say.err(`mcp-lens-cli audit: ${describeError(error)}`);
    if (isEngineError(error) && error.code === 'invalid-url') return EXIT.usage;
    const refused = asEngineError(error);
    const report = await engine.call('runAudit', {
      runId: runId(),
      options: optionsOf(args),
      refused: { url: args.url, ...(args.era !== 'auto' && { era: args.era }), error: refused },
    });
    await writeReport(report, args, io, say);
    await closeWithin(engine, io.clock, say);
    return NOTHING_ANSWERED.has(refused.code) ? EXIT.connect : exitCodeOf(report);
  }
  try {
    let calls: AuditToolCall[] = [];
    if (args.calls.length > 0) {
      // Checked against the server's own list before the run: nothing is called unless it may be.
      const listed = await withinTimeout((signal) => engine.call('listTools', undefined, signal), 'tools/list');
      const resolved = resolveCalls(args.calls, listed.tools, args.allowWrites);
      if (!resolved.ok) {
        say.err(`mcp-lens-cli audit: ${resolved.problem}`);
        return EXIT.usage;
      }
      calls = resolved.calls;
    }
    const options = { ...optionsOf(args), ...(calls.length > 0 && { callTools: calls }) };
    // --deadline bounds the whole run as Ctrl-C does: the check in flight is cancelled, what finished is written.
    const stop = new AbortController();
    const forward = () => stop.abort(io.signal?.reason);
    io.signal?.addEventListener('abort', forward, { once: true });
    let late = false;
    const cancelTimer =
      args.deadlineMs === undefined
        ? () => undefined
        : io.clock.after(args.deadlineMs, () => {
            late = true;
            stop.abort(new Error('the --deadline passed'));
          });
    try {
      const report = await engine.call('runAudit', { runId: runId(), options }, stop.signal);
      await writeReport(report, args, io, say);
      if (late) say.err(`mcp-lens-cli audit: the --deadline passed; the checks after it did not run.`);
      return late ? EXIT.deadline : exitCodeOf(report);
    } finally {
      cancelTimer();
      io.signal?.removeEventListener('abort', forward);
    }
  } catch (error) {
    say.err(`mcp-lens-cli audit: the audit stopped: ${describeError(error)}`);
    return EXIT.failed;
  } finally {
    await closeWithin(engine, io.clock, say);
  }
}

/** The session's close is bounded: the verdict is printed and written, so a server that never answers the DELETE cannot hold CI. */
async function closeWithin(engine: Engine, clock: Clock, say: Say) {
  const problem = await disconnectWithin(engine, clock);
  if (problem) say.err(`mcp-lens-cli audit: ${problem}`);
}

/** Connect failures where the server never answered or would not let us in: exit 3, with the report written. */
const NOTHING_ANSWERED = new Set<EngineError['code']>(['unreachable', 'timeout', 'cancelled', 'cors', 'unauthorized']);

async function writeReport(report: AuditReport, args: AuditArgs, io: HeadlessIo, say: Say) {
  // With --json to stdout, stdout carries the document alone; the table moves to stderr.
  const human = args.json?.to === 'stdout' ? say.err : say.out;
  // At a terminal a reason is cut to the width; into a file or a pipe it goes whole.
  for (const line of formatTable(report, { wholeReasons: io.stdoutIsTerminal !== true })) human(line);
  if (args.junit) await io.writeFile(args.junit, toJUnitXml(report));
  if (args.json) await writeJson(args.json, toAuditJson(report), io);
}

function optionsOf(args: AuditArgs) {
  return {
    allowSideEffects: args.allowWrites,
    ...(args.checks && { checks: args.checks }),
    ...(args.requestTimeoutMs !== undefined && { requestTimeoutMs: args.requestTimeoutMs }),
  };
}
