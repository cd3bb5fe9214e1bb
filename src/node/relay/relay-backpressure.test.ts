/**
 * The relay's backpressure (issue 25, class 6): an endless upstream stream to a client that reads nothing
 * must not pile up in the relay. The relay reads from the upstream only as fast as the client takes bytes,
 * so what the upstream manages to send stays near what the sockets between them hold. Loopback only; the
 * upstream stops by itself after a bounded amount, so a regression fails the test without exhausting memory.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RELAY_TOKEN_HEADER } from '../../shared/relay.ts';
import { startRelay, type RunningRelay } from './relay.ts';

const LENS_ORIGIN = 'http://localhost:5173';
/** One SSE event of 64 KiB: a real stream, so the relay's watch for a legacy endpoint ends at the first. */
const CHUNK = Buffer.from(`data: ${'x'.repeat(64 * 1024 - 8)}\n\n`);
/** The upstream gives up here: far beyond what sockets buffer, so an unbounded relay shows as reaching it. */
const UPSTREAM_LIMIT = 192 * 1024 * 1024;
/**
 * What may be in flight without the relay holding it: two loopback hops of kernel socket buffers (a few
 * MiB each way on Linux, autotuned), Node's stream buffers and the relay's cap on one exchange's buffer.
 */
const IN_FLIGHT_BOUND = 32 * 1024 * 1024;

let upstream: Server;
let upstreamOrigin: string;
let sent = 0;
let relay: RunningRelay;
let client: Socket | undefined;

/** Writes an endless event stream, honouring its own socket's backpressure. */
async function endless(res: ServerResponse) {
  res.writeHead(200, { 'Content-Type': 'text/event-stream' });
  while (sent < UPSTREAM_LIMIT && !res.destroyed) {
    sent += CHUNK.length;
    if (!res.write(CHUNK)) await new Promise((resolve) => (res.once('drain', resolve), res.once('close', resolve)));
  }
  res.end();
}

beforeAll(async () => {
  upstream = createServer((_req, res) => void endless(res));
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamOrigin = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  relay = await startRelay({
    target: { kind: 'http', url: new URL(`${upstreamOrigin}/mcp`) },
    allowedOrigins: [LENS_ORIGIN],
    log: () => undefined,
  });
});

afterAll(async () => {
  client?.destroy();
  await relay.close();
  upstream.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
});

describe("the relay's backpressure", () => {
  it('pulls from an endless upstream only as fast as a client that reads nothing takes it', async () => {
    const { port } = new URL(relay.url);
    const socket = connect({ host: '127.0.0.1', port: Number(port) });
    client = socket;
    // Never read: a paused socket leaves the bytes in the kernel until its window closes.
    socket.pause();
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.write(
      `GET /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${LENS_ORIGIN}\r\n${RELAY_TOKEN_HEADER}: ${relay.token}\r\nAccept: text/event-stream\r\n\r\n`,
    );
    const heapBefore = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;

    // Wait until the upstream is stalled: what it sent has not grown for two seconds (or it hit its limit).
    let last = -1;
    let changedAt = Date.now();
    await expect
      .poll(
        () => {
          if (sent !== last) [last, changedAt] = [sent, Date.now()];
          return (sent > 0 && Date.now() - changedAt > 2000) || sent >= UPSTREAM_LIMIT;
        },
        { timeout: 90_000, interval: 250 },
      )
      .toBe(true);

    expect(sent).toBeLessThan(IN_FLIGHT_BOUND);
    const heapAfter = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
    expect(heapAfter - heapBefore).toBeLessThan(IN_FLIGHT_BOUND);
  });
});
