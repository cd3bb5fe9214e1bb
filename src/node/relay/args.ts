import { parseAllowedOrigin } from '../http/origin.ts';
import { relayInvocation } from '../../shared/relay.ts';
import { shellWord } from '../../shared/shell.ts';
import { RUNNING_FROM } from '../lens-context.ts';
import { LOCAL_APP_URL } from '../local-app.ts';
import { parseCommandLine, SEE_HELP, usageOf, UsageError, type CommandLine, type OptionSpec } from '../command/framework.ts';
import { childEnv, help } from '../command/options.ts';

/** What the relay forwards to: one URL, or one command, both fixed on its command line. */
export type RelayTarget =
  | { kind: 'http'; url: URL }
  /** `env` is set over the relay's own environment for the child. */
  | { kind: 'stdio'; command: string; args: string[]; env?: Readonly<Record<string, string>> };

/**
 * What the relay runs, as its link tells the app for the question before connecting: the stdio command as
 * typed (never its -e values), or the server URL without its query, where an API key may sit.
 */
export function relayRuns(target: RelayTarget): string {
  return target.kind === 'http' ? `${target.url.origin}${target.url.pathname}` : [target.command, ...target.args].map(shellWord).join(' ');
}

export interface RelayOptions {
  target: RelayTarget;
  /** @default 0 (a free port) */
  port: number;
  /** The MCP Lens page the printed link opens. @default http://127.0.0.1:5173/ (what `npx mcp-lens` and npm start serve) */
  lens: URL;
  /**
   * The origins whose pages may use the relay: the lens page's (with its localhost / 127.0.0.1 twin, the
   * same page under its other loopback name) and each --allow-origin.
   */
  allowedOrigins: string[];
}

const port: OptionSpec<number> = {
  flag: '--port',
  value: '<n>',
  help: 'port on 127.0.0.1 (default: a free one)',
  initial: 0,
  take(raw) {
    const n = Number(raw);
    if (raw?.trim() === '' || !Number.isInteger(n) || n < 0 || n > 65535)
      throw new UsageError(`--port "${raw}" is not a port. Use 0–65535 (0: a free one).`);
    return n;
  },
};

const lens: OptionSpec<URL> = {
  flag: '--lens',
  value: '<url>',
  help: `the MCP Lens page to open (default: ${LOCAL_APP_URL}, what npx mcp-lens\nand npm start serve; give a hosted MCP Lens's address); its origin may use the relay`,
  initial: new URL(LOCAL_APP_URL),
  take: (raw) => readLens(raw ?? ''),
};

const allowOrigin: OptionSpec<string[]> = {
  flag: '--allow-origin',
  value: '<url>',
  help: 'also allow pages from this origin (repeatable), e.g. a hosted MCP Lens',
  initial: [],
  take(raw, sofar) {
    try {
      return [...sofar, parseAllowedOrigin(raw ?? '')];
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
  },
};

export const RELAY_OPTIONS = { port, lens, allowOrigin, env: childEnv, help };

/** The relay's usage; relay's command (run-relay.ts) is this and a run function. Everything after `--` is the stdio command. */
export const RELAY_SYNOPSIS = {
  invocation: relayInvocation(RUNNING_FROM).join(' '),
  operands: '<server URL> | -- <command> [args…]',
  about: `Forwards one Streamable HTTP server, adding CORS (<server URL>), or runs one stdio server and serves it
over Streamable HTTP (-- <command> [args…], passed to the child as separate arguments, never through a shell).`,
  options: RELAY_OPTIONS,
  rest: true,
};

export const USAGE = usageOf(RELAY_SYNOPSIS);

/** The relay's options from its read command line. Throws UsageError. */
export function relayOptionsOf({ values, positionals, rest }: CommandLine<typeof RELAY_OPTIONS>): RelayOptions {
  return {
    target: readTarget(positionals, rest, values.env),
    port: values.port,
    lens: values.lens,
    allowedOrigins: [...new Set([values.lens.origin, ...loopbackTwin(values.lens), ...values.allowOrigin])],
  };
}

/** Reads a whole command line (tests; run-relay.ts goes through runCommand). Throws UsageError or HelpRequested. */
export const parseRelayArgs = (argv: readonly string[]): RelayOptions => relayOptionsOf(parseCommandLine(RELAY_OPTIONS, argv, true));

/** `npm start` prints 127.0.0.1 and `npm run dev` localhost: one page, two names, both allowed. */
function loopbackTwin(lens: URL): string[] {
  const twin = new URL(lens.origin);
  if (twin.hostname === 'localhost') twin.hostname = '127.0.0.1';
  else if (twin.hostname === '127.0.0.1') twin.hostname = 'localhost';
  else return [];
  return [twin.origin];
}

function readTarget(positionals: string[], command: string[], env: Record<string, string>): RelayTarget {
  if (command.length > 0 && positionals.length > 0) {
    throw new UsageError(`Give either a server URL or a command after --, not both.\n${SEE_HELP}`);
  }
  const [executable, ...args] = command;
  if (executable !== undefined) return { kind: 'stdio', command: executable, args, ...(Object.keys(env).length > 0 && { env }) };
  if (Object.keys(env).length > 0)
    throw new UsageError(`-e sets the environment of a stdio server: give its command after --.\n${SEE_HELP}`);
  if (positionals.length !== 1) throw new UsageError(`Give one server URL, or a command after --.\n${SEE_HELP}`);
  const raw = positionals[0]!;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UsageError(`"${raw}" is not a URL. Give the server's full MCP endpoint, e.g. https://server.example/mcp`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`"${raw}" is not an http(s) URL. The relay forwards Streamable HTTP; for a stdio server, use -- <command>.`);
  }
  if (url.username !== '' || url.password !== '') {
    throw new UsageError('Put credentials in a header (Headers in MCP Lens), not in the URL: the URL is printed and logged.');
  }
  url.hash = '';
  return { kind: 'http', url };
}

function readLens(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UsageError(`--lens "${raw}" is not a URL. Give the address of the MCP Lens page, e.g. http://127.0.0.1:5173/`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`--lens "${raw}" is not an http(s) URL.`);
  url.search = '';
  url.hash = '';
  return url;
}
