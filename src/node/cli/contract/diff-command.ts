/**
 * `mcp-lens diff <old.json> <new.json|url>`: compares two contract snapshots, or a snapshot and the live
 * server, by the rules of docs/contracts.md. Exit 1 on a breaking change, 0 otherwise, 2 for a usage error
 * or a file that is not a snapshot, 3 when the server could not be reached, 4 when the --deadline passed.
 */
import { diffContracts } from '../../../shared/contract/contract-diff.ts';
import { readSnapshot, snapshotOf, type ContractSnapshot } from '../../../shared/contract/contract-snapshot.ts';
import { describeError } from '../../../shared/read.ts';
import type { ExitCode } from '../../command/exit-codes.ts';
import { runCommand, SEE_HELP, UsageError, type Command } from '../../command/framework.ts';
import { writeJson, type HeadlessIo } from '../../command/headless-io.ts';
import { flag, help, json, junit, serverUrl } from '../../command/options.ts';
import { terminalText } from '../../terminal-text.ts';
import { diffLines } from '../../../shared/contract/contract-report.ts';
import { diffJson, diffJUnit, exitCodeOfDiff } from './diff-report.ts';
import { withSurface } from './list-surface.ts';
import { SURFACE_OPTIONS } from './snapshot-command.ts';

const DIFF_OPTIONS = {
  ...SURFACE_OPTIONS,
  json: json('write { old, new, summary, changes, exitCode } to <file>, or with - to stdout (the\ntext report then goes to stderr)'),
  junit: junit('write the changes as JUnit XML (for CI): a breaking change is a failure'),
  all: flag('--all', 'also list info changes (titles and descriptions)'),
  help,
};

const diffCommand: Command<typeof DIFF_OPTIONS, HeadlessIo> = {
  invocation: 'mcp-lens diff',
  operands: '<old.json> <new.json | server URL>',
  about:
    'Compare two contract snapshots (mcp-lens snapshot), or a snapshot and the live server, and classify\neach change as breaking, risky or safe by the rules in docs/contracts.md. --header, --era, --timeout and\n--deadline apply when the second operand is a server URL.',
  options: DIFF_OPTIONS,
  footer:
    'Exit codes: 0 no breaking change, 1 a breaking change (or the listing failed), 2 usage error or a file that\nis not a snapshot, 3 could not connect within --timeout, 4 the --deadline passed.',
  async run(line, io) {
    if (line.positionals.length !== 2) throw new UsageError(`Give the old snapshot and the new one (a file or a server URL).\n${SEE_HELP}`);
    const [oldName, newName] = line.positionals as [string, string];
    const { values } = line;
    const human = (text: string) => (values.json?.to === 'stdout' ? io.stderr : io.stdout)(terminalText(text));
    const old = await readFileSnapshot(oldName, io);
    const compare = async (neu: ContractSnapshot): Promise<ExitCode> => {
      const changes = diffContracts(old, neu);
      for (const text of diffLines(changes, values.all)) human(text);
      const sides = { old: oldName, new: newName };
      if (values.json) await writeJson(values.json, diffJson(sides, changes), io);
      if (values.junit) await io.writeFile(values.junit, diffJUnit(sides, changes));
      return exitCodeOfDiff(changes);
    };
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(newName))
      return withSurface(serverUrl([newName]), values, io, human, (surface) => compare(snapshotOf(surface)));
    return compare(await readFileSnapshot(newName, io));
  },
};

/** A snapshot file, read and checked; what is wrong with it is a usage error (exit 2) that says what to do. */
async function readFileSnapshot(path: string, io: HeadlessIo): Promise<ContractSnapshot> {
  if (!io.readFile) throw new UsageError(`diff cannot read files here; give it snapshot files on a machine with a file system.`);
  let text: string;
  try {
    text = await io.readFile(path);
  } catch (error) {
    throw new UsageError(`Cannot read ${path}: ${describeError(error)}.`);
  }
  try {
    return readSnapshot(text, path);
  } catch (error) {
    throw new UsageError(describeError(error));
  }
}

export const runDiff = (argv: readonly string[], io: HeadlessIo): Promise<ExitCode> => runCommand(diffCommand, argv, io);
