/**
 * The one command framework of the Node programs (the CLI, the audit, the relay, the app's server): a
 * command is a declaration (its name, a synopsis, options from the shared vocabulary in options.ts, and a
 * run function), and this file reads its command line, prints its --help, and turns a bad command line
 * into the one usage error and exit code 2. Pure but for the io passed in, so every program runs as a
 * function under test and under npx alike.
 */
import { EXIT, type ExitCode } from './exit-codes.ts';

/** One option: how it is written, what its usage line says, and how each occurrence folds into its value. */
export interface OptionSpec<T> {
  flag: `--${string}`;
  /** The value's placeholder in the usage (`<duration>`); absent for a switch, which takes no value. */
  value?: string;
  /** The usage text after the flag; a line break starts a continuation line. */
  help: string;
  /** The value when the flag is not given. */
  initial: T;
  /**
   * Folds one occurrence into the value so far: a repeatable option accumulates, any other replaces.
   * `raw` is undefined for a switch (and for a value the option lets be left out). Throws UsageError.
   */
  take(raw: string | undefined, sofar: T): T;
  /** Whether `next` may be this option's value; by default anything that is not another option. */
  takesValue?(next: string): boolean;
  /** Old spellings still read, each with the note that says what it became (printed on stderr). */
  aliases?: readonly `--${string}`[];
  /** A short name, e.g. `-h`. */
  short?: `-${string}`;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a table of options of any value type
export type OptionTable = Record<string, OptionSpec<any>>;
type ValuesOf<O extends OptionTable> = { [K in keyof O]: O[K] extends OptionSpec<infer T> ? T : never };

export interface CommandLine<O extends OptionTable> {
  values: ValuesOf<O>;
  positionals: string[];
  /** What came after a lone `--`, untouched (the relay's stdio command); empty when there was none. */
  rest: string[];
  /** Notes for stderr: an old flag read as its new spelling. */
  notes: string[];
}

/** What every program gets from its caller: the environment and two output streams. */
export interface CommandIo {
  env: Record<string, string | undefined>;
  /** One line (or one document) for stdout. */
  stdout(text: string): void;
  /** One line for stderr. */
  stderr(text: string): void;
}

export interface Command<O extends OptionTable, Io extends CommandIo = CommandIo> {
  /** The command as the person types it (`npx mcp-lens cli`), for the usage. */
  invocation: string;
  /** What follows the options in the usage, e.g. `<server URL>`. */
  operands: string;
  /** Paragraphs between the synopsis and the options. */
  about?: string;
  options: O;
  /** Text after the options (durations, exit codes). */
  footer?: string;
  /** Whether a lone `--` ends the options and hands the rest over (the relay's stdio command). */
  rest?: boolean;
  run(line: CommandLine<O>, io: Io): Promise<ExitCode>;
}

/** Thrown for a command line that will not run; the message says what to type instead. Exit code 2. */
export class UsageError extends Error {}

/** Thrown by a --help option: asking for the usage is not an error. */
export class HelpRequested extends Error {}

export const SEE_HELP = 'Run with --help for the options.';

/** The usage text: synopsis, about, one line (or more) per option, the footer. */
export function usageOf(command: Pick<Command<OptionTable>, 'invocation' | 'operands' | 'about' | 'options' | 'footer'>): string {
  const heads = Object.values(command.options).map((o) => `${[o.short, o.flag].filter(Boolean).join(', ')}${o.value ? ` ${o.value}` : ''}`);
  const width = Math.max(...heads.map((h) => h.length)) + 2;
  const lines = Object.values(command.options).flatMap((o, i) =>
    o.help.split('\n').map((text, j) => `  ${(j === 0 ? heads[i]! : '').padEnd(width)}${text}`),
  );
  return [
    `Usage: ${command.invocation} [options] ${command.operands}`,
    ...(command.about ? ['', command.about] : []),
    '',
    'Options:',
    ...lines,
    ...(command.footer ? ['', command.footer] : []),
  ].join('\n');
}

/** Reads a command line against a table of options. Throws UsageError or HelpRequested. */
export function parseCommandLine<O extends OptionTable>(options: O, argv: readonly string[], allowRest = false): CommandLine<O> {
  const byFlag = new Map<string, [keyof O, OptionSpec<unknown>, string | undefined]>();
  for (const [key, spec] of Object.entries(options) as [keyof O, OptionSpec<unknown>][]) {
    byFlag.set(spec.flag, [key, spec, undefined]);
    if (spec.short) byFlag.set(spec.short, [key, spec, undefined]);
    for (const alias of spec.aliases ?? []) byFlag.set(alias, [key, spec, alias]);
  }
  const values = Object.fromEntries(Object.entries(options).map(([key, spec]) => [key, spec.initial])) as Record<keyof O, unknown>;
  const positionals: string[] = [];
  const notes: string[] = [];
  let rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') {
      if (!allowRest) throw new UsageError(`"--" ends the options only for a command that runs another; leave it out.\n${SEE_HELP}`);
      rest = argv.slice(i + 1);
      break;
    }
    if (!arg.startsWith('-') || arg === '-') {
      positionals.push(arg);
      continue;
    }
    const equals = arg.indexOf('=');
    const written = arg.startsWith('--') && equals > 0 ? arg.slice(0, equals) : arg;
    const found = byFlag.get(written);
    if (!found) throw new UsageError(`Unknown option ${written}.\n${SEE_HELP}`);
    const [key, spec, alias] = found;
    if (alias) notes.push(`${alias} is now ${spec.flag}; read as ${spec.flag}.`);
    let raw: string | undefined;
    if (written !== arg) {
      if (!spec.value) throw new UsageError(`${spec.flag} takes no value.\n${SEE_HELP}`);
      raw = arg.slice(equals + 1);
    } else if (spec.value) {
      const next = argv[i + 1];
      const fits = next !== undefined && (spec.takesValue ? spec.takesValue(next) : next === '-' || !next.startsWith('-'));
      if (fits) raw = argv[++i];
      else if (!spec.takesValue) throw new UsageError(`${spec.flag} needs a value: ${spec.flag} ${spec.value}.\n${SEE_HELP}`);
    }
    values[key] = spec.take(raw, values[key]);
  }
  return { values: values as ValuesOf<O>, positionals, rest, notes };
}

/**
 * Runs a command: reads its line, prints --help on stdout (exit 0) or a usage error on stderr (exit 2),
 * prints the notes for old spellings, and otherwise hands the line to the command's run.
 */
export async function runCommand<O extends OptionTable, Io extends CommandIo>(
  command: Command<O, Io>,
  argv: readonly string[],
  io: Io,
): Promise<ExitCode> {
  let line: CommandLine<O>;
  try {
    line = parseCommandLine(command.options, argv, command.rest);
  } catch (error) {
    if (error instanceof HelpRequested) {
      io.stdout(usageOf(command));
      return EXIT.passed;
    }
    if (!(error instanceof UsageError)) throw error;
    io.stderr(error.message);
    return EXIT.usage;
  }
  for (const note of line.notes) io.stderr(note);
  try {
    return await command.run(line, io);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr(error.message);
    return EXIT.usage;
  }
}
