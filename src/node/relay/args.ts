import { parseArgs } from 'node:util';

import { parseAllowedOrigin } from '../http/origin.ts';
import { relayInvocation } from '../../shared/relay.ts';
import { RUNNING_FROM } from '../lens-context.ts';
import { LOCAL_APP_URL } from '../local-app.ts';

/** What the relay forwards to: one URL, or one command, both fixed on its command line. */
export type RelayTarget = { kind: 'http'; url: URL } | { kind: 'stdio'; command: string; args: string[] };

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

const RELAY = relayInvocation(RUNNING_FROM).join(' ');
const USAGE = `Usage:
  ${RELAY} [options] <server URL>            forward one Streamable HTTP server, adding CORS
  ${RELAY} [options] -- <command> [args…]    run one stdio server and serve it over Streamable HTTP

Options:
  --port <n>             port on 127.0.0.1 (default: a free one)
  --lens <url>           the MCP Lens page to open (default: ${LOCAL_APP_URL}, what npx mcp-lens
                         and npm start serve; give a hosted MCP Lens's address); its origin may use the relay
  --allow-origin <url>   also allow pages from this origin (repeatable), e.g. a hosted MCP Lens
  --help                 print this and exit`;

/** Thrown for a command line the relay will not run; the message says what to type instead. */
export class UsageError extends Error {}

/** Thrown for --help: the message is the usage, and asking for it is not an error. */
export class HelpRequested extends UsageError {
  constructor() {
    super(USAGE);
  }
}

/**
 * Reads the command line. Everything after `--` is the stdio command, passed to the child as separate
 * arguments and never through a shell.
 */
export function parseRelayArgs(argv: readonly string[]): RelayOptions {
  const split = argv.indexOf('--');
  const own = split === -1 ? argv : argv.slice(0, split);
  const command = split === -1 ? [] : argv.slice(split + 1);
  let parsed;
  try {
    parsed = parseArgs({
      args: [...own],
      allowPositionals: true,
      options: {
        port: { type: 'string', default: '0' },
        lens: { type: 'string', default: LOCAL_APP_URL },
        'allow-origin': { type: 'string', multiple: true, default: [] },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n\n${USAGE}`);
  }
  const { values, positionals } = parsed;
  if (values.help) throw new HelpRequested();
  const lens = readLens(values.lens);
  const extra = values['allow-origin'].map((origin) => {
    try {
      return parseAllowedOrigin(origin);
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
  });
  return {
    target: readTarget(positionals, command),
    port: readPort(values.port),
    lens,
    allowedOrigins: [...new Set([lens.origin, ...loopbackTwin(lens), ...extra])],
  };
}

/** `npm start` prints 127.0.0.1 and `npm run dev` localhost: one page, two names, both allowed. */
function loopbackTwin(lens: URL): string[] {
  const twin = new URL(lens.origin);
  if (twin.hostname === 'localhost') twin.hostname = '127.0.0.1';
  else if (twin.hostname === '127.0.0.1') twin.hostname = 'localhost';
  else return [];
  return [twin.origin];
}

function readTarget(positionals: string[], command: string[]): RelayTarget {
  if (command.length > 0 && positionals.length > 0) {
    throw new UsageError(`Give either a server URL or a command after --, not both.\n\n${USAGE}`);
  }
  const [executable, ...args] = command;
  if (executable !== undefined) return { kind: 'stdio', command: executable, args };
  if (positionals.length !== 1) throw new UsageError(`Give one server URL, or a command after --.\n\n${USAGE}`);
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

function readPort(raw: string): number {
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(`--port "${raw}" is not a port. Use 0–65535 (0: a free one).`);
  return port;
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
