// The hostile MCP fixture for e2e (src/test/servers/hostile/): one misbehaving scenario per path.
import { createHostileServer } from '../../src/test/servers/hostile/server.ts';
import { HOST, HOSTILE_PORT } from './ports.ts';

const server = createHostileServer();
server.listen(HOSTILE_PORT, HOST, () => console.log(`hostile fixture: http://${HOST}:${HOSTILE_PORT}/s/<scenario>/mcp`));

const stop = () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
