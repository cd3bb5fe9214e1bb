import { runHeadless } from './cli/run-headless.ts';
import { EXIT } from './command/exit-codes.ts';
import { processIo } from './command/headless-io.ts';
import { startRelay } from './relay/relay.ts';

// `node via-relay.mjs [CLI options] <server URL>`: the command-line client with a relay for <server URL> in
// the path, so the conformance suite can run with the relay between client and server
// (`npm run test:conformance -- --via-relay`). The relay lives in this process and ends with it; both are
// functions called here (startRelay, runHeadless), given the relay's address and token as arguments.

const argv = process.argv.slice(2);
const url = argv.at(-1);
let code: number = EXIT.usage;
if (url === undefined || !URL.canParse(url)) {
  process.stderr.write('Usage: via-relay [CLI options] <server URL>\n');
} else {
  const relay = await startRelay({ target: { kind: 'http', url: new URL(url) }, allowedOrigins: [], log: () => undefined });
  const io = processIo();
  code = await runHeadless([...argv.slice(0, -1), relay.url], { ...io, env: { ...io.env, MCP_LENS_RELAY_TOKEN: relay.token } });
  await relay.close();
}
// The engine may hold keep-alive sockets: end once what was written has reached stdout (as cli/main.ts does).
process.stdout.write('', () => process.exit(code));
