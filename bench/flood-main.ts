/** `tsx bench/flood-main.ts --port N`: the benchmark's flood server on its own (the e2e suite starts it). */
import { startFloodServer } from '../src/test/servers/flood-server.ts';

const index = process.argv.indexOf('--port');
const port = index >= 0 ? Number(process.argv[index + 1]) : 0;
const server = await startFloodServer(port);
console.log(`flood server: ${server.url}`);
const stop = () => {
  void server.close().then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
