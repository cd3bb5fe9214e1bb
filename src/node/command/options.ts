/**
 * The option vocabulary every Node program speaks: one spelling, one meaning, one check for each. A
 * command picks the ones it needs into its table; `--timeout` means the same in the CLI and the audit,
 * `--json` always takes a file or `-`, `--call` always takes a tool and optionally its arguments, and
 * `--allow-writes` is the one consent to anything that may change the server.
 */
import type { EraChoice, HeaderPair } from '../../shared/model.ts';
import { formatDuration, parseDuration } from '../cli/duration.ts';
import { HelpRequested, UsageError, type OptionSpec } from './framework.ts';
import { eraOfAlias, PROTOCOL_ERAS, profileOf } from '../../shared/era-profile.ts';

/** The engine refuses a per-request timeout under a second, and a day is no longer a check. */
const MIN_LIMIT_MS = 1_000;
const MAX_LIMIT_MS = 24 * 3_600_000;

export const help: OptionSpec<false> = {
  flag: '--help',
  short: '-h',
  help: 'print this and exit',
  initial: false,
  take() {
    throw new HelpRequested();
  },
};

/** A switch: present is true. */
export function flag(name: `--${string}`, text: string, aliases?: readonly `--${string}`[]): OptionSpec<boolean> {
  return { flag: name, help: text, initial: false, take: () => true, ...(aliases && { aliases }) };
}

/** Milliseconds from a duration with a unit (`500ms`, `30s`, `5m`, `1h`), between 1 s and 24 h. */
function duration<T extends number | undefined>(name: `--${string}`, initial: T, text: string): OptionSpec<number | T> {
  return {
    flag: name,
    value: '<duration>',
    help: text,
    initial,
    take(raw) {
      const ms = parseDuration(raw ?? '');
      if (ms === undefined) throw new UsageError(`${name} "${raw}" is not a duration. Give a number and a unit: 500ms, 30s, 5m, 1h.`);
      if (ms < MIN_LIMIT_MS || ms > MAX_LIMIT_MS)
        throw new UsageError(
          `${name} ${raw} is out of range: give between ${formatDuration(MIN_LIMIT_MS)} and ${formatDuration(MAX_LIMIT_MS)}.`,
        );
      return ms;
    },
  };
}

/** `--timeout`: the longest any one request may take. */
export const timeout = <T extends number | undefined>(initial: T, text: string) => duration('--timeout', initial, text);

/** `--deadline`: the whole run. */
export const deadline = <T extends number | undefined>(initial: T, text: string) => duration('--deadline', initial, text);

/** `--header "Name: value"`, repeatable: sent on every request. */
export const header: OptionSpec<HeaderPair[]> = {
  flag: '--header',
  value: '"Name: value"',
  help: 'send this header on every request (repeatable), e.g. a token',
  initial: [],
  take(raw, sofar) {
    const text = raw ?? '';
    const colon = text.indexOf(':');
    const name = text.slice(0, colon).trim();
    if (colon <= 0 || name === '') throw new UsageError(`--header takes "Name: value"; got ${JSON.stringify(text)}.`);
    return [...sofar, { name, value: text.slice(colon + 1).trim() }];
  },
};

/** The words `--era` takes: auto, then each era's aliases (its version first), from the era profile. */
const ERA_WORDS = ['auto', ...PROTOCOL_ERAS.map((era) => profileOf(era).aliases[0]!)];
const eraChoiceOf = (word: string): EraChoice | undefined => (word === 'auto' ? 'auto' : eraOfAlias(word));

/** `--era auto|2026-07-28|2025`: which protocol era to speak. */
export const era: OptionSpec<EraChoice> = {
  flag: '--era',
  value: `<${ERA_WORDS.join('|')}>`,
  help: 'which protocol era to speak (default auto: whichever the server speaks)',
  initial: 'auto',
  take(raw) {
    const choice = eraChoiceOf(raw ?? '');
    if (!choice)
      throw new UsageError(`--era takes ${ERA_WORDS.slice(0, -1).join(', ')} or ${ERA_WORDS.at(-1)}; got ${JSON.stringify(raw)}.`);
    return choice;
  },
};

/** Where `--json` goes: a file's path, or `-` for stdout. */
export type JsonTarget = { to: 'stdout' } | { to: 'file'; path: string };

/**
 * `--json <file|->`. Written bare before the URL (`--json https://…`, the CLI's old spelling) or at the end,
 * it still means stdout, with a note: a URL is never a file we should write.
 */
