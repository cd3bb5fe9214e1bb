/**
 * The CLI as a function: the command line and the effects in, the exit code out. main.ts calls it with
 * the process's own; tests call it with a manual clock and collect what it prints. Nothing here reads a
 * global, so a bundle (the conformance build, a packaged `mcp-lens cli`) can call it with any argv.
 */
import type { Clock } from '../../engine/clock.ts';
import { createEngine } from '../../engine/engine.ts';
import type { TaskInfo } from '../../shared/tasks.ts';
import { RELAY_TOKEN_HEADER } from '../../shared/relay.ts';
import { HelpRequested, parseCliArgs, UsageError, USAGE, type CliOptions } from './args.ts';
import { checkServer } from './check-server.ts';
import { authSettings, readConformance } from './conformance-context.ts';
import { EXIT, type ExitCode } from '../command/exit-codes.ts';
import { headlessAuthHost, headlessRequestAnswers } from './headless-host.ts';
import type { Selection } from './plan.ts';
import { exitCodeOf, jsonDocument, summaryLine, toolLine } from './report.ts';
import { hostAnswerLine, resultLine, verboseLine } from './verbose-events.ts';

export interface CliIo {
  env: Record<string, string | undefined>;
  fetch: typeof fetch;
  clock: Clock;
  /** One line (or, with --json, the one document) for stdout. */
  stdout(text: string): void;
  /** One line for stderr. */
  stderr(text: string): void;
}

export async function runCli(argv: readonly string[], io: CliIo): Promise<ExitCode> {
  let options: CliOptions;
  try {
    options = parseCliArgs(argv);
  } catch (error) {
    if (error instanceof HelpRequested) {
      io.stdout(USAGE);
      return EXIT.passed;
    }
    if (!(error instanceof UsageError)) throw error;
    io.stderr(error.message);
    return EXIT.usage;
  }

  // With --json, stdout carries the document alone; the human report moves to stderr.
  const human = options.json ? io.stderr : io.stdout;
  const conformance = readConformance(io.env);
  if (conformance.warning) io.stderr(conformance.warning);
  const tasks = new Map<string, TaskInfo>();
  const settings = authSettings(io.env);
  const engine = createEngine({
    fetch: io.fetch,
    clock: io.clock,
    emit(event) {
      if (event.type === 'call-progress' && event.task) tasks.set(event.trackingId, event.task);
      const line = options.verbose ? verboseLine(event) : undefined;
      if (line !== undefined) io.stderr(line);
    },
    auth: { host: headlessAuthHost(settings.redirectUrl, io.fetch), settings },
    extensions: [headlessRequestAnswers(options.verbose ? (answer) => io.stderr(hostAnswerLine(answer)) : undefined)],
  });
  // Through the local relay (docs/relay.md) the token comes from the environment, as the relay's own does.
  const relayToken = io.env.MCP_LENS_RELAY_TOKEN;

  const report = await checkServer(
    {
      url: options.url,
      headers: relayToken ? [{ name: RELAY_TOKEN_HEADER, value: relayToken }] : [],
      callTools: options.callTools,
      selection: selectionOf(options, conformance),
      timeoutMs: options.timeoutMs,
      deadlineMs: options.deadlineMs,
    },
    {
      engine,
      clock: io.clock,
      taskOf: (id) => tasks.get(id),
      onTool(tool) {
        human(toolLine(tool));
        if (options.verbose && tool.result) io.stderr(resultLine(tool.name, tool.result));
      },
      say: human,
    },
  );
  if (report.stopped?.step === 'connect') human(`could not connect to ${options.url}: ${report.stopped.message}`);
  human(summaryLine(report));
  if (options.json) io.stdout(JSON.stringify(jsonDocument(report), null, 2));
  return exitCodeOf(report);
}

/** The conformance scenario's calls win over --call: the suite is the one asking. */
function selectionOf(options: CliOptions, conformance: ReturnType<typeof readConformance>): Selection {
  const named = conformance.toolCalls ?? options.only?.map((name) => ({ name }));
  return { allowWrites: options.allowWrites || conformance.underTest, ...(named && { named }) };
}
