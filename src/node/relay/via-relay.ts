import { startRelay } from './relay.ts';

// `node via-relay.mjs [CLI options] <server URL>`: the command-line client with a relay for <server URL> in
// the path, so the conformance suite can run with the relay between client and server
// (`npm run test:conformance -- --via-relay`). The relay lives in this process and ends with it.

const url = process.argv.at(-1);
if (url === undefined || !URL.canParse(url)) {
  console.error('Usage: via-relay [CLI options] <server URL>');
  process.exit(2);
}
const relay = await startRelay({ target: { kind: 'http', url: new URL(url) }, allowedOrigins: [], log: () => undefined });
process.env.MCP_LENS_RELAY_TOKEN = relay.token;
process.argv[process.argv.length - 1] = relay.url;
// Imported only now: the CLI reads its arguments and environment as it loads.
await import('../cli/main.ts');
