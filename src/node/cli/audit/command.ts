/**
 * `mcp-lens-cli audit <url>`: the audit the Audit tab runs, headless, on the same engine. It connects
 * (authorizing when the server asks, as the CLI does), runs every check, prints one line per check and a
 * summary, and writes JUnit XML and JSON when asked, so a server's own CI can gate on it. The exit code is
 * the verdict: 0 no check failed, 1 a check failed (or the run was interrupted), 2 usage, 3 nothing answered
 * (or authorization failed), 4 the --deadline passed. A server that answered but that the engine refused to talk to (a session id
 * outside visible ASCII, a malformed server/discover) still gets a report: its `connection` check fails with
 * the reason and every other check says it could not run, in the table, --json and --junit alike; exit 1.
 */
import { createEngine } from '../../../engine/engine.ts';
import { asEngineError, isEngineError, type EngineError } from '../../../shared/errors.ts';
import { describeError } from '../../../shared/read.ts';
import { headlessAuthHost, headlessRequestAnswers } from '../headless-host.ts';
import type { AuditReport, AuditToolCall } from '../../../shared/audit.ts';
import { EXIT, type ExitCode } from '../../command/exit-codes.ts';
import { runCommand, type Command } from '../../command/framework.ts';
import { writeJson, type HeadlessIo } from '../../command/headless-io.ts';
import { type AUDIT_OPTIONS, AUDIT_SYNOPSIS, auditArgsOf, type AuditArgs } from './args.ts';
import { resolveCalls } from './calls.ts';
import { toJUnitXml } from './junit.ts';
import { toAuditJson } from './report-json.ts';
import { exitCodeOf, formatTable } from './table.ts';
import { plainLine } from './text.ts';

/** Loopback and never served: the headless host stops at the redirect and reads the code from it. */
const REDIRECT_URL = 'http://localhost:47799/oauth-callback';

/** `mcp-lens audit`: one declaration on the command framework, its options from the shared vocabulary. */
const auditCommand: Command<typeof AUDIT_OPTIONS, HeadlessIo> = {
  ...AUDIT_SYNOPSIS,
  run: (line, io) => audit(auditArgsOf(line), io),
};

export const runAudit = (argv: readonly string[], io: HeadlessIo): Promise<ExitCode> => runCommand(auditCommand, argv, io);

async function audit(args: AuditArgs, io: HeadlessIo): Promise<ExitCode> {
  const engine = createEngine({
    fetch: io.fetch,
    clock: io.clock,
    emit: () => undefined,
    auth: { host: headlessAuthHost(REDIRECT_URL), settings: { redirectUrl: REDIRECT_URL, clientName: 'MCP Lens audit (headless)' } },
    extensions: [headlessRequestAnswers()],
    ...(io.rawHttp && { rawHttp: io.rawHttp }),
  });
  const runId = () => `cli-${io.clock.now().toString(36)}`;
  try {
    await engine.call('connect', { url: args.url, transport: 'auto', era: args.era, headers: args.headers });
  } catch (error) {
    io.stderr(`mcp-lens-cli audit: ${plainLine(describeError(error))}`);
    if (isEngineError(error) && error.code === 'invalid-url') return EXIT.usage;
    const refused = asEngineError(error);
    const report = await engine.call('runAudit', {
      runId: runId(),
      options: optionsOf(args),
      refused: { url: args.url, ...(args.era !== 'auto' && { era: args.era }), error: refused },
    });
    await writeReport(report, args, io);
    return NOTHING_ANSWERED.has(refused.code) ? EXIT.connect : exitCodeOf(report);
  }
  try {
    let calls: AuditToolCall[] = [];
    if (args.calls.length > 0) {
      // Checked against the server's own list before the run: nothing is called unless it may be.
      const resolved = resolveCalls(args.calls, (await engine.call('listTools', undefined)).tools, args.allowWrites);
      if (!resolved.ok) {
        io.stderr(`mcp-lens-cli audit: ${resolved.problem}`);
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
      await writeReport(report, args, io);
      if (late) io.stderr(`mcp-lens-cli audit: the --deadline passed; the checks after it did not run.`);
      return late ? EXIT.deadline : exitCodeOf(report);
    } finally {
      cancelTimer();
      io.signal?.removeEventListener('abort', forward);
    }
  } catch (error) {
    io.stderr(`mcp-lens-cli audit: the audit stopped: ${plainLine(describeError(error))}`);
    return EXIT.failed;
  } finally {
    await engine.call('disconnect', undefined).catch(() => undefined);
  }
}

/** Connect failures where the server never answered or would not let us in: exit 3, with the report written. */
const NOTHING_ANSWERED = new Set<EngineError['code']>(['unreachable', 'timeout', 'cancelled', 'cors', 'unauthorized']);

async function writeReport(report: AuditReport, args: AuditArgs, io: HeadlessIo) {
  // With --json to stdout, stdout carries the document alone; the table moves to stderr.
  const human = args.json?.to === 'stdout' ? io.stderr : io.stdout;
  for (const line of formatTable(report)) human(line);
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
