import { isRelayToken, RELAY_TOKEN_HEADER, relayFragment } from '../../shared/relay.ts';
import { nodeLensVersion, RUNNING_FROM } from '../lens-context.ts';
import { LOCAL_APP_URL } from '../local-app.ts';
import { HelpRequested, parseRelayArgs, UsageError, type RelayOptions, type RelayTarget } from './args.ts';
import { startRelay } from './relay.ts';

// `npm run relay -- <url>` in a clone, `npx mcp-lens relay <url>` from the package, `node mcp-lens-relay.mjs <url>`
// from a hosted copy (or `-- <command> [args…]` for a stdio server): see docs/relay.md.

function readOptions(): RelayOptions {
  try {
    return parseRelayArgs(process.argv.slice(2));
  } catch (error) {
    if (error instanceof HelpRequested) {
      console.log(error.message);
      process.exit(0);
    }
    if (!(error instanceof UsageError)) throw error;
    console.error(error.message);
    process.exit(2);
  }
}

/** Scripts (e2e, the CLI) may fix the token through the environment, never the command line, which `ps` shows. */
function readToken(): string | undefined {
  const token = process.env.MCP_LENS_RELAY_TOKEN;
  if (token === undefined || token === '') return undefined;
  if (!isRelayToken(token)) {
    console.error('MCP_LENS_RELAY_TOKEN must be 43 base64url characters (32 random bytes). Unset it to get a fresh token.');
    process.exit(2);
  }
  return token;
}

/** Names the target without its query string, where an API key may sit. */
function describe(target: RelayTarget): string {
  return target.kind === 'http' ? `${target.url.origin}${target.url.pathname}` : `the stdio server "${target.command}"`;
}

const options = readOptions();
const version = nodeLensVersion();
let stopping = false;
const stop = (code: number) => {
  if (stopping) return;
  stopping = true;
  void relay.close().then(() => process.exit(code));
};

let relay: Awaited<ReturnType<typeof startRelay>>;
try {
  relay = await startRelay({
    target: options.target,
    port: options.port,
    allowedOrigins: options.allowedOrigins,
    token: readToken(),
    version,
    log: (line) => console.log(`relay: ${line}`),
    onTargetExit: () => {
      console.error('relay: the stdio server exited, so the relay stops.');
      stop(1);
    },
  });
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code;
  console.error(
    code === 'EADDRINUSE'
      ? `Port ${options.port} is already in use. Pass --port <another port>, or leave it out for a free one.`
      : `Could not start the relay: ${String(error)}`,
  );
  process.exit(1);
}

const link = new URL(options.lens);
link.searchParams.set('url', relay.url);
// The default link opens the app on this machine, which is a second command the person may not have run yet.
const START_THE_APP = {
  clone: 'npm start in this clone',
  package: 'npx mcp-lens',
  hosted: 'or, for MCP Lens hosted elsewhere, run this again with --lens <its address>',
};
const startTheApp =
  options.lens.href === LOCAL_APP_URL ? `\n  (if MCP Lens is not running on this machine yet: ${START_THE_APP[RUNNING_FROM]})` : '';
console.log(`MCP Lens relay ${version} for ${describe(options.target)}
  Open this link (the token stays in the fragment, which is never sent):
    ${link.href}${relayFragment(relay.token)}${startTheApp}
  Or connect to ${relay.url} with the header ${RELAY_TOKEN_HEADER}: ${relay.token}
  Pages allowed: ${options.allowedOrigins.join(', ')} (add more with --allow-origin)
Press Ctrl+C to stop.`);

process.once('SIGINT', () => stop(0));
process.once('SIGTERM', () => stop(0));
