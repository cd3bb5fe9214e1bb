/** Normal HTTP answers that carry no JSON-RPC message are not faults in the message log; real faults still are. */
import { describe, expect, it } from 'vitest';
import type { MessageEntry } from '../../shared/events.ts';
import { recordingTap } from '../../test/support/recording-tap.ts';

const tapAnswering = (response: () => Response) => recordingTap(async () => response());

const post = { method: 'POST', body: '{"jsonrpc":"2.0","method":"notifications/initialized"}' };
const invalid = (entries: MessageEntry[]) => entries.filter((e) => e.kind === 'invalid');

describe('HTTP answers without a message', () => {
  it('logs nothing red for legacy SSE’s "202 Accepted" body', async () => {
    const { tap, entries, notes } = tapAnswering(() => new Response('Accepted', { status: 202 }));
    await (await tap('http://127.0.0.1:1/messages?sessionId=1', post)).text();
    expect(invalid(entries)).toEqual([]);
    expect(notes).toEqual([]);
  });

  it('logs a quiet note, not an invalid message, for an HTML 404 and an OAuth 401 JSON body', async () => {
    const html = tapAnswering(
      () => new Response('<!DOCTYPE html><title>Not Found</title>', { status: 404, headers: { 'content-type': 'text/html' } }),
    );
    await (await html.tap('http://127.0.0.1:1/sse', post)).text();
    const oauth = tapAnswering(() => Response.json({ error: 'invalid_token', error_description: 'No token' }, { status: 401 }));
    await (await oauth.tap('http://127.0.0.1:1/mcp', post)).text();
    for (const { entries, notes } of [html, oauth]) {
      expect(invalid(entries)).toEqual([]);
      expect(notes).toEqual([{ text: expect.stringMatching(/not a JSON-RPC message \(it is in the HTTP view\)/), level: 'info' }]);
    }
  });

  it('says nothing for a 405 to the optional GET stream', async () => {
    const { tap, entries, notes } = tapAnswering(() => new Response('Method Not Allowed', { status: 405 }));
    await (await tap('http://127.0.0.1:1/mcp', { method: 'GET' })).text();
    expect(entries).toEqual([]);
    expect(notes).toEqual([]);
  });

  it('still logs a JSON-RPC error answer to a 400 as an error, and a broken 200 or an HTML 500 as invalid', async () => {
    const rpcError = tapAnswering(() => Response.json({ jsonrpc: '2.0', id: 1, error: { code: -32600, message: 'Bad' } }, { status: 400 }));
    await (await rpcError.tap('http://127.0.0.1:1/mcp', post)).text();
    expect(rpcError.entries.map((e) => e.kind)).toEqual(['notification', 'error']);
    const broken = tapAnswering(() => new Response('{oops', { status: 200, headers: { 'content-type': 'application/json' } }));
    await (await broken.tap('http://127.0.0.1:1/mcp', post)).text();
    expect(invalid(broken.entries)).toHaveLength(1);
    const down = tapAnswering(() => new Response('<h1>database is down</h1>', { status: 500, headers: { 'content-type': 'text/html' } }));
    await (await down.tap('http://127.0.0.1:1/mcp', post)).text();
    expect(invalid(down.entries)[0]?.raw).toContain('database is down');
  });
});

describe('a cancelled call’s response stream', () => {
  it('is marked cancelled when notifications/cancelled names its request, though the server keeps it open', async () => {
    const neverEnds = () => new ReadableStream<Uint8Array>({ start: (c) => c.enqueue(new TextEncoder().encode(': open\n\n')) });
    const { tap, exchanges } = recordingTap(async (_url, init) =>
      String(init?.body).includes('tools/call')
        ? new Response(neverEnds(), { headers: { 'content-type': 'text/event-stream' } })
        : new Response(null, { status: 202 }),
    );
    const call = await tap('http://127.0.0.1:1/mcp', {
      method: 'POST',
      body: '{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{}}',
    });
    const reading = call.body!.getReader();
    await reading.read();
    const callSeq = exchanges[0]!.seq;
    expect(exchanges.findLast((x) => x.seq === callSeq)?.cancelledMs).toBeUndefined();
    await tap('http://127.0.0.1:1/mcp', {
      method: 'POST',
      body: '{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":7,"reason":"user"}}',
    });
    const latest = exchanges.findLast((x) => x.seq === callSeq)!;
    expect(latest.cancelledMs).toBeGreaterThanOrEqual(0);
    expect(latest.endedMs).toBeUndefined();
    await reading.cancel();
  });
});

describe('the response the SDK reads after the tap read the body', () => {
  it('answers json() and text() from the text the tap read, with the status and headers as sent', async () => {
    const answer = '{"jsonrpc":"2.0","id":1,"result":{"content":[]}}';
    const headers = { 'content-type': 'application/json', 'mcp-session-id': 's-1' };
    const { tap, entries } = tapAnswering(() => new Response(answer, { status: 200, headers }));
    const request = { method: 'POST', body: '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x"}}' };
    const response = await tap('http://127.0.0.1:1/mcp', request);
    expect(response).toBeInstanceOf(Response);
    expect([response.status, response.headers.get('mcp-session-id')]).toEqual([200, 's-1']);
    expect(await response.json()).toEqual(JSON.parse(answer));
    expect(await response.text()).toBe(answer);
    expect(await response.clone().text()).toBe(answer);
    // The log has both messages, each with its size, and the response paired with its request.
    expect(entries.map((e) => [e.direction, e.kind, e.size])).toEqual([
      ['out', 'request', request.body.length],
      ['in', 'response', answer.length],
    ]);
    expect(entries[1]!.requestSeq).toBe(entries[0]!.seq);
  });

  it('rejects json() for a body that is not JSON, as a Response does', async () => {
    const { tap } = tapAnswering(() => new Response('{"jsonrpc":"2.0",', { status: 200, headers: { 'content-type': 'application/json' } }));
    const response = await tap('http://127.0.0.1:1/mcp', { method: 'POST', body: '{"jsonrpc":"2.0","id":1,"method":"ping"}' });
    await expect(response.json()).rejects.toThrow(SyntaxError);
  });
});
