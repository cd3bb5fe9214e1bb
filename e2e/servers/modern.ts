// A 2026-07-28-only MCP server for e2e (src/test/servers/modern-fixture.ts; the demo server speaks both eras):
// /mcp is modern only, /cors-2025/mcp is dual era behind a 2025 CORS allow-list.
import { createModernFixture } from '../../src/test/servers/modern-fixture.ts';
import { HOST, MODERN_FIXTURE_PORT } from './ports.ts';

const server = createModernFixture();
server.listen(MODERN_FIXTURE_PORT, HOST, () => console.log(`modern fixture: http://${HOST}:${MODERN_FIXTURE_PORT}/mcp`));

const stop = () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
