/**
 * Event-stream reconnect pacing against a real server: one smoke test that the governor sits between the
 * SDK and the wire. The pacing rules themselves are unit-tested in src/engine/guards/reconnect-governor.test.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createManualClock, fireTimersUntil } from './support/clocks.ts';
import { createHarness } from './support/engine-harness.ts';
import { startMcp } from './support/raw-mcp.ts';

const servers: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

describe('event stream reconnects', () => {
  it('does not spin on retry: 0 with an immediate close, backs off, then says the server keeps dropping the stream', async () => {
    let gets = 0;
    const server = await startMcp(() => undefined, {
      sessionId: 's1',
      onGet: (req, res) => {
        gets++;
        res.writeHead(200, { 'content-type': 'text/event-stream' }).end('retry: 0\n\n');
      },
    });
    servers.push(server);
    const clock = createManualClock();
    const h = createHarness({ clock });
    await h.engine.call('connect', {
      url: server.url,
      headers: [],
      transport: 'streamable-http',
      era: 'legacy',
      limits: { reconnectFloorMs: 100, maxEmptyReconnects: 4 },
    });
    const gaveUp = () => h.notes().some((n) => /keeps dropping the event stream/.test(n));
    // The SDK alone would reconnect at once, hundreds of times a second; paced: 100, 200, 400, 800 ms, then stop.
    const waits = await fireTimersUntil(clock, gaveUp, 'the governor to give up');
    expect(waits).toEqual([100, 200, 400, 800]);
    expect(gets).toBe(5);
    expect(clock.pending()).toEqual([]);
    await expect(h.engine.call('ping', undefined)).resolves.toBeDefined();
  });
});
