/**
 * `npm run relay -- <url>` in a clone, `npx mcp-lens relay <url>` from the package, `node mcp-lens-relay.mjs <url>`
 * from a hosted copy (or `-- <command> [args…]` for a stdio server): see docs/relay.md. The process entry and
 * nothing else: the relay is `runRelay` (run-relay.ts), given the process's own effects; Ctrl-C stops it.
 */
import { processRun } from '../command/process-run.ts';
import { runRelay } from './run-relay.ts';

await processRun((io) => runRelay(process.argv.slice(2), io));
