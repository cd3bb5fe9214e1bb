/**
 * The headless client's one command line: a subcommand's first word picks its Command (the audit, the
 * contract's snapshot and diff); anything else is the CLI (run-cli.ts). Issue 36's subcommands (call, read,
 * prompt, …) join the table, one line each.
 */
import type { ExitCode } from '../command/exit-codes.ts';
import type { HeadlessIo } from '../command/headless-io.ts';
import { runAudit } from './audit/command.ts';
import { runDiff } from './contract/diff-command.ts';
import { runSnapshot } from './contract/snapshot-command.ts';
import { runCli } from './run-cli.ts';

const SUBCOMMANDS: Record<string, (argv: readonly string[], io: HeadlessIo) => Promise<ExitCode>> = {
  audit: runAudit,
  snapshot: runSnapshot,
  diff: runDiff,
};

export function runHeadless(argv: readonly string[], io: HeadlessIo): Promise<ExitCode> {
  const sub = argv[0] !== undefined && Object.hasOwn(SUBCOMMANDS, argv[0]) ? SUBCOMMANDS[argv[0]] : undefined;
  return sub ? sub(argv.slice(1), io) : runCli(argv, io);
}
