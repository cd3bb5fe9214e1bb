import { LOCAL_APP_PORT } from '../local-app.ts';

/**
 * What one run of the `mcp-lens` command does: serve the app (no subcommand), or call the relay or the
 * headless client (runRelay, runHeadless) with the rest of the command line, which they read themselves.
 */
export type Invocation = { run: 'serve' | 'relay' | 'cli'; args: string[] } | { run: 'unknown'; name: string };

/** Each subcommand and the arguments the part that runs it gets. */
const SUBCOMMANDS = new Map<string, (args: string[]) => Invocation>([
  ['relay', (args) => ({ run: 'relay', args })],
  ['cli', (args) => ({ run: 'cli', args })],
  // The headless client's listing alone: it connects and lists the tools without calling any.
  ['list', (args) => ({ run: 'cli', args: ['--no-call', ...args] })],
  // The audit is the headless client's command too (src/node/cli/audit/).
  ['audit', (args) => ({ run: 'cli', args: ['audit', ...args] })],
  // A server's contract (docs/contracts.md): the headless client's commands too (src/node/cli/contract/).
  ['snapshot', (args) => ({ run: 'cli', args: ['snapshot', ...args] })],
  ['diff', (args) => ({ run: 'cli', args: ['diff', ...args] })],
]);

/**
 * Reads the first word of the command line. Serving the app is the command with no subcommand, so a
 * command line that starts with an option (`--port 8080`, `--help`) is the app's.
 */
export function readCommandLine(argv: readonly string[]): Invocation {
  const [first, ...rest] = argv;
  if (first === undefined || first.startsWith('-')) return { run: 'serve', args: [...argv] };
  return SUBCOMMANDS.get(first)?.(rest) ?? { run: 'unknown', name: first };
}

export const USAGE = `Usage:
  npx mcp-lens [options]                               serve MCP Lens on this machine and print its address
  npx mcp-lens relay [options] <server URL>            let the app reach an HTTP server that sends no CORS headers
  npx mcp-lens relay [options] -- <command> [args…]    let the app reach a stdio server
  npx mcp-lens cli [options] <server URL>              the headless client: connect, list the tools, call each one
  npx mcp-lens list <server URL>                       the headless client's listing alone (cli --no-call)
  npx mcp-lens audit [options] <server URL>            check the server against the spec of its era (--help)
  npx mcp-lens snapshot [options] <server URL>         write the server's contract: tools, schemas, prompts, resources
  npx mcp-lens diff [options] <old.json> <new|URL>     breaking, risky and safe changes between two contracts (exit 1 on breaking)

  mcp-lens relay --help and mcp-lens cli --help describe their own options.

Options for the app:
  --port <n>          the port to listen on (default: ${LOCAL_APP_PORT}, the one the relay's links open; 0: a free one)
  --host <address>    the interface to listen on (default: 127.0.0.1). One other machines can reach needs
                      --allow-remote as well
  --allow-remote      allow a --host that other machines can reach (the app is then served over plain HTTP)
  --open              open the app in the default browser
  --version           print the version and exit
  --help, -h          print this and exit`;
