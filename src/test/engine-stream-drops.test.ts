/**
 * A server that keeps dropping the event stream, against the real SDK transport on a manual clock: each drop
 * reaches the UI as a `stream-drop` event with the transport's reason and the Last-Event-ID the reconnect
 * resumes from. How closes are told apart and when reconnecting stops is unit-tested in
 * src/engine/guards/reconnect-governor.test.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { StreamDrop } from '../shared/events.ts';
import { createManualClock, fireTimersUntil } from './support/clocks.ts';
import { createHarness, type Harness } from './support/engine-harness.ts';
import type { ServerResponse } from 'node:http';
import { sse, startMcp } from './support/raw-mcp.ts';
import type { RawRequest } from './servers/raw-server.ts';

const servers: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const drops = (h: Harness): StreamDrop[] => h.events.flatMap((e) => (e.type === 'stream-drop' ? [e.drop] : []));

/** Connects the engine to a server whose GET stream `onGet` answers (the n-th GET of the session gets n). */
async function connectWithStream(onGet: (req: RawRequest, res: ServerResponse, n: number) => void) {
  let gets = 0;
  const server = await startMcp(() => undefined, { sessionId: 'drops', onGet: (req, res) => onGet(req, res, ++gets) });
  servers.push(server);
  const clock = createManualClock();
  const h = createHarness({ clock });
  await h.engine.call('connect', {
    url: server.url,
    headers: [],
    transport: 'streamable-http',
    era: 'legacy',
    limits: { reconnectFloorMs: 100 },
  });
  return { h, clock };
}

describe('stream drops', () => {
  it('reports each drop of the GET stream with the transport error and the event id it resumes from', async () => {
    const lastEventIds: Array<string | undefined> = [];
    const { h, clock } = await connectWithStream((req, res, n) => {
      lastEventIds.push(req.headers['last-event-id'] as string | undefined);
      const stream = sse(res);
      const message = { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: n } };
      // The third stream stays open: the server stopped misbehaving. The others break once the event is out.
      stream.write(`id: e${n}\ndata: ${JSON.stringify(message)}\n\n`, () => n < 3 && res.destroy());
    });
    await fireTimersUntil(clock, () => lastEventIds.length === 3, 'the third GET');

    expect(lastEventIds).toEqual([undefined, 'e1', 'e2']);
    const seen = drops(h);
    expect(seen.map((d) => d.lastEventId)).toEqual(['e1', 'e2']);
    for (const drop of seen) {
      expect(drop.reason).toMatch(/SSE stream disconnected/);
      // The SDK's own 1 s (the server advised no `retry`), above the 100 ms floor.
      expect(drop.reconnectInMs).toBe(1_000);
      expect(drop.stopped).toBeUndefined();
    }
    // Stamped with the engine's clock: the first drop at once, the second one reconnect later.
    expect(seen.map((d) => d.time - seen[0]!.time)).toEqual([0, 1_000]);
    await h.engine.call('disconnect', undefined);
  });

  it('reports a reconnect the server refuses, and the SDK giving up after its attempts', async () => {
    const { h, clock } = await connectWithStream((_req, res, n) => {
      if (n === 1) sse(res).end('id: a\ndata: \n\n');
      else res.writeHead(503, { 'content-type': 'text/plain' }).end('busy');
    });
    await fireTimersUntil(clock, () => drops(h).some((d) => d.stopped), 'reconnecting to stop');

    const seen = drops(h);
    expect(seen.some((d) => /Failed to reconnect SSE stream/.test(d.reason) && /Service Unavailable/.test(d.reason))).toBe(true);
    const last = seen.at(-1)!;
    expect(last.stopped).toBe(true);
    expect(last.reason).toMatch(/could not be reopened/);
    await h.engine.call('disconnect', undefined);
  });
});
