import { parseArgs } from 'node:util';

import { parseAllowedOrigin } from '../http/origin.ts';
import { startDemoServer } from './server.ts';

// Command line: tsx src/node/demo-server/main.ts [--port 3001] [--allow-origin https://lens.example.com]...
// Pages on this machine (127.0.0.1, localhost, [::1]) may always use the server; --allow-origin adds others.
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.PORT ?? '3001' },
    'allow-origin': { type: 'string', multiple: true, default: [] },
  },
});
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`Invalid --port "${values.port}". Use a number from 0 to 65535 (0 picks a free port).`);
  process.exit(2);
}

let allowedOrigins: string[];
try {
  allowedOrigins = values['allow-origin'].map(parseAllowedOrigin);
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}

try {
  const server = await startDemoServer({ port, allowedOrigins });
  console.log(`MCP Lens demo server: ${server.url}`);
  const stop = () => {
    void server.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code;
  console.error(
    code === 'EADDRINUSE'
      ? `Port ${port} is already in use. Pass --port <another port>, or --port 0 for a free one.`
      : `Could not start the demo server: ${String(error)}`,
  );
  process.exit(1);
}
