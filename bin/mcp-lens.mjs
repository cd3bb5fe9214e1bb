#!/usr/bin/env node
// `npx mcp-lens relay …`. The package is private today, so this runs from a clone (`npm run relay -- …` does
// the same); publishing it would also need the relay built to JavaScript or tsx moved to dependencies.
import { register } from 'tsx/esm/api';

const [command, ...rest] = process.argv.slice(2);
if (command !== 'relay') {
  console.error('Usage: mcp-lens relay [options] <server URL>  |  mcp-lens relay [options] -- <command> [args…]');
  process.exit(2);
}
process.argv = [process.argv[0], process.argv[1], ...rest];
register();
await import('../src/node/relay/main.ts');
