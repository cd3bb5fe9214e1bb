import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { startStaticServer } from '../../src/node/static-server/server.ts';
import { APP_BASE_PATH, APP_PORT, HOST } from './ports.ts';

// Serves the already-built dist/ under APP_BASE_PATH for Playwright, with the
// same headers (CSP included) as `npm start`.

const root = fileURLToPath(new URL('../../dist/', import.meta.url));
if (!existsSync(`${root}index.html`)) {
  console.error(`No built app at ${root}. Run "npm run build" first (npm run test:e2e builds before testing).`);
  process.exit(1);
}

const server = await startStaticServer({ root, host: HOST, port: APP_PORT, basePath: APP_BASE_PATH });
console.log(`e2e static server: ${server.url}`);

const stop = () => {
  void server.close().then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
