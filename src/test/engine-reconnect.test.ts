/** Event-stream reconnect pacing: no storm on `retry: 0`, a visible give-up, and SSE polling unaffected. */
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness } from './engine-harness.ts';
import { startMcp } from './raw-mcp.ts';

const servers: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('event stream reconnects', () => {
  it('does not spin on retry: 0 with an immediate close, backs off, then says the server keeps dropping the stream', async () => {
    const gets: number[] = [];
    const server = await startMcp(() => undefined, {
      sessionId: 's1',
      onGet: (req, res) => {
        gets.push(Date.now());
        res.writeHead(200, { 'content-type': 'text/event-stream' }).end('retry: 0\n\n');
      },
    });
    servers.push(server);
    const h = createHarness();
    await h.engine.call('connect', {
      url: server.url,
      headers: [],
      transport: 'streamable-http',
      era: 'legacy',
      limits: { reconnectFloorMs: 100, maxEmptyReconnects: 4 },
    });
    await sleep(2500);
    // The SDK alone makes hundreds of GETs in this time; paced: 1 + 100, 200, 400, 800 ms, then stop.
    expect(gets.length).toBeLessThanOrEqual(6);
    expect(h.notes().some((n) => /keeps dropping the event stream/.test(n))).toBe(true);
    const countAfterGiveUp = gets.length;
    await sleep(500);
    expect(gets.length).toBe(countAfterGiveUp);
    await expect(h.engine.call('ping', undefined)).resolves.toBeDefined();
  });

  it('keeps the pace of legitimate SSE polling (priming event, retry: 500, close)', async () => {
    const gets: number[] = [];
    const server = await startMcp(() => undefined, {
      sessionId: 's2',
      onGet: (req, res) => {
        gets.push(Date.now());
        res.writeHead(200, { 'content-type': 'text/event-stream' }).end(`id: e${gets.length}\nretry: 500\ndata: \n\n`);
      },
    });
    servers.push(server);
    const h = createHarness();
    await h.engine.call('connect', { url: server.url, headers: [], transport: 'streamable-http', era: 'legacy' });
    await sleep(2300);
    expect(gets.length).toBeGreaterThanOrEqual(4);
    const gaps = gets.slice(1).map((t, i) => t - gets[i]!);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(450);
    for (const gap of gaps) expect(gap).toBeLessThanOrEqual(700);
    expect(h.notes().some((n) => /keeps dropping/.test(n))).toBe(false);
    await h.engine.call('disconnect', undefined);
  });
});
