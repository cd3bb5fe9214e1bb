/**
 * The headless client's one command line: `audit …` is the audit (audit/command.ts), anything else the CLI
 * (run-cli.ts). Issue 36's subcommands (call, read, prompt, …) join here, each a Command declaration.
 */
import type { ExitCode } from '../command/exit-codes.ts';
import type { HeadlessIo } from '../command/headless-io.ts';
import { runAudit } from './audit/command.ts';
import { runCli } from './run-cli.ts';

export function runHeadless(argv: readonly string[], io: HeadlessIo): Promise<ExitCode> {
  return argv[0] === 'audit' ? runAudit(argv.slice(1), io) : runCli(argv, io);
}