export const json = (text: string): OptionSpec<JsonTarget | undefined> => ({
  flag: '--json',
  value: '<file|->',
  help: text,
  initial: undefined,
  takesValue: (next) => next === '-' || !(next.startsWith('-') || /^https?:\/\//i.test(next)),
  take(raw) {
    if (raw === undefined || raw === '-') return { to: 'stdout' };
    if (raw.trim() === '') throw new UsageError('--json takes a file to write, or - for stdout.');
    return { to: 'file', path: raw };
  },
});

/** `--junit <file>`: the verdicts as JUnit XML, for CI. */
export const junit = (text: string): OptionSpec<string | undefined> => ({
  flag: '--junit',
  value: '<file>',
  help: text,
  initial: undefined,
  take(raw) {
    if (!raw?.trim()) throw new UsageError('--junit takes the file to write.');
    return raw;
  },
});

/** One tool `--call` names, with the arguments given for it (else they are made up from its inputSchema). */
export interface NamedCall {
  name: string;
  arguments?: Record<string, unknown>;
}

/**
 * `--call <tool>[={json}]`, repeatable; without `=`, a comma list of names (`--call a,b`) is read too, since
 * a tool name has no commas (the spec's names are letters, digits, `_`, `-` and `.`). Duplicates count once.
 */
export const call: OptionSpec<NamedCall[] | undefined> = {
  flag: '--call',
  value: '<tool>[={json}]',
  help: 'call this tool (repeatable, or a,b,…); <tool>={"arg":…} gives its arguments as a\nJSON object, else they are made up to fit its inputSchema. Naming a tool is consent\nto call it',
  initial: undefined,
  take(raw, sofar) {
    const calls = readCall(raw ?? '');
    const seen = new Set((sofar ?? []).map((c) => c.name));
    return [...(sofar ?? []), ...calls.filter((c) => !seen.has(c.name) && seen.add(c.name))];
  },
};

function readCall(raw: string): NamedCall[] {
  const equals = raw.indexOf('=');
  if (equals < 0) {
    const names = raw.split(',').map((name) => name.trim());
    if (names.some((name) => name === ''))
      throw new UsageError(`--call takes a tool name, a,b,… or name={"arg": …}; got ${JSON.stringify(raw)}.`);
    return names.map((name) => ({ name }));
  }
  const name = raw.slice(0, equals).trim();
  if (name === '') throw new UsageError(`--call takes a tool name, or name={"arg": …}; got ${JSON.stringify(raw)}.`);
  let args: unknown;
  try {
    args = JSON.parse(raw.slice(equals + 1));
  } catch {
    throw new UsageError(`--call ${name}: the arguments after "=" are not JSON; write them as an object, e.g. ${name}={"a":1}.`);
  }
  if (typeof args !== 'object' || args === null || Array.isArray(args))
    throw new UsageError(`--call ${name}: the arguments must be a JSON object, e.g. ${name}={"a":1}.`);
  return [{ name, arguments: args as Record<string, unknown> }];
}

/**
 * `--allow-writes`: the one consent to what may change the server (a tool not marked read-only, a
 * destructive one included; the audit's checks that change something). The audit's two old flags are read
 * as it, with a note.
 */
export const allowWrites = (text: string) => flag('--allow-writes', text, ['--allow-destructive', '--allow-side-effects']);

/** The one server URL a headless command takes: an http(s) URL, checked before anything is sent. */
export function serverUrl(positionals: readonly string[]): string {
  if (positionals.length !== 1)
    throw new UsageError(
      `${positionals.length === 0 ? 'Give the server URL' : 'Give one server URL'}, e.g. http://127.0.0.1:3001/mcp.\nRun with --help for the options.`,
    );
  const raw = positionals[0]!;
  if (!URL.canParse(raw)) throw new UsageError(`"${raw}" is not a URL. Give the server's MCP endpoint, e.g. https://server.example/mcp`);
  const { protocol } = new URL(raw);
  if (protocol !== 'http:' && protocol !== 'https:')
    throw new UsageError(`"${raw}" is not an http(s) URL; this command speaks Streamable HTTP and HTTP+SSE.`);
  return raw;
}

/** One `--arg name=value` as written: the value is read later, against the schema of what it goes to. */
export interface NamedArgument {
  name: string;
  raw: string;
}

/** `--arg name=value`, repeatable: one argument of a tool call or a prompt; a later one of the same name wins. */
export const arg = (text: string): OptionSpec<NamedArgument[]> => ({
  flag: '--arg',
  value: '<name>=<value>',
  help: text,
  initial: [],
  take(raw, sofar) {
    const text = raw ?? '';
    const equals = text.indexOf('=');
    const name = text.slice(0, equals);
    if (equals <= 0 || name.trim() === '') throw new UsageError(`--arg takes name=value; got ${JSON.stringify(text)}.`);
    return [...sofar.filter((a) => a.name !== name), { name, raw: text.slice(equals + 1) }];
  },
});

/** A JSON object option (`--args`, `--params`): read and checked to be an object when given. */
export const jsonObject = (name: `--${string}`, text: string): OptionSpec<Record<string, unknown> | undefined> => ({
  flag: name,
  value: "'{…}'",
  help: text,
  initial: undefined,
  takesValue: () => true,
  take(raw) {
    if (raw === undefined) throw new UsageError(`${name} needs a value: one JSON object, e.g. ${name} '{"a": 1}'.`);
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (error) {
      throw new UsageError(`${name} is not JSON (${(error as Error).message}); write one object, e.g. ${name} '{"a": 1}'.`);
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw new UsageError(`${name} takes one JSON object, e.g. ${name} '{"a": 1}'.`);
    return value as Record<string, unknown>;
  },
});

/** How a one-request command prints its answer: the whole result as JSON, or text for a person. */
export type OutputFormat = 'json' | 'text';

/** `--format json|text`. */
export const format: OptionSpec<OutputFormat> = {
  flag: '--format',
  value: '<json|text>',
  help: 'json (default): the whole result as one JSON document on stdout; text: for a person',
  initial: 'json',
  take(raw) {
    if (raw === 'json' || raw === 'text') return raw;
    throw new UsageError(`--format takes json or text; got ${JSON.stringify(raw)}.`);
  },
};

/**
 * `-e KEY=VALUE` (repeatable): environment for the stdio server a command starts, over the person's own
 * (later wins). The value may be empty or hold `=`; the name may not be empty or hold `=`.
 */
export const childEnv: OptionSpec<Record<string, string>> = {
  flag: '--env',
  short: '-e',
  value: 'KEY=VALUE',
  help: "set an environment variable for the stdio server (repeatable), over this shell's own",
  initial: {},
  take(raw, sofar) {
    const text = raw ?? '';
    const equals = text.indexOf('=');
    if (equals <= 0) throw new UsageError(`-e "${text}" is not KEY=VALUE. Write -e API_KEY=… (the value may be empty: -e DEBUG=).`);
    return { ...sofar, [text.slice(0, equals)]: text.slice(equals + 1) };
  },
};
