import { startDemoServer } from '../../src/node/demo-server/server.ts';
import { NO_CORS_MCP_PORT } from './ports.ts';

// The demo server with its CORS headers off: a real MCP server of both eras that a browser cannot use,
// as 8 of 18 real servers tried were. The relay spec reaches it through the local relay.
const server = await startDemoServer({ port: NO_CORS_MCP_PORT, cors: false });
console.log(`no-CORS MCP server: ${server.url}`);

const stop = () => void server.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
