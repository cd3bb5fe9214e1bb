/**
 * The headless client's one command line: the first word picks the subcommand, one line each in
 * SUBCOMMANDS; a line that starts with no known word is the smoke run (run-cli.ts), as it always was.
 */
import type { ExitCode } from '../command/exit-codes.ts';
import type { HeadlessIo } from '../command/headless-io.ts';
import { runAudit } from './audit/command.ts';
import { runTest } from './collection/test-command.ts';
import { runDiff } from './contract/diff-command.ts';
import { runSnapshot } from './contract/snapshot-command.ts';
import { runCall } from './request/call.ts';
import { runList } from './request/list.ts';
import { runPrompt } from './request/prompt.ts';
import { runRead } from './request/read.ts';
import { runSend } from './request/send.ts';
import { runCli } from './run-cli.ts';

type Subcommand = (argv: readonly string[], io: HeadlessIo) => Promise<ExitCode>;

/** Each subcommand's word and the function that runs it with the rest of the line. */
const SUBCOMMANDS: Record<string, Subcommand> = {
  audit: runAudit,
  smoke: runCli,
  call: runCall,
  read: runRead,
  prompt: runPrompt,
  list: runList,
  send: runSend,
  snapshot: runSnapshot,
  diff: runDiff,
  test: runTest,
};

export function runHeadless(argv: readonly string[], io: HeadlessIo): Promise<ExitCode> {
  const [word = '', ...rest] = argv;
  const subcommand = Object.hasOwn(SUBCOMMANDS, word) ? SUBCOMMANDS[word] : undefined;
  return subcommand ? subcommand(rest, io) : runCli(argv, io);
}
