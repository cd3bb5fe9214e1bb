/**
 * `npm run cli -- [options] <server URL>` and `npm run cli -- audit …`: the process entry of the headless
 * client and nothing else. The programs are functions (`runCli` in run-cli.ts, `runAudit` in
 * audit/command.ts) on the command framework (src/node/command/); this file hands them the process's own
 * effects and exits with the code they return. npx calls the same functions (src/node/npx/main.ts), and
 * the conformance build bundles this file.
 */
import { processIo } from '../command/headless-io.ts';
import { runHeadless } from './run-headless.ts';

const code = await runHeadless(process.argv.slice(2), processIo(process.argv[2] === 'audit')).catch((error: unknown) => {
  const { message, stack } = error as { message?: string; stack?: string };
  process.stderr.write(`mcp-lens-cli: unexpected failure, please report it: ${stack ?? message ?? String(error)}\n`);
  return 1;
});
// The engine may hold keep-alive sockets and a dropped event stream's timers: the verdict is in, so end
// here, once what was written has reached stdout (a pipe may still hold the --json document).
process.stdout.write('', () => process.exit(code));
