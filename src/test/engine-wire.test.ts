/** The HTTP wire view's facts: which exchange carried which message, session ids, SSE event ids and retry. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type RunningDemoServer } from '../node/demo-server/index.ts';
import type { HttpExchange } from '../shared/events.ts';
import { createHarness } from './support/engine-harness.ts';
import { recordingTap } from './support/recording-tap.ts';

/** The latest report of each exchange, as the store keeps it. */
const latest = (exchanges: HttpExchange[]) => [...new Map(exchanges.map((exchange) => [exchange.seq, exchange])).values()];

let demo: RunningDemoServer;
let sse: Server;
let sseUrl: string;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0 });
  sse = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    response.end(
      'retry: 2500\nid: ev-1\ndata: {"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"a"}}\n\nid: ev-2\ndata: {"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"b"}}\n\n',
    );
  });
  await new Promise<void>((resolve) => sse.listen(0, '127.0.0.1', resolve));
  sseUrl = `http://127.0.0.1:${(sse.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  await demo.close();
  await new Promise((resolve) => sse.close(resolve));
});

describe('wire details', () => {
  it('links every message to the exchange that carried it and records the session id', async () => {
    const h = createHarness();
    const summary = await h.engine.call('connect', { url: demo.url, headers: [], transport: 'auto', era: 'legacy' });
    await h.engine.call('listTools', undefined);
    await h.engine.call('disconnect', undefined);

    const exchanges = latest(h.exchanges());
    const bySeq = new Map(exchanges.map((exchange) => [exchange.seq, exchange]));
    for (const message of h.messages()) expect(bySeq.has(message.httpSeq!), `message ${message.seq} ${message.method}`).toBe(true);

    const listCall = h.messages().find((m) => m.method === 'tools/list')!;
    const listAnswer = h.messages().find((m) => m.requestSeq === listCall.seq)!;
    // Streamable HTTP: the answer comes back on the response to the POST that carried the request.
    expect(listAnswer.httpSeq).toBe(listCall.httpSeq);
    const post = bySeq.get(listCall.httpSeq!)!;
    expect(post).toMatchObject({ method: 'POST', status: 200, sessionId: summary.sessionId });
    expect(post.endedMs).toBeGreaterThanOrEqual(post.durationMs);
    expect(post.bodyBytes).toBeGreaterThan(0);
    const initialize = bySeq.get(h.messages()[0]!.httpSeq!)!;
    // The initialize response assigns the session id.
    expect(initialize.sessionId).toBe(summary.sessionId);
  });

  it('records SSE event ids, retry advice and a resumption Last-Event-ID', async () => {
    const { tap, exchanges, entries } = recordingTap(fetch);
    const response = await tap(sseUrl, { method: 'GET', headers: { accept: 'text/event-stream', 'last-event-id': 'ev-0' } });
    await response.text();
    const [exchange] = latest(exchanges);
    expect(exchange).toMatchObject({ lastEventId: 'ev-0', sse: { events: 2, lastEventId: 'ev-2', retryMs: 2500 } });
    expect(exchange!.endedMs).toBeGreaterThanOrEqual(0);
    expect(entries.map((entry) => [entry.sseEventId, entry.httpSeq])).toEqual([
      ['ev-1', exchange!.seq],
      ['ev-2', exchange!.seq],
    ]);
  });
});
