import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { EXIT, type ExitCode } from './command/exit-codes.ts';
import type { ServingIo } from './command/process-run.ts';
import { startDemoServer } from './demo-server/server.ts';
import { LOCAL_APP_PORT } from './local-app.ts';
import { startStaticServer } from './static-server/server.ts';

const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));

/**
 * `npm start`: the built app and the demo MCP server side by side on loopback, and one link that opens the
 * app already pointed at the demo server. Serves until `io.signal` aborts; the exit code out.
 */
export async function startLocal(io: ServingIo, dist = DIST): Promise<ExitCode> {
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
