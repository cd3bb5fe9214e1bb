import { HelpRequested, parseCommandLine, UsageError, type OptionSpec } from '../command/framework.ts';
import { flag, help } from '../command/options.ts';
import { LOCAL_APP_PORT } from '../local-app.ts';

export interface ServeOptions {
  /** @default 5173 (LOCAL_APP_PORT, the address the relay's links open) */
  port: number;
  /** The interface to listen on. @default '127.0.0.1' */
  host: string;
  /** Open the app in the default browser once it listens. @default false */
  open: boolean;
}

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

/** The app's options (`npx mcp-lens [options]`), on the command framework like every other command. */
const SERVE_OPTIONS = {
  port,
  host,
  allowRemote: flag('--allow-remote', 'allow a --host that other machines can reach (the app is then served over plain HTTP)'),
  open: flag('--open', 'open the app in the default browser'),
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
    line = parseCommandLine(SERVE_OPTIONS, argv);
  } catch (error) {
    if (error instanceof HelpRequested) return { kind: 'help' };
    throw error;
  }
  const { values, positionals } = line;
  if (positionals.length > 0)
    throw new UsageError(`"${positionals[0]}" is not an option of the app. A command (relay, cli, list, audit) comes first.`);
  if (values.version) return { kind: 'version' };
  if (values.host === '') throw new UsageError('--host is empty. Leave it out to listen on 127.0.0.1.');
  if (!isLoopbackHost(values.host) && !values.allowRemote) {
    throw new UsageError(
      `--host ${values.host} is not this machine alone: other machines could load MCP Lens from it, over plain HTTP. ` +
        'Leave --host out (127.0.0.1), or add --allow-remote if that is what you want.',
    );
  }
  return { kind: 'serve', options: { port: values.port, host: values.host.replace(/^\[(.*)\]$/, '$1'), open: values.open } };
}
