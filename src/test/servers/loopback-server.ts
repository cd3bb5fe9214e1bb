/** Runs a Node HTTP server on a free loopback port for one test file: started before, closed after. */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

/** Returns the server's origin (`http://127.0.0.1:<port>`), readable once the file's tests run. */
export function serveOnLoopback(server: Server): () => string {
  let origin = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return () => origin;
}
