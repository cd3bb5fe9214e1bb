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
  // The headless client's own subcommands (src/node/cli/run-headless.ts), reached without the word cli too.
  ...['audit', 'smoke', 'call', 'read', 'prompt', 'list', 'send', 'snapshot', 'diff', 'test'].map(
    (word) => [word, (args: string[]): Invocation => ({ run: 'cli', args: [word, ...args] })] as const,
  ),
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
  npx mcp-lens [options] -- <command> [args…]          the same, and open it connected to this stdio server
  npx mcp-lens [options] --config <file> --server <name>
                                                       the same, connected to a server of an MCP client's config
  npx mcp-lens relay [options] <server URL>            let the app reach an HTTP server that sends no CORS headers
  npx mcp-lens relay [options] -- <command> [args…]    let the app reach a stdio server
  npx mcp-lens cli [options] <server URL>              the headless client's smoke run: list the tools, call each one
                                                       (also: npx mcp-lens smoke …)
  npx mcp-lens call <tool> <server URL>                call one tool (--arg name=value, --args '{…}'), print its result
  npx mcp-lens read <uri> <server URL>                 read one resource
  npx mcp-lens prompt <name> <server URL>              get one prompt (--arg name=value)
  npx mcp-lens list [tools|resources|prompts|templates] <server URL>   list what the server offers
  npx mcp-lens send <method> <server URL>              send any request (--params '{…}')
  npx mcp-lens audit [options] <server URL>            check the server against the spec of its era (--help)
  npx mcp-lens snapshot [options] <server URL>         write the server's contract: tools, schemas, prompts, resources
  npx mcp-lens diff [options] <old.json> <new|URL>     breaking, risky and safe changes between two contracts (exit 1 on breaking)
  npx mcp-lens test [options] <collection> <URL>     run a collection's steps and judge each (docs/collections.md)

  Each command's --help describes its options; the headless ones are also "npx mcp-lens cli <command> …".

Options for the app:
  --port <n>          the port to listen on (default: ${LOCAL_APP_PORT}, the one the relay's links open; 0: a free one)
  --host <address>    the interface to listen on (default: 127.0.0.1). One other machines can reach needs
                      --allow-remote as well
  --allow-remote      allow a --host that other machines can reach (the app is then served over plain HTTP)
  --open              open the app in the default browser (the default with a server to start)
  --no-open           with a server to start: print the link that opens the app connected, open nothing
  -e, --env KEY=VALUE set an environment variable for the stdio server (repeatable), over this shell's own
  --config <file>     an MCP client's config file: Claude Desktop's or Cursor's ("mcpServers"), VS Code's
                      ("servers" in .vscode/mcp.json, with its "inputs" asked for here; "mcp.servers" in settings)
  --server <name>     the server in --config to start (a "command"), or to connect to (a "url")
  --via-relay         connect to a --config "url" through the relay (for a server that sends no CORS headers)
  --version           print the version and exit
  --help, -h          print this and exit`;
