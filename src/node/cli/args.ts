/** The CLI's command line: its options from the shared vocabulary (src/node/command/options.ts), their defaults, and the usage. */
import type { EraChoice, HeaderPair } from '../../shared/model.ts';
import { cliInvocation } from '../../shared/relay.ts';
import { EXIT_CODES_HELP } from '../command/exit-codes.ts';
import { parseCommandLine, usageOf, UsageError, type CommandLine } from '../command/framework.ts';
import {
  allowWrites,
  call,
  deadline,
  era,
  flag,
  header,
  help,
  json,
  serverUrl,
  timeout,
  type JsonTarget,
  type NamedCall,
} from '../command/options.ts';
import { RUNNING_FROM } from '../lens-context.ts';
import { formatDuration } from './duration.ts';

/**
 * The SDK's own default (and the browser's): a tool that does real work (a page load, a build step) gets
 * the time it would get anywhere else, and one that reports progress gets it again from each notification.
 */
export const DEFAULT_TIMEOUT_MS = 60_000;
/** Room for five tools at the full per-call timeout, and a bound a CI job can plan around. */
export const DEFAULT_DEADLINE_MS = 5 * 60_000;

export const CLI_OPTIONS = {
  header,
  era,
  timeout: timeout(
    DEFAULT_TIMEOUT_MS,
    `longest any one request may take: connect, list, each call (default ${formatDuration(DEFAULT_TIMEOUT_MS)});\nan expired call is cancelled on the wire and counted as failed`,
  ),
  deadline: deadline(
    DEFAULT_DEADLINE_MS,
    `the whole run (default ${formatDuration(DEFAULT_DEADLINE_MS)}); when it passes, the call in flight is cancelled,\nthe rest are not made, and the exit code is 4`,
  ),
  json: json("write one JSON document, each tool's result in it, to <file>, or with - to stdout\n(the human report then goes to stderr)"),
  call,
  noCall: flag('--no-call', 'connect and list the tools without calling any'),
  allowWrites: allowWrites('also call tools not marked read-only (readOnlyHint), destructive ones included'),
  verbose: flag(
    '--verbose',
    "print every JSON-RPC frame, note and authorization step, each tool's result, and\neach answer the headless host gave the server (sampling, elicitation) (stderr)",
  ),
  help,
};

export interface CliOptions {
  url: string;
  headers: HeaderPair[];
  era: EraChoice;
  verbose: boolean;
  /** Where the one JSON document goes; with stdout, the human report goes to stderr. */
  json?: JsonTarget;
  /** False with --no-call: connect and list only. */
  callTools: boolean;
  /** Call tools that are not marked read-only (destructive ones included). */
  allowWrites: boolean;
  /** --call: only these tools, in this order, whatever their annotations say (naming a tool is consent). */
  only?: NamedCall[];
  /** The longest any one request may take: connecting, listing, each call. */
  timeoutMs: number;
  /** The whole run, connection to disconnection. */
  deadlineMs: number;
}

/** The CLI's usage, as --help prints it: run-cli.ts's command is this and a run function. */
export const CLI_SYNOPSIS = {
  invocation: cliInvocation(RUNNING_FROM).join(' '),
  operands: '<server URL>',
  about: `Connects to an MCP server with MCP Lens's engine, lists its tools and calls each one with arguments made
up to fit its inputSchema. Tools that may change things are skipped unless you allow them. A result that
breaks the spec or its tool's outputSchema fails, as it does in the app's Tools tab and audit. This is the
smoke run, also written "smoke [options] <server URL>".

To ask one thing, a subcommand (each has its own --help):
  call <tool> <server URL>      one tools/call, its arguments checked against the inputSchema first
  read <uri> <server URL>       one resources/read
  prompt <name> <server URL>    one prompts/get
  list [tools|resources|prompts|templates] <server URL>
  send <method> <server URL>    any request, --params '{…}'
  audit <server URL>            check the server against the spec of its era`,
  options: CLI_OPTIONS,
  footer: `Durations take a unit: 500ms, 30s, 5m, 1h.

A task that needs input (input_required) is reported and cancelled with tasks/cancel: no one is there to
answer it, and a cancelled task frees the server at once instead of waiting out its TTL.

${EXIT_CODES_HELP}`,
};

export const USAGE = usageOf(CLI_SYNOPSIS);

/** The CLI's options from its read command line; throws UsageError for a combination that contradicts itself. */
export function cliOptionsOf({ values, positionals }: CommandLine<typeof CLI_OPTIONS>): CliOptions {
  if (values.call && values.noCall) throw new UsageError('--call and --no-call contradict each other; give one of them.');
  return {
    url: serverUrl(positionals),
    headers: values.header,
    era: values.era,
    verbose: values.verbose,
    ...(values.json && { json: values.json }),
    callTools: !values.noCall,
    allowWrites: values.allowWrites,
    ...(values.call && { only: values.call }),
    timeoutMs: values.timeout,
    deadlineMs: values.deadline,
  };
}

/** Reads a whole command line (tests; run-cli.ts goes through runCommand). Throws UsageError or HelpRequested. */
export const parseCliArgs = (argv: readonly string[]): CliOptions => cliOptionsOf(parseCommandLine(CLI_OPTIONS, argv));
