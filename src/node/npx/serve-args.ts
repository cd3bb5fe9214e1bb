import { parseArgs } from 'node:util';

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

/** Thrown for a command line that will not run; the message says what to type instead. */
export class ServeUsageError extends Error {}

/** The names of this machine the app may listen on without --allow-remote (the app's own notion of loopback). */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/** Whether listening on `host` keeps the app to this machine. */
export const isLoopbackHost = (host: string) => LOOPBACK_HOSTS.has(host.toLowerCase());

/**
 * Reads `npx mcp-lens [options]`. A --host other machines can reach is refused unless --allow-remote says
 * so too: the relay never listens beyond loopback, and the app, served over plain HTTP, should not by accident.
 */
export function parseServeArgs(argv: readonly string[]): ServeRequest {
  let values, positionals;
  try {
    ({ values, positionals } = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        port: { type: 'string', default: String(LOCAL_APP_PORT) },
        host: { type: 'string', default: '127.0.0.1' },
        'allow-remote': { type: 'boolean', default: false },
        open: { type: 'boolean', default: false },
        version: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (error) {
    throw new ServeUsageError((error as Error).message);
  }
  if (values.help) return { kind: 'help' };
  if (positionals.length > 0)
    throw new ServeUsageError(`"${positionals[0]}" is not an option of the app. A command (relay, cli, list) comes first.`);
  if (values.version) return { kind: 'version' };
  const host = values.host.trim();
  if (host === '') throw new ServeUsageError('--host is empty. Leave it out to listen on 127.0.0.1.');
  if (!isLoopbackHost(host) && !values['allow-remote']) {
    throw new ServeUsageError(
      `--host ${host} is not this machine alone: other machines could load MCP Lens from it, over plain HTTP. ` +
        'Leave --host out (127.0.0.1), or add --allow-remote if that is what you want.',
    );
  }
  return { kind: 'serve', options: { port: readPort(values.port), host: host.replace(/^\[(.*)\]$/, '$1'), open: values.open } };
}

function readPort(raw: string): number {
  const port = Number(raw);
  if (raw.trim() === '' || !Number.isInteger(port) || port < 0 || port > 65535)
    throw new ServeUsageError(`--port "${raw}" is not a port. Use 0–65535 (0: a free one).`);
  return port;
}
