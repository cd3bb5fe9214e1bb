import { startOAuthFixture } from '../../src/test/servers/oauth-fixture.ts';
import { HOST, OAUTH_PORT } from './ports.ts';

// The protected MCP server and mock authorization server for the OAuth specs, on loopback with CORS.
const fixture = await startOAuthFixture({ host: HOST, port: OAUTH_PORT });
console.log(`oauth fixture: ${fixture.origin} (MCP at /v/<variant>/mcp)`);

const stop = () => void fixture.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
