/**
 * `mcp-lens snapshot <url>`: lists the server's whole surface and writes its contract snapshot
 * (docs/contracts.md), to stdout or `--out <file>`. Exit 0 written, 1 a listing failed, 2 usage, 3 no
 * connection, 4 the deadline passed. It connects as every subcommand does (list-surface.ts).
 */
import { snapshotOf, snapshotText } from '../../../shared/contract/contract-snapshot.ts';
import { plural } from '../../../shared/read.ts';
import { EXIT, type ExitCode } from '../../command/exit-codes.ts';
import { runCommand, UsageError, type Command, type OptionSpec } from '../../command/framework.ts';
import type { HeadlessIo } from '../../command/headless-io.ts';
import { deadline, era, flag, header, help, serverUrl, timeout } from '../../command/options.ts';
import { terminalText } from '../../terminal-text.ts';
import { DEFAULT_DEADLINE_MS, DEFAULT_TIMEOUT_MS } from '../args.ts';
import { formatDuration } from '../duration.ts';
import { withSurface } from './list-surface.ts';

/** `--out <file|->`: where a document goes; `-` (the default) is stdout. */
const out: OptionSpec<string> = {
  flag: '--out',
  value: '<file|->',
  help: 'write the snapshot to <file> (default: - for stdout; the progress lines then go to stderr)',
  initial: '-',
  takesValue: (next) => next === '-' || !next.startsWith('-'),
  take(raw) {
    if (!raw?.trim()) throw new UsageError('--out takes a file to write, or - for stdout.');
    return raw;
  },
};

/** What `snapshot` and `diff` share to reach a server. */
export const SURFACE_OPTIONS = {
  header,
  era,
  timeout: timeout(
    DEFAULT_TIMEOUT_MS,
    `longest any one request may take: connect, each page of a list (default ${formatDuration(DEFAULT_TIMEOUT_MS)})`,
  ),
  deadline: deadline(
    DEFAULT_DEADLINE_MS,
    `the whole listing (default ${formatDuration(DEFAULT_DEADLINE_MS)}); when it passes, the exit code is 4`,
  ),
  verbose: flag('--verbose', 'print every JSON-RPC frame, note and authorization step (stderr)'),
};

const SNAPSHOT_OPTIONS = { ...SURFACE_OPTIONS, out, help };

const EXITS = `Exit codes: 0 written, 1 a listing failed, 2 usage error, 3 could not connect within --timeout, 4 the --deadline passed.
The file's format and the rules diff applies: docs/contracts.md.`;

const snapshotCommand: Command<typeof SNAPSHOT_OPTIONS, HeadlessIo> = {
  invocation: 'mcp-lens snapshot',
  operands: '<server URL>',
  about:
    "Write the server's contract: its tools (input and output schemas, hints), prompts, resources and\ntemplates, every page, with sorted keys and nothing volatile, for `mcp-lens diff`.",
  options: SNAPSHOT_OPTIONS,
  footer: EXITS,
  async run(line, io) {
    const url = serverUrl(line.positionals);
    const { values } = line;
    const toStdout = values.out === '-';
    // With the snapshot on stdout, stdout carries it alone.
    const say = (text: string) => (toStdout ? io.stderr : io.stdout)(terminalText(text));
    return withSurface(url, values, io, say, async (surface) => {
      const text = snapshotText(snapshotOf(surface));
      say(
        `listed: ${plural(surface.tools.length, 'tool')}, ${plural(surface.prompts.length, 'prompt')}, ${plural(surface.resources.length, 'resource')}, ${plural(surface.templates.length, 'template')}`,
      );
      if (toStdout) io.stdout(text.trimEnd());
      else {
        await io.writeFile(values.out, text);
        say(`wrote ${values.out}`);
      }
      return EXIT.passed;
    });
  },
};

export const runSnapshot = (argv: readonly string[], io: HeadlessIo): Promise<ExitCode> => runCommand(snapshotCommand, argv, io);
