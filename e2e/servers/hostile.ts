// The hostile MCP fixture for e2e (src/test/servers/hostile/): one misbehaving scenario per path.
// The hostile 2026-07-28 servers (src/test/servers/hostile/modern-server.ts) run in the same process, on their own port.
import { createHostileModernServer } from '../../src/test/servers/hostile/modern-server.ts';
import { createHostileServer } from '../../src/test/servers/hostile/server.ts';
import { HOST, HOSTILE_MODERN_PORT, HOSTILE_PORT } from './ports.ts';

const modern = createHostileModernServer();
modern.listen(HOSTILE_MODERN_PORT, HOST, () =>
  console.log(`hostile 2026-07-28 servers: http://${HOST}:${HOSTILE_MODERN_PORT}/m/<scenario>/mcp`),
);
const server = createHostileServer();
server.listen(HOSTILE_PORT, HOST, () => console.log(`hostile fixture: http://${HOST}:${HOSTILE_PORT}/s/<scenario>/mcp`));

const stop = () => {
  modern.closeAllConnections();
  modern.close();
  server.closeAllConnections();
  server.close(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
