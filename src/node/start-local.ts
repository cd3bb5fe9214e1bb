import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { EXIT, type ExitCode } from './command/exit-codes.ts';
import { HelpRequested, parseCommandLine, SEE_HELP, usageOf, UsageError } from './command/framework.ts';
import { help } from './command/options.ts';
import type { ServingIo } from './command/process-run.ts';
import { startDemoServer } from './demo-server/server.ts';
import { LOCAL_APP_PORT } from './local-app.ts';
import { resolveLaunch, startLaunch, type LaunchEffects, type Launched } from './npx/launch.ts';
import { LAUNCH_OPTIONS, launchOf, type LaunchRequest } from './npx/serve-args.ts';
import { startStaticServer } from './static-server/server.ts';

const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));

const START_OPTIONS = { ...LAUNCH_OPTIONS, help };
const START_USAGE = usageOf({
  invocation: 'npm start --',
  operands: '[-- <command> [args…]]',
  about: `Without a server to start: the app and the demo MCP server, and a link that opens the app on it.
With one (a stdio command after --, or --config <file> --server <name>): the app, that server (a stdio
one behind the relay), and a link that opens the app connected to it.`,
  options: START_OPTIONS,
});

/** What `npm start` needs beyond the process's own effects. */
export interface StartOptions {
  /** The built app. @default the clone's dist/ */
  dist?: string;
  /** Asks for a config's input (VS Code's `inputs`) at the terminal; absent when there is none. */
  ask?: LaunchEffects['ask'];
}

/**
 * `npm start`: the built app and the demo MCP server side by side on loopback, and one link that opens the
 * app already pointed at the demo server; `npm start -- -- <command>` or `npm start -- --config <file>
 * --server <name>`: the app and that server (a stdio one behind the relay; src/node/npx/launch.ts, as
 * `npx mcp-lens` does), and a link that opens the app connected to it. Serves until `io.signal` aborts;
 * the exit code out.
 */
export async function startLocal(io: ServingIo, argv: readonly string[] = [], { dist = DIST, ask }: StartOptions = {}): Promise<ExitCode> {
  let launch: LaunchRequest | undefined;
  try {
    const line = parseCommandLine(START_OPTIONS, argv, true);
    if (line.positionals.length > 0)
      throw new UsageError(`"${line.positionals[0]}": give a stdio server's command after --, or --config <file> --server <name>.`);
    launch = launchOf(line.values, line.rest);
  } catch (error) {
    if (error instanceof HelpRequested) {
      io.stdout(START_USAGE);
      return EXIT.passed;
    }
    if (!(error instanceof UsageError)) throw error;
    io.stderr(`${error.message}\n${SEE_HELP}`);
    return EXIT.usage;
  }
  if (launch !== undefined) return startWithServer(io, launch, dist, ask);
  const demoPort = portFromEnv(io, 'DEMO_PORT', 3001);
  const appPort = portFromEnv(io, 'PORT', LOCAL_APP_PORT);
  if (demoPort === undefined || appPort === undefined) return EXIT.usage;
  if (!existsSync(`${dist}index.html`)) {
    io.stderr(`No built app at ${dist}. Run "npm run build" first (npm start does it for you).`);
    return EXIT.failed;
  }

  const demo = await withFreePortFallback(io, 'demo MCP server', demoPort, (port) => startDemoServer({ port }));
  const app = await withFreePortFallback(io, 'app', appPort, (port) =>
    startStaticServer({ root: dist, port, basePath: '/', context: 'clone' }),
  );
  io.stdout(`MCP Lens: ${app.url}?url=${encodeURIComponent(demo.url)}`);
  io.stdout(`Open that link to inspect the demo server (${demo.url}). Press Ctrl+C to stop.`);

  await new Promise<void>((resolve) => {
    if (io.signal.aborted) resolve();
    else io.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  await Promise.allSettled([app.close(), demo.close()]);
  return EXIT.passed;
}

/** The app and one server (a stdio one behind the relay), with the link that opens the app connected to it. */
async function startWithServer(io: ServingIo, request: LaunchRequest, dist: string, ask: StartOptions['ask']): Promise<ExitCode> {
  const appPort = portFromEnv(io, 'PORT', LOCAL_APP_PORT);
  if (appPort === undefined) return EXIT.usage;
  if (!existsSync(`${dist}index.html`)) {
    io.stderr(`No built app at ${dist}. Run "npm run build" first (npm start does it for you).`);
    return EXIT.failed;
  }
  // A config file is read and checked before anything listens, so its mistakes cost nothing to fix.
  let resolved;
  try {
    resolved = await resolveLaunch(request, { env: io.env, ...(ask && { ask }) });
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr(error.message);
    return EXIT.usage;
  }
  const page: { launched?: string | undefined } = {};
  const app = await withFreePortFallback(io, 'app', appPort, (port) =>
    startStaticServer({ root: dist, port, basePath: '/', context: 'clone', launched: () => page.launched }),
  );
  let exited = false;
  const stop = new AbortController();
  io.signal.addEventListener('abort', () => stop.abort(), { once: true });
  let launched: Launched;
  try {
    launched = await startLaunch(resolved, app.url, {
      env: io.env,
      log: (text) => io.stdout(text),
      onServerExit: () => {
        exited = true;
        io.stderr('The stdio server exited, so npm start stops.');
        stop.abort();
      },
    });
  } catch (error) {
    await app.close();
    io.stderr(
      `Could not start ${request.kind === 'command' ? request.command : `"${request.server}" of ${request.path}`}: ${String(error)}`,
    );
    return EXIT.failed;
  }
  page.launched = new URL(launched.link).searchParams.get('url') ?? undefined;
  io.stdout(`MCP Lens, connected to it: ${launched.link}`);
  io.stdout("Open that link (the relay's token stays in the fragment, which is never sent). Press Ctrl+C to stop.");
  await new Promise<void>((resolve) => {
    if (stop.signal.aborted) resolve();
    else stop.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  await Promise.allSettled([app.close(), launched.close()]);
  return exited ? EXIT.failed : EXIT.passed;
}

/** A port from the environment, or undefined (said on stderr) when the value is not one. */
function portFromEnv(io: ServingIo, name: string, fallback: number): number | undefined {
  const raw = io.env[name];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (Number.isInteger(port) && port >= 0 && port <= 65535) return port;
  io.stderr(`${name}="${raw}" is not a port. Use a number from 0 to 65535, or unset it.`);
  return undefined;
}

/** Starts on the preferred port, or on a free one if something else has it. */
async function withFreePortFallback<T>(io: ServingIo, what: string, preferred: number, start: (port: number) => Promise<T>): Promise<T> {
  try {
    return await start(preferred);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || preferred === 0) throw error;
    io.stderr(`Port ${preferred} is busy; the ${what} uses a free port instead.`);
    return start(0);
  }
}
