/**
 * HTTP bodies from the wire: what was sent and received, bodies that failed to parse, SSE streams, the
 * 256 KB cap with the full size, secrets masked — and HAR export built from them, not from the log.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_WIRE_BODY_CHARS } from '../engine/wire/wire-body.ts';
import { recordingTap } from './support/recording-tap.ts';
import type { HttpExchange, MessageEntry } from '../shared/events.ts';
import { createHttpStore, toHar } from '../state/index.ts';

const BROKEN = '{"jsonrpc":"2.0","id":1,"result":{"tools":[ oops';
const BIG = JSON.stringify({
  jsonrpc: '2.0',
  id: 2,
  result: { content: [{ type: 'text', text: 'x'.repeat(MAX_WIRE_BODY_CHARS + 1000) }] },
});
const SSE = 'id: e1\ndata: {"jsonrpc":"2.0","id":3,"result":{"access_token":"sse-secret"}}\n\n';

let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      if (request.url === '/broken') response.writeHead(200, { 'content-type': 'application/json' }).end(BROKEN);
      else if (request.url === '/big') response.writeHead(200, { 'content-type': 'application/json' }).end(BIG);
      else if (request.url === '/sse') response.writeHead(200, { 'content-type': 'text/event-stream' }).end(SSE);
      else response.writeHead(202).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const tapped = () => recordingTap(fetch);

const post = (body: string) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
  body,
});

describe('HTTP bodies from the wire', () => {
  it('keeps a body that failed to parse, byte for byte, and HAR exports it even when the log lost the message', async () => {
    const { tap, last } = tapped();
    const sent = '{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}}';
    await (await tap(`${base}/broken`, post(sent))).text();
    const exchange = last();
    expect(exchange.requestBody).toEqual({ text: sent, size: sent.length });
    expect(exchange.responseBody).toEqual({ text: BROKEN, size: BROKEN.length });

    // The log evicted everything: HAR still has both bodies, from the wire.
    const har = toHar([exchange], () => []);
    const entry = har.log.entries[0] as {
      request: { postData: { text: string } };
      response: { content: { text: string; comment?: string } };
    };
    expect(entry.request.postData.text).toBe(sent);
    expect(entry.response.content.text).toBe(BROKEN);
    expect(entry.response.content.comment).toBeUndefined();
  });

  it('cuts a body at 256 KB, keeps its full size, and marks the HAR entry truncated', async () => {
    const { tap, last } = tapped();
    await (await tap(`${base}/big`, post('{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"big"}}'))).text();
    const body = last().responseBody!;
    expect(body.truncated).toBe(true);
    expect(body.size).toBe(BIG.length);
    expect(body.text).toBe(BIG.slice(0, MAX_WIRE_BODY_CHARS));
    const har = toHar([last()], () => []);
    const content = (har.log.entries[0] as { response: { content: { comment: string } } }).response.content;
    expect(content.comment).toBe(`Truncated: the first ${MAX_WIRE_BODY_CHARS} of ${BIG.length} characters were kept.`);
  });

  it('keeps an SSE stream as received and masks secrets in bodies both ways', async () => {
    const { tap, last, entries } = tapped();
    await (await tap(`${base}/sse`, post('{"jsonrpc":"2.0","id":3,"method":"x","params":{"password":"hunter2","keep":"me"}}'))).text();
    const exchange = last();
    expect(exchange.requestBody!.text).toBe('{"jsonrpc":"2.0","id":3,"method":"x","params":{"password":"•••• (7 chars)","keep":"me"}}');
    expect(exchange.responseBody!.text).toBe(SSE.replace('sse-secret', '•••• (10 chars)'));
    expect(exchange.responseBody!.size).toBe(SSE.length);
    // The log still holds the message as parsed (redacted when saved); the wire copy never held the secret.
    expect(entries.some((entry) => entry.direction === 'in' && entry.rpcId === 3)).toBe(true);
  });

  it('rebuilds a body from the log only where the wire kept none, and says so', () => {
    const exchange: HttpExchange = { seq: 1, time: 0, method: 'POST', url: `${base}/x`, requestHeaders: [], durationMs: 1, status: 200 };
    const message: MessageEntry = {
      seq: 2,
      time: 0,
      direction: 'in',
      kind: 'response',
      httpSeq: 1,
      message: { jsonrpc: '2.0', id: 1, result: {} },
    };
    const har = toHar([exchange], () => [message]);
    const content = (har.log.entries[0] as { response: { content: { text: string; comment: string } } }).response.content;
    expect(content.text).toBe('{"jsonrpc":"2.0","id":1,"result":{}}');
    expect(content.comment).toMatch(/^Rebuilt from the logged messages/);
  });
});

describe('HTTP store body budget', () => {
  const withBody = (seq: number, chars: number, extra: Partial<HttpExchange> = {}): HttpExchange => ({
    seq,
    time: 0,
    method: 'POST',
    url: 'http://127.0.0.1/mcp',
    requestHeaders: [],
    durationMs: 1,
    requestBody: { text: 'q'.repeat(chars), size: chars },
    ...extra,
  });

  it('drops the oldest bodies past the budget, keeps the exchanges and sizes, and a later report does not bring a body back', () => {
    const store = createHttpStore({ bodyBudget: 250 });
    const { appendEvents } = store.getState().actions;
    appendEvents([1, 2, 3].map((seq) => ({ type: 'http', exchange: withBody(seq, 100) })));
    const state = store.getState();
    expect(state.seqs.toArray()).toEqual([1, 2, 3]);
    expect(state.bySeq.get(1)!.requestBody).toEqual({ text: '', size: 100, dropped: true });
    expect(state.bySeq.get(2)!.requestBody!.text).toHaveLength(100);
    expect(state.bySeq.get(3)!.requestBody!.text).toHaveLength(100);

    // The engine reports exchange 1 again (its body ended): it stays without text.
    appendEvents([{ type: 'http', exchange: withBody(1, 100, { endedMs: 5, responseBody: { text: 'r', size: 1 } }) }]);
    expect(store.getState().bySeq.get(1)).toMatchObject({
      endedMs: 5,
      requestBody: { dropped: true },
      responseBody: { dropped: true, size: 1 },
    });

    // Clearing frees the budget.
    store.getState().actions.clear();
    appendEvents([{ type: 'http', exchange: withBody(9, 200) }]);
    expect(store.getState().bySeq.get(9)!.requestBody!.dropped).toBeUndefined();
  });
});
