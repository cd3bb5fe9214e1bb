import type { ExitCode } from './exit-codes.ts';
import type { CommandIo } from './framework.ts';

/** The effects of a program that serves until stopped: the process's environment and output, and Ctrl-C. */
export interface ServingIo extends CommandIo {
  /** Aborts on the first SIGINT or SIGTERM: the program closes what it opened and settles. */
  signal: AbortSignal;
}

/**
 * Runs a serving program (the relay, `npm start`) with the process's own effects and exits with its code.
 * The process entries are this and nothing else, so the programs stay functions tests and npx can call.
 */
export async function processRun(program: (io: ServingIo) => Promise<ExitCode>): Promise<never> {
  const stop = new AbortController();
  process.once('SIGINT', () => stop.abort());
  process.once('SIGTERM', () => stop.abort());
  const code = await program({
    env: process.env,
    stdout: (text) => process.stdout.write(`${text}\n`),
    stderr: (text) => process.stderr.write(`${text}\n`),
    signal: stop.signal,
  });
  // A stdio child's pipes and keep-alive sockets are closed or left to the exit; what was written is flushed first.
  return new Promise<never>(() => process.stdout.write('', () => process.exit(code)));
}
