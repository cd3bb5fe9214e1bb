/**
 * The CLI as a function: the command line and the effects in, the exit code out. main.ts calls it with
 * the process's own; tests call it with a manual clock and collect what it prints. Nothing here reads a
 * global, so a bundle (the conformance build, a packaged `mcp-lens cli`) can call it with any argv.
 */
import { createEngine } from '../../engine/engine.ts';
import type { TaskInfo } from '../../shared/tasks.ts';
import { RELAY_TOKEN_HEADER } from '../../shared/relay.ts';
import type { ExitCode } from '../command/exit-codes.ts';
import { runCommand, type Command } from '../command/framework.ts';
import { writeJson, type HeadlessIo } from '../command/headless-io.ts';
import { type CLI_OPTIONS, CLI_SYNOPSIS, cliOptionsOf, type CliOptions } from './args.ts';
import { checkServer } from './check-server.ts';
import { authSettings, readConformance } from './conformance-context.ts';
import { headlessAuthHost, headlessRequestAnswers } from './headless-host.ts';
import type { Selection } from './plan.ts';
import { exitCodeOf, jsonDocument, summaryLine, toolLines } from './report.ts';
import { hostAnswerLine, resultLine, verboseLine } from './verbose-events.ts';
import { terminalText } from '../terminal-text.ts';

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
  const say = (line: string) => io.stdout(terminalText(line));
  const warn = (line: string) => io.stderr(terminalText(line));
  // With --json to stdout, stdout carries the document alone; the human report moves to stderr.
  const human = options.json?.to === 'stdout' ? warn : say;
  const conformance = readConformance(io.env);
  if (conformance.warning) warn(conformance.warning);
  const tasks = new Map<string, TaskInfo>();
  const progressWatchers = new Map<string, () => void>();
  const settings = authSettings(io.env);
  const engine = createEngine({
    fetch: io.fetch,
    clock: io.clock,
    emit(event) {
      if (event.type === 'call-progress' && event.task) tasks.set(event.trackingId, event.task);
      if (event.type === 'call-progress' && event.progress) progressWatchers.get(event.trackingId)?.();
      const line = options.verbose ? verboseLine(event) : undefined;
      if (line !== undefined) warn(line);
    },
    auth: { host: headlessAuthHost(settings.redirectUrl, io.fetch), settings },
    extensions: [headlessRequestAnswers(options.verbose ? (answer) => warn(hostAnswerLine(answer)) : undefined)],
  });
  // Through the local relay (docs/relay.md) the token comes from the environment, as the relay's own does.
  const relayToken = io.env.MCP_LENS_RELAY_TOKEN;
  const lines = toolLines();

  const report = await checkServer(
    {
      url: options.url,
      headers: [...options.headers, ...(relayToken ? [{ name: RELAY_TOKEN_HEADER, value: relayToken }] : [])],
      ...(options.era !== 'auto' && { era: options.era }),
      callTools: options.callTools,
      selection: selectionOf(options, conformance),
      timeoutMs: options.timeoutMs,
      deadlineMs: options.deadlineMs,
    },
    {
      engine,
      clock: io.clock,
      taskOf: (id) => tasks.get(id),
      watchProgress(id, onProgress) {
        progressWatchers.set(id, onProgress);
        return () => progressWatchers.delete(id);
      },
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
