// The fake model provider for the Playground's e2e (src/test/servers/fake-provider.ts): both wire formats, CORS.
import { createFakeProvider } from '../../src/test/servers/fake-provider.ts';
import { FAKE_PROVIDER_PORT, HOST } from './ports.ts';

const { server } = createFakeProvider();
server.listen(FAKE_PROVIDER_PORT, HOST, () => console.log(`fake provider: http://${HOST}:${FAKE_PROVIDER_PORT}/`));

const stop = () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
