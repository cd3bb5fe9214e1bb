/**
 * `npm run relay -- <url>` in a clone, `npx mcp-lens relay <url>` from the package, `node mcp-lens-relay.mjs <url>`
 * from a hosted copy (or `-- <command> [args…]` for a stdio server): see docs/relay.md. The process entry and
 * nothing else: the relay is `runRelay` (run-relay.ts), given the process's own effects; Ctrl-C stops it.
 */
import { runRelay } from './run-relay.ts';

const stop = new AbortController();
process.once('SIGINT', () => stop.abort());
process.once('SIGTERM', () => stop.abort());
const code = await runRelay(process.argv.slice(2), {
  env: process.env,
  stdout: (text) => process.stdout.write(`${text}\n`),
  stderr: (text) => process.stderr.write(`${text}\n`),
  signal: stop.signal,
});
process.exit(code);
