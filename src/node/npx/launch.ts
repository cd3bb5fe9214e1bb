/**
 * `npx mcp-lens -- <command>` and `npx mcp-lens --config <file> --server <name>`: the server to start beside
 * the app, and the link that opens the app connected to it. A stdio server runs behind the relay
 * (src/node/relay/), in this process, for the app's origin alone; an HTTP entry is connected to directly, or
 * through the relay with --via-relay.
 */
import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';

import { relayLink } from '../../shared/relay.ts';
import { UsageError } from '../command/framework.ts';
import { nodeLensVersion } from '../lens-context.ts';
import { relayRuns, type RelayTarget } from '../relay/args.ts';
import { startRelay } from '../relay/relay.ts';
import { launchTargetFromConfig, type ConfigInput } from './launch-config.ts';
import type { LaunchRequest } from './serve-args.ts';

export interface LaunchEffects {
  env: Record<string, string | undefined>;
  /** A line for the person. */
  log(line: string): void;
  /** Asks for a config's input at a terminal; absent when there is none. */
  ask?(input: ConfigInput): Promise<string>;
  /** The stdio server exited on its own: there is nothing left to inspect. */
  onServerExit(): void;
}

/** What was started: the link that opens the app connected, and how to stop it. */
export interface Launched {
  link: string;
  close(): Promise<void>;
}

/** The target a launch request names. Reads and checks a config file before anything listens. Throws UsageError. */
export async function resolveLaunch(
  request: LaunchRequest,
  effects: Pick<LaunchEffects, 'env' | 'ask'>,
): Promise<{ target: RelayTarget; direct: boolean; headerNames: string[] }> {
  if (request.kind === 'command') return { target: stdio(request.command, request.args, request.env), direct: false, headerNames: [] };
  let text: string;
  try {
    text = await readFile(request.path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(`Could not read ${request.path}: ${code === 'ENOENT' ? 'there is no such file' : (error as Error).message}.`);
  }
  const entry = await launchTargetFromConfig(text, request.server, {
    path: request.path,
    env: effects.env,
    home: homedir(),
    ...(effects.ask && { ask: effects.ask }),
  });
  if (entry.kind === 'stdio')
    return { target: stdio(entry.command, entry.args, { ...entry.env, ...request.env }), direct: false, headerNames: [] };
  if (Object.keys(request.env).length > 0)
    throw new UsageError(`-e sets a stdio server's environment, and "${request.server}" in ${request.path} is an HTTP server.`);
  return { target: { kind: 'http', url: entry.url }, direct: !request.viaRelay, headerNames: entry.headerNames };
}

const stdio = (command: string, args: string[], env: Record<string, string>): RelayTarget => ({
  kind: 'stdio',
  command,
  args,
  ...(Object.keys(env).length > 0 && { env }),
});

/**
 * Starts what `resolveLaunch` found for the app at `appUrl`: the relay (a stdio server, or an HTTP one
 * with --via-relay), allowing the app's origin under both loopback names; the link asks the app to connect
 * (`&connect=1`), with the relay's token in the fragment, which no request sends.
 */
export async function startLaunch(
  resolved: Awaited<ReturnType<typeof resolveLaunch>>,
  appUrl: string,
  effects: LaunchEffects,
): Promise<Launched> {
  if (resolved.direct && resolved.target.kind === 'http') {
    warnHeaders(resolved.headerNames, effects);
    return { link: directLink(new URL(appUrl), resolved.target.url.href), close: () => Promise.resolve() };
  }
  const relay = await startRelay({
    target: resolved.target,
    allowedOrigins: loopbackOrigins(appUrl),
    version: nodeLensVersion(),
    log: (line) => effects.log(`relay: ${line}`),
    onTargetExit: () => effects.onServerExit(),
  });
  const what =
    resolved.target.kind === 'stdio' ? `"${[resolved.target.command, ...resolved.target.args].join(' ')}"` : resolved.target.url.origin;
  effects.log(`Started ${what} behind the relay at ${relay.url}.`);
  warnHeaders(resolved.headerNames, effects);
  return { link: relayLink(new URL(appUrl), relay.url, relay.token, relayRuns(resolved.target)), close: () => relay.close() };
}

/** `?url=…&connect=1`, the order the app writes its own address in. */
function directLink(app: URL, serverUrl: string): string {
  const query = new URLSearchParams({ url: serverUrl, connect: '1' });
  return `${app.origin}${app.pathname}?${query.toString()}`;
}

/** The app's origin, and its twin under the other loopback name (127.0.0.1, localhost). */
function loopbackOrigins(appUrl: string): string[] {
  const url = new URL(appUrl);
  const twin = new URL(url.origin);
  if (url.hostname === '127.0.0.1') twin.hostname = 'localhost';
  else if (url.hostname === 'localhost') twin.hostname = '127.0.0.1';
  return [...new Set([url.origin, twin.origin])];
}

function warnHeaders(names: string[], effects: Pick<LaunchEffects, 'log'>): void {
  if (names.length === 0) return;
  effects.log(
    `The entry sets ${names.join(', ')}: a link never carries a header's value, so add ${names.length === 1 ? 'it' : 'them'} in the app's Headers before connecting.`,
  );
}
