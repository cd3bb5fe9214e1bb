/** The CLI's command line: flags, their defaults and bounds, and the usage text that documents them. */
import { parseArgs } from 'node:util';

import { cliInvocation } from '../../shared/relay.ts';
import { RUNNING_FROM } from '../lens-context.ts';
import { formatDuration, parseDuration } from './duration.ts';
import { EXIT_CODES_HELP } from '../command/exit-codes.ts';

/**
 * Long enough for a tool that does real work (a search, a build step), short enough that a run over a
 * server with a hung tool ends in minutes: the browser's 60 s suits a person watching, not a CI step.
 */
export const DEFAULT_TIMEOUT_MS = 30_000;
/** Room for ten tools at the full per-call timeout, and a bound a CI job can plan around. */
export const DEFAULT_DEADLINE_MS = 5 * 60_000;
/** The engine refuses a per-request timeout under a second, and a day is no longer a check. */
const MIN_LIMIT_MS = 1_000;
const MAX_LIMIT_MS = 24 * 3_600_000;

export interface CliOptions {
  url: string;
  verbose: boolean;
  /** One JSON document on stdout; the human report goes to stderr. */
  json: boolean;
  /** False with --no-call: connect and list only. */
  callTools: boolean;
  /** Call tools that are not marked read-only (destructive ones included). */
  allowWrites: boolean;
  /** --call: only these tools, in this order, whatever their annotations say (naming a tool is consent). */
  only?: string[];
  /** The longest any one request may take: connecting, listing, each call. */
  timeoutMs: number;
  /** The whole run, connection to disconnection. */
  deadlineMs: number;
}

export const USAGE = `Usage: ${cliInvocation(RUNNING_FROM).join(' ')} [options] <server URL>

Connects to an MCP server with MCP Lens's engine, lists its tools and calls each one with arguments made
up to fit its inputSchema. Tools that may change things are skipped unless you allow them. A result that
breaks the spec or its tool's outputSchema fails, as it does in the app's Tools tab and audit.

Options:
  --timeout <duration>  longest any one request may take: connect, list, each call (default ${formatDuration(DEFAULT_TIMEOUT_MS)});
                        an expired call is cancelled on the wire and counted as failed
  --deadline <duration> the whole run (default ${formatDuration(DEFAULT_DEADLINE_MS)}); when it passes, the call in flight is
                        cancelled, the rest are not made, and the exit code is 4
  --allow-writes        also call tools not marked read-only (readOnlyHint), destructive ones included
  --call <a,b,…>        call only these tools, in this order, whatever their annotations (repeatable)
  --no-call             connect and list the tools without calling any
  --json                print one JSON document on stdout, each tool's result in it; the human report goes
                        to stderr
  --verbose             print every JSON-RPC frame, note and authorization step, each tool's result, and
                        each answer the headless host gave the server (sampling, elicitation) (stderr)
  --help                print this and exit
Durations take a unit: 500ms, 30s, 5m, 1h.

A task that needs input (input_required) is reported and cancelled with tasks/cancel: no one is there to
answer it, and a cancelled task frees the server at once instead of waiting out its TTL.

${EXIT_CODES_HELP}`;

const SEE_HELP = 'Run with --help for the options.';

/** Thrown for a command line the CLI will not run; the message says what to type instead. */
export class UsageError extends Error {}

/** Thrown for --help: the message is the usage, and asking for it is not an error. */
export class HelpRequested extends UsageError {
  constructor() {
    super(USAGE);
  }
}

export function parseCliArgs(argv: readonly string[]): CliOptions {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        verbose: { type: 'boolean', default: false },
        json: { type: 'boolean', default: false },
        'no-call': { type: 'boolean', default: false },
        'allow-writes': { type: 'boolean', default: false },
        call: { type: 'string', multiple: true },
        timeout: { type: 'string' },
        deadline: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${SEE_HELP}`);
  }
  const { values, positionals } = parsed;
  if (values.help) throw new HelpRequested();
  if (positionals.length !== 1) throw new UsageError(`Give one server URL, e.g. http://127.0.0.1:3001/mcp.\n${SEE_HELP}`);
  const only = values.call?.flatMap((list) => list.split(',')).map((name) => name.trim());
  if (only?.some((name) => name === '')) throw new UsageError('--call takes tool names separated by commas, e.g. --call echo,add-note');
  if (only && values['no-call']) throw new UsageError('--call and --no-call contradict each other; give one of them.');
  return {
    url: readUrl(positionals[0]!),
    verbose: values.verbose,
    json: values.json,
    callTools: !values['no-call'],
    allowWrites: values['allow-writes'],
    ...(only && { only: [...new Set(only)] }),
    timeoutMs: readLimit('--timeout', values.timeout, DEFAULT_TIMEOUT_MS),
    deadlineMs: readLimit('--deadline', values.deadline, DEFAULT_DEADLINE_MS),
  };
}

function readUrl(raw: string): string {
  if (!URL.canParse(raw)) throw new UsageError(`"${raw}" is not a URL. Give the server's MCP endpoint, e.g. https://server.example/mcp`);
  const { protocol } = new URL(raw);
  if (protocol !== 'http:' && protocol !== 'https:')
    throw new UsageError(`"${raw}" is not an http(s) URL; the CLI speaks Streamable HTTP and HTTP+SSE.`);
  return raw;
}

function readLimit(flag: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const ms = parseDuration(raw);
  if (ms === undefined) throw new UsageError(`${flag} "${raw}" is not a duration. Give a number and a unit: 500ms, 30s, 5m, 1h.`);
  if (ms < MIN_LIMIT_MS || ms > MAX_LIMIT_MS)
    throw new UsageError(
      `${flag} ${raw} is out of range: give between ${formatDuration(MIN_LIMIT_MS)} and ${formatDuration(MAX_LIMIT_MS)}.`,
    );
  return ms;
}
