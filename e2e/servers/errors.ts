// The fixture for e2e/connect-errors.spec.ts: a 2026-07-28 server whose server/discover result lacks
// capabilities (src/test/servers/bad-discover-server.ts). The spec's closed port (CLOSED_PORT) has no server.
import { createBadDiscoverServer } from '../../src/test/servers/bad-discover-server.ts';
import { BAD_DISCOVER_PORT, HOST } from './ports.ts';

const server = createBadDiscoverServer();
server.listen(BAD_DISCOVER_PORT, HOST, () => console.log(`bad-discover fixture: http://${HOST}:${BAD_DISCOVER_PORT}/mcp`));

const stop = () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
