import { HelpRequested, parseCommandLine, UsageError, type CommandLine, type OptionSpec } from '../command/framework.ts';
import { childEnv, flag, help } from '../command/options.ts';
import { LOCAL_APP_PORT } from '../local-app.ts';

export interface ServeOptions {
  /** @default 5173 (LOCAL_APP_PORT, the address the relay's links open) */
  port: number;
  /** The interface to listen on. @default '127.0.0.1' */
  host: string;
  /** Open the app in the default browser once it listens. @default false, true with a server to start */
  open: boolean;
  /** A server to start and open the app connected to (`-- <command>`, `--config … --server …`). */
  launch?: LaunchRequest;
}

/**
 * The server `npx mcp-lens` starts with the app: a command after `--`, or an entry of a client's config
 * file. `env` (`-e`) is set over this process's environment for a stdio server; `viaRelay` puts the relay in
 * front of a config's HTTP server too (one that sends no CORS headers).
 */
export type LaunchRequest =
  | { kind: 'command'; command: string; args: string[]; env: Record<string, string> }
  | { kind: 'config'; path: string; server: string; env: Record<string, string>; viaRelay: boolean };

/** What the app's command line asks for: to serve it, or only to print the usage or the version. */
export type ServeRequest = { kind: 'serve'; options: ServeOptions } | { kind: 'help' } | { kind: 'version' };

/** The names of this machine the app may listen on without --allow-remote (the app's own notion of loopback). */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/** Whether listening on `host` keeps the app to this machine. */
export const isLoopbackHost = (host: string) => LOOPBACK_HOSTS.has(host.toLowerCase());

const port: OptionSpec<number> = {
  flag: '--port',
  value: '<n>',
  help: `the port to listen on (default: ${LOCAL_APP_PORT}, the one the relay's links open; 0: a free one)`,
  initial: LOCAL_APP_PORT,
  take(raw) {
    const n = Number(raw);
    if (raw?.trim() === '' || !Number.isInteger(n) || n < 0 || n > 65535)
      throw new UsageError(`--port "${raw}" is not a port. Use 0–65535 (0: a free one).`);
    return n;
  },
};

const host: OptionSpec<string> = {
  flag: '--host',
  value: '<address>',
  help: 'the interface to listen on (default: 127.0.0.1). One other machines can reach needs\n--allow-remote as well',
  initial: '127.0.0.1',
  take: (raw) => (raw ?? '').trim(),
};

/** An option that takes one word. */
function text(name: `--${string}`, value: string, help: string): OptionSpec<string | undefined> {
  return {
    flag: name,
    value,
    help,
    initial: undefined,
    take(raw) {
      if (!raw?.trim()) throw new UsageError(`${name} is empty: ${name} ${value}.`);
      return raw;
    },
  };
}

/**
 * The server to start beside the app, as `npx mcp-lens` and `npm start` (src/node/start-local.ts) both read
 * it: `-e`, `--config`, `--server`, `--via-relay`, with the command after `--`.
 */
export const LAUNCH_OPTIONS = {
  env: childEnv,
  config: text('--config', '<file>', "an MCP client's config file (Claude Desktop, VS Code, Cursor): start one of its servers"),
  server: text('--server', '<name>', 'the server in --config to start'),
  viaRelay: flag('--via-relay', "connect to --config's HTTP server through the relay (for a server that sends no CORS headers)"),
};

/** The app's options (`npx mcp-lens [options]`), on the command framework like every other command. */
const SERVE_OPTIONS = {
  port,
  host,
  allowRemote: flag('--allow-remote', 'allow a --host that other machines can reach (the app is then served over plain HTTP)'),
  open: flag('--open', 'open the app in the default browser (the default with a server to start)'),
  noOpen: flag('--no-open', 'with a server to start: print its link, do not open a browser'),
  ...LAUNCH_OPTIONS,
  version: flag('--version', 'print the version and exit'),
  help,
};

/**
 * Reads `npx mcp-lens [options]`. A --host other machines can reach is refused unless --allow-remote says
 * so too: the relay never listens beyond loopback, and the app, served over plain HTTP, should not by accident.
 */
export function parseServeArgs(argv: readonly string[]): ServeRequest {
  let line;
  try {
    line = parseCommandLine(SERVE_OPTIONS, argv, true);
  } catch (error) {
    if (error instanceof HelpRequested) return { kind: 'help' };
    throw error;
  }
  const { values, positionals, rest } = line;
  if (positionals.length > 0)
    throw new UsageError(
      `"${positionals[0]}" is not an option of the app. A command (relay, cli, list, audit) comes first; a stdio server to start goes after --.`,
    );
  if (values.version) return { kind: 'version' };
  if (values.host === '') throw new UsageError('--host is empty. Leave it out to listen on 127.0.0.1.');
  if (!isLoopbackHost(values.host) && !values.allowRemote) {
    throw new UsageError(
      `--host ${values.host} is not this machine alone: other machines could load MCP Lens from it, over plain HTTP. ` +
        'Leave --host out (127.0.0.1), or add --allow-remote if that is what you want.',
    );
  }
  const launch = launchOf(values, rest);
  if (launch === undefined && values.noOpen)
    throw new UsageError('--no-open is for a server to start; without one the app opens only with --open.');
  return {
    kind: 'serve',
    options: {
      port: values.port,
      host: values.host.replace(/^\[(.*)\]$/, '$1'),
      open: values.open || (launch !== undefined && !values.noOpen),
      ...(launch && { launch }),
    },
  };
}

/** The server a command line asks to start, or undefined for none. Throws UsageError. */
export function launchOf(values: CommandLine<typeof LAUNCH_OPTIONS>['values'], rest: readonly string[]): LaunchRequest | undefined {
  const { env, config, server, viaRelay } = values;
  const [command, ...args] = rest;
  if (command !== undefined && config !== undefined)
    throw new UsageError('Give either a command after -- or --config with --server, not both.');
  if (command !== undefined) {
    if (viaRelay) throw new UsageError('--via-relay is for a --config entry with a url: a command after -- always runs behind the relay.');
    return { kind: 'command', command, args, env };
  }
  if (config !== undefined) {
    if (server === undefined) throw new UsageError(`--config ${config} needs --server <name>: the server in it to start.`);
    return { kind: 'config', path: config, server, env, viaRelay };
  }
  if (server !== undefined) throw new UsageError('--server names a server in a config file: give the file with --config <file>.');
  if (Object.keys(env).length > 0)
    throw new UsageError('-e sets the environment of a server to start: give its command after --, or --config and --server.');
  if (viaRelay) throw new UsageError('--via-relay is for a --config entry with a url.');
  return undefined;
}
