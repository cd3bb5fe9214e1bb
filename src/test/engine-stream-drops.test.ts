/**
 * A server that keeps dropping the event stream: each drop reaches the UI as a `stream-drop` event with
 * its reason and the Last-Event-ID the reconnect resumes from; spec-style SSE polling does not.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { StreamDrop } from '../shared/events.ts';
import { createHarness, type Harness } from './engine-harness.ts';
import type { ServerResponse } from 'node:http';
import type { Limits } from '../shared/limits.ts';
import { sse, startMcp } from './raw-mcp.ts';
import type { RawRequest } from './raw-server.ts';

const servers: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const drops = (h: Harness): StreamDrop[] => h.events.flatMap((e) => (e.type === 'stream-drop' ? [e.drop] : []));
const limits = { reconnectFloorMs: 100 };

/** Connects the engine to a server whose GET stream `onGet` answers (the n-th GET of the session gets n). */
async function connectWithStream(
  onGet: (req: RawRequest, res: ServerResponse, n: number) => void,
  extraLimits: Partial<Limits> | null = {},
): Promise<Harness> {
  let gets = 0;
  const server = await startMcp(() => undefined, { sessionId: 'drops', onGet: (req, res) => onGet(req, res, ++gets) });
  servers.push(server);
  const h = createHarness();
  await h.engine.call('connect', {
    url: server.url,
    headers: [],
    transport: 'streamable-http',
    era: 'legacy',
    ...(extraLimits && { limits: { ...limits, ...extraLimits } }),
  });
  return h;
}

describe('stream drops', () => {
  it('reports each drop of the GET stream with the transport error and the event id it resumes from', async () => {
    const lastEventIds: Array<string | undefined> = [];
    const h = await connectWithStream((req, res, n) => {
      lastEventIds.push(req.headers['last-event-id'] as string | undefined);
      sse(res).write(
        `id: e${n}\ndata: ${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: n } })}\n\n`,
      );
      // The third stream stays open: the server stopped misbehaving.
      if (n < 3) setTimeout(() => res.destroy(), 30);
    });
    await sleep(3500);

    expect(lastEventIds).toEqual([undefined, 'e1', 'e2']);
    const seen = drops(h);
    expect(seen).toHaveLength(2);
    expect(seen.map((d) => d.lastEventId)).toEqual(['e1', 'e2']);
    for (const drop of seen) {
      expect(drop.reason).toMatch(/SSE stream disconnected/);
      expect(drop.reconnectInMs).toBeGreaterThan(0);
      expect(drop.stopped).toBeUndefined();
      expect(drop.time).toBeGreaterThan(0);
    }
    await h.engine.call('disconnect', undefined);
  });

  it('says when the server closed the stream cleanly, with or without events, and when reconnecting stopped', async () => {
    // The first stream sends an event before it ends; the rest end empty.
    const h = await connectWithStream((_req, res, n) => sse(res).end(n === 1 ? 'id: only\ndata: \n\n' : ''), { maxEmptyReconnects: 2 });
    // The SDK's own delay (1 s, no `retry` sent) doubled for the empty reconnect: give-up at about 3 s.
    await sleep(4000);

    const seen = drops(h);
    expect(seen[0]?.reason).toBe('The server closed the event stream.');
    expect(seen[1]?.reason).toBe('The server closed the event stream without sending any event.');
    const last = seen.at(-1)!;
    expect(last.stopped).toBe(true);
    expect(last.reconnectInMs).toBeUndefined();
    expect(last.reason).toMatch(/keeps dropping the event stream/);
    expect(seen.filter((d) => d.stopped)).toHaveLength(1);
    await h.engine.call('disconnect', undefined);
  });

  it('reports a reconnect the server refuses, and the SDK giving up after its attempts', async () => {
    const h = await connectWithStream((_req, res, n) => {
      if (n === 1) sse(res).end('id: a\ndata: \n\n');
      else res.writeHead(503, { 'content-type': 'text/plain' }).end('busy');
    });
    await sleep(6000);

    const seen = drops(h);
    expect(seen.some((d) => /Failed to reconnect SSE stream/.test(d.reason) && /Service Unavailable/.test(d.reason))).toBe(true);
    const last = seen.at(-1)!;
    expect(last.stopped).toBe(true);
    expect(last.reason).toMatch(/could not be reopened/);
    await h.engine.call('disconnect', undefined);
  }, 15_000);

  it('does not count spec-style SSE polling (priming event, retry advised, clean close) as drops', async () => {
    let gets = 0;
    // Default limits: the 250 ms floor is above the advised 200 ms.
    const h = await connectWithStream((_req, res, n) => {
      gets = n;
      sse(res).end(`id: p${n}\nretry: 200\ndata: \n\n`);
    }, null);
    await sleep(1200);
    expect(gets).toBeGreaterThanOrEqual(3);
    expect(drops(h)).toEqual([]);
    await h.engine.call('disconnect', undefined);
  });
});
