#!/usr/bin/env node
// `npx mcp-lens relay …`: the relay, built to plain JavaScript when this package was packed (build.mjs).
// In a clone of MCP Lens, `npm run relay -- …` runs the same relay from its TypeScript sources.
const [command, ...rest] = process.argv.slice(2);
if (command !== 'relay') {
  console.error('Usage: mcp-lens relay [options] <server URL>  |  mcp-lens relay [options] -- <command> [args…]  (mcp-lens relay --help)');
  process.exit(2);
}
process.argv = [process.argv[0], process.argv[1], ...rest];
await import('../dist/relay.mjs');
