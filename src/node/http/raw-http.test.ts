import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeRawHttp } from './raw-http.ts';

// A target that answers at once and then sends one byte at a time, never finishing and never silent for long.
const trickle = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'text/plain' });
  const timer = setInterval(() => res.write('.'), 20);
  res.on('close', () => clearInterval(timer));
});
let url = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => trickle.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(trickle.address() as AddressInfo).port}/mcp`;
});
afterAll(() => {
  trickle.closeAllConnections();
  trickle.close();
});

describe('the raw probe on node:http', () => {
  it('gives up on an answer that never ends within its time limit, however often a byte arrives', async () => {
    const probe = { method: 'GET' as const, headers: {} };
    const answer = nodeRawHttp(url, probe, { signal: new AbortController().signal, timeoutMs: 300 });
    await expect(answer).rejects.toThrow('No whole answer within');
  });
});
