import { describe, expect, it } from 'vitest';
import { firstRpcResponse, readProbeBody } from './probe.ts';

describe('firstRpcResponse', () => {
  it('reads a JSON body, a batch, or the first response among an event stream’s data lines', () => {
    expect(firstRpcResponse('{"jsonrpc":"2.0","id":1,"result":{}}', false)).toMatchObject({ id: 1 });
    expect(firstRpcResponse('[{"jsonrpc":"2.0","method":"n"},{"jsonrpc":"2.0","id":2,"error":{}}]', false)).toMatchObject({ id: 2 });
    const stream =
      'event: message\ndata: {"jsonrpc":"2.0","method":"notifications/progress"}\n\ndata: {"jsonrpc":"2.0","id":3,"result":{}}\n\n';
    expect(firstRpcResponse(stream, true)).toMatchObject({ id: 3 });
    expect(firstRpcResponse('not json', false)).toBeUndefined();
  });

  it('reads an event stream only from its data: lines, joined as EventSource joins them', () => {
    // The bare JSON with a text/event-stream Content-Type: no event carries it, so no client reads it.
    expect(firstRpcResponse('{"jsonrpc":"2.0","id":1,"result":{}}\n\n', true)).toBeUndefined();
    expect(firstRpcResponse('event: message\nid: 1\n\n', true)).toBeUndefined();
    expect(firstRpcResponse('data: {"jsonrpc":"2.0",\ndata: "id":4,"result":{}}\n\n', true)).toMatchObject({ id: 4 });
  });
});

describe('readProbeBody', () => {
  it('stops reading an open event stream at its first response', async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('data: {"jsonrpc":"2.0","id":1,"result":{}}\n\n'));
        // Never closed, as a stream a server keeps open.
      },
      cancel() {
        cancelled = true;
      },
    });
    expect(await readProbeBody(body, true)).toContain('"id":1');
    expect(cancelled).toBe(true);
  });
});
