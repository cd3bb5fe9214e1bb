/**
 * What the one-request subcommands (call, read, prompt, list, send) share: their options, the connection
 * (connection.ts, the smoke run's own), and how an answer is printed and turned into an exit code. The
 * result goes to stdout whole as one JSON document (`--format json`, the default) or as lines for a person
 * (`--format text`, server text neutralised by terminalText); what went wrong goes to stderr.
 */
import { jsonRpcErrorIn } from '../../../engine/errors/http-status.ts';
import type { EngineError } from '../../../shared/errors.ts';
import type { ServerSummary } from '../../../shared/model.ts';
import { cliInvocation } from '../../../shared/relay.ts';
import { EXIT, REQUEST_EXIT_CODES_HELP, type ExitCode } from '../../command/exit-codes.ts';
import { runCommand, SEE_HELP, UsageError, type Command, type CommandLine, type OptionTable } from '../../command/framework.ts';
import type { HeadlessIo } from '../../command/headless-io.ts';
import { deadline, era, flag, format, header, help, serverUrl, timeout, type OutputFormat } from '../../command/options.ts';
import { RUNNING_FROM } from '../../lens-context.ts';
import { terminalText } from '../../terminal-text.ts';
import { DEFAULT_DEADLINE_MS, DEFAULT_TIMEOUT_MS } from '../args.ts';
import { withConnectedRun, type Attempt, type HeadlessRun } from '../connection.ts';
import { formatDuration } from '../duration.ts';

/** The options every one-request subcommand takes, from the shared vocabulary. */
export const REQUEST_OPTIONS = {
  header,
  era,
  timeout: timeout(
    DEFAULT_TIMEOUT_MS,
    `longest any one request may take: connect, list, the request itself (default ${formatDuration(DEFAULT_TIMEOUT_MS)});\nan expired request is cancelled on the wire`,
  ),
  deadline: deadline(
    DEFAULT_DEADLINE_MS,
    `the whole run (default ${formatDuration(DEFAULT_DEADLINE_MS)}); when it passes, the exit code is 4`,
  ),
  format,
  verbose: flag('--verbose', 'print every JSON-RPC frame, note and authorization step (stderr)'),
  help,
};

type RequestValues = CommandLine<typeof REQUEST_OPTIONS>['values'];

/** What a subcommand hands back once it has asked. */
export type Answer =
  /** The server answered: `json` is the whole result; `failed` says why the exit code is 1 all the same (isError, a broken result). */
  | { json: unknown; text: string[]; failed?: string }
  /** The request did not get an answer, or the server answered with an error. */
  | { error: Extract<Attempt<unknown>, { ok: false }>; what: string };

/** What a subcommand's body gets: the run (to send requests) and whom it reached. */
export interface Asking {
  run: HeadlessRun;
  server: ServerSummary;
  /** A line for stderr, neutralised. */
  warn(line: string): void;
}

/** The usage of a subcommand: `<invocation> <word> [options] <operands>`, the shared footer after. */
export function requestCommand<O extends OptionTable>(spec: {
  word: string;
  operands: string;
  about: string;
  options: O;
  run(line: CommandLine<O>, io: HeadlessIo): Promise<ExitCode>;
}): (argv: readonly string[], io: HeadlessIo) => Promise<ExitCode> {
  const command: Command<O, HeadlessIo> = {
    invocation: [...cliInvocation(RUNNING_FROM), spec.word].join(' '),
    operands: spec.operands,
    about: spec.about,
    options: spec.options,
    footer: `The server URL is the MCP endpoint, e.g. http://127.0.0.1:3001/mcp. Durations take a unit: 500ms, 30s, 5m, 1h.
Through the local relay, MCP_LENS_RELAY_TOKEN in the environment is sent as its token; a server that asks for
OAuth is authorized as the smoke run does it (the authorization server must approve without a page).

${REQUEST_EXIT_CODES_HELP}`,
    run: spec.run,
  };
  return (argv, io) => runCommand(command, argv, io);
}

/** The subject and the server URL from the operands (`<tool> <server URL>`): the URL comes last. */
export function subjectAndUrl(positionals: readonly string[], subject: string): { subject: string; url: string } {
  if (positionals.length < 2)
    throw new UsageError(
      `Give the ${subject}, then the server URL, e.g. ${subject === 'URI' ? 'file:///notes.txt' : `<${subject}>`} http://127.0.0.1:3001/mcp.\n${SEE_HELP}`,
    );
  return { subject: positionals[0]!, url: serverUrl(positionals.slice(1)) };
}

/**
 * Connects, hands the run to `ask`, prints its answer, closes the session, and returns the exit code: 0
 * answered, 1 the request failed or the answer is an error or broken, 3 no connection, 4 the deadline. A
 * UsageError from `ask` (bad arguments, consent missing) is thrown on after the close: exit 2.
 */
export async function askOnce(
  values: RequestValues,
  url: string,
  io: HeadlessIo,
  ask: (asking: Asking) => Promise<Answer>,
): Promise<ExitCode> {
  try {
    return await answerOnce(values, url, io, ask);
  } catch (error) {
    // A refusal may quote the server (its tool names, a tool's risk): neutralised like every other line.
    if (error instanceof UsageError) throw new UsageError(error.message.split('\n').map(terminalText).join('\n'));
    throw error;
  }
}

function answerOnce(values: RequestValues, url: string, io: HeadlessIo, ask: (asking: Asking) => Promise<Answer>): Promise<ExitCode> {
  const say = (line: string) => io.stdout(terminalText(line));
  return withConnectedRun(url, values, io, async (run, server, warn) => {
    const answer = await ask({ run, server, warn });
    if ('error' in answer) {
      warn(`${answer.what} failed: ${run.why(answer.error, answer.what)}`);
      if (values.format === 'json' && !run.deadline.passed) {
        const rpc = rpcErrorOf(answer.error.error);
        if (rpc) io.stdout(JSON.stringify({ error: rpc }, null, 2));
      }
      return run.deadline.passed ? EXIT.deadline : EXIT.failed;
    }
    print(values.format, answer, { say, json: (text) => io.stdout(text) });
    if (answer.failed !== undefined) warn(answer.failed);
    return answer.failed === undefined ? EXIT.passed : EXIT.failed;
  });
}

function print(
  format: OutputFormat,
  answer: { json: unknown; text: string[] },
  out: { say(line: string): void; json(text: string): void },
) {
  if (format === 'json') return out.json(JSON.stringify(answer.json, null, 2));
  // Each line of server text neutralised on its own, so a multi-line text stays lines.
  for (const line of answer.text.flatMap((text) => text.split('\n'))) out.say(line);
}

/**
 * A server's JSON-RPC error as stdout carries it in JSON, for a script to branch on: its code and the server's
 * own message (MCP Lens's explanation is the line on stderr), read out of the raw body when the error came
 * with an HTTP status (a 2026-07-28 server may answer an unknown method with a 404); undefined for any other failure.
 */
function rpcErrorOf(error: unknown): { code: number; message: string } | undefined {
  const { rpcCode, message, detail } = error as Partial<EngineError>;
  if (typeof rpcCode !== 'number') return undefined;
  return { code: rpcCode, message: jsonRpcErrorIn(detail)?.message ?? detail ?? message ?? '' };
}
