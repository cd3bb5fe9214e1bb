/**
 * The CLI as a function: the command line and the effects in, the exit code out. main.ts calls it with
 * the process's own; tests call it with a manual clock and collect what it prints. Nothing here reads a
 * global, so a bundle (the conformance build, a packaged `mcp-lens cli`) can call it with any argv.
 */
import type { ExitCode } from '../command/exit-codes.ts';
import { runCommand, type Command } from '../command/framework.ts';
import { writeJson, type HeadlessIo } from '../command/headless-io.ts';
import { type CLI_OPTIONS, CLI_SYNOPSIS, cliOptionsOf, type CliOptions } from './args.ts';
import { checkServer } from './check-server.ts';
import { readConformance } from './conformance-context.ts';
import { connectionHeaders, headlessEngine, terminalLines } from './connection.ts';
import type { Selection } from './plan.ts';
import { exitCodeOf, jsonDocument, summaryLine, toolLines } from './report.ts';
import { resultLine } from './verbose-events.ts';

/** The CLI's effects: the network, the clock, its output and the --json file. */
export type CliIo = HeadlessIo;

/** `mcp-lens cli`: one declaration on the command framework, its options from the shared vocabulary. */
const cliCommand: Command<typeof CLI_OPTIONS, CliIo> = {
  ...CLI_SYNOPSIS,
  run: (line, io) => checkAndReport(cliOptionsOf(line), io),
};

export const runCli = (argv: readonly string[], io: CliIo): Promise<ExitCode> => runCommand(cliCommand, argv, io);

async function checkAndReport(options: CliOptions, io: CliIo): Promise<ExitCode> {
  // Every line for a person carries server text (names, reasons, errors): neutralised here, once, so no
  // escape sequence reaches the terminal. The --json document goes out exact.
  const { say, warn } = terminalLines(io);
  // With --json to stdout, stdout carries the document alone; the human report moves to stderr.
  const human = options.json?.to === 'stdout' ? warn : say;
  const conformance = readConformance(io.env);
  if (conformance.warning) warn(conformance.warning);
  const headless = headlessEngine(io, options.verbose, warn);
  const lines = toolLines();

  const report = await checkServer(
    {
      url: options.url,
      headers: connectionHeaders(options.headers, io.env),
      era: options.era,
      callTools: options.callTools,
      selection: selectionOf(options, conformance),
      timeoutMs: options.timeoutMs,
      deadlineMs: options.deadlineMs,
    },
    {
      ...headless,
      clock: io.clock,
      onTool(tool) {
        const line = lines.line(tool);
        if (line !== undefined) human(line);
        if (options.verbose && tool.result) warn(resultLine(tool.name, tool.result));
      },
      say: human,
    },
  );
  const rest = lines.rest();
  if (rest !== undefined) human(rest);
  if (report.stopped?.step === 'connect') human(`could not connect to ${options.url}: ${report.stopped.message}`);
  human(summaryLine(report));
  if (options.json) await writeJson(options.json, JSON.stringify(jsonDocument(report), null, 2), io);
  return exitCodeOf(report);
}

/** The conformance scenario's calls win over --call: the suite is the one asking. */
function selectionOf(options: CliOptions, conformance: ReturnType<typeof readConformance>): Selection {
  const named = conformance.toolCalls ?? options.only;
  return { allowWrites: options.allowWrites || conformance.underTest, ...(named && { named }) };
}
