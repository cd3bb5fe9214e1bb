import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { startDemoServer } from './demo-server/server.ts';
import { LOCAL_APP_PORT } from './local-app.ts';
import { startStaticServer } from './static-server/server.ts';

// `npm start`: the built app and the demo MCP server side by side on loopback,
// and one link that opens the app already pointed at the demo server.

const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));

function portFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`${name}="${raw}" is not a port. Use a number from 0 to 65535, or unset it.`);
    process.exit(2);
  }
  return port;
}

/** Starts on the preferred port, or on a free one if something else has it. */
async function withFreePortFallback<T>(what: string, preferred: number, start: (port: number) => Promise<T>): Promise<T> {
  try {
    return await start(preferred);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || preferred === 0) throw error;
    console.error(`Port ${preferred} is busy; the ${what} uses a free port instead.`);
    return start(0);
  }
}

if (!existsSync(`${DIST}index.html`)) {
  console.error(`No built app at ${DIST}. Run "npm run build" first (npm start does it for you).`);
  process.exit(1);
}

const demo = await withFreePortFallback('demo MCP server', portFromEnv('DEMO_PORT', 3001), (port) => startDemoServer({ port }));
const app = await withFreePortFallback('app', portFromEnv('PORT', LOCAL_APP_PORT), (port) =>
  startStaticServer({ root: DIST, port, basePath: '/', context: 'clone' }),
);

console.log(`MCP Lens: ${app.url}?url=${encodeURIComponent(demo.url)}`);
console.log(`Open that link to inspect the demo server (${demo.url}). Press Ctrl+C to stop.`);

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  void Promise.allSettled([app.close(), demo.close()]).then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
