/**
 * `npm run cli -- [options] <server URL>`: the browser's engine, run headless (run-cli.ts; `--help` and
 * args.ts list the options, exit-codes.ts the exit codes). It connects (authorizing when the server asks),
 * lists the tools, calls each one it may with arguments invented to match its inputSchema, and disconnects.
 *
 * This file is the process entry and nothing else: it runs as soon as it is loaded, with `process.argv`,
 * so a bundle of it is started the way the relay's is (set argv, import it). The conformance build and
 * `via-relay.ts` load it that way. A program that wants the CLI as a function imports `runCli`.
 */
import { realClock } from '../../engine/clock.ts';
import { runCli } from './run-cli.ts';

const argv = process.argv.slice(2);
// `audit` is a command of its own (src/node/cli/audit/): the same engine, running checks instead of calls.
const run =
  argv[0] === 'audit'
    ? import('./audit/run-process.ts').then((module) => module.runAuditProcess(argv.slice(1)))
    : runCli(argv, {
        env: process.env,
        fetch: (input, init) => fetch(input, init),
        clock: realClock,
        stdout: (text) => process.stdout.write(`${text}\n`),
        stderr: (text) => process.stderr.write(`${text}\n`),
      });
const code = await run.catch((error: unknown) => {
  const { message, stack } = error as { message?: string; stack?: string };
  process.stderr.write(`mcp-lens-cli: unexpected failure, please report it: ${stack ?? message ?? String(error)}\n`);
  return 1;
});
// The engine may hold keep-alive sockets and a dropped event stream's timers: the verdict is in, so end
// here, once what was written has reached stdout (a pipe may still hold the --json document).
process.stdout.write('', () => process.exit(code));
