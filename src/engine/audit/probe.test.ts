import { describe, expect, it } from 'vitest';
import { firstRpcResponse, readProbeBody } from './probe.ts';

describe('firstRpcResponse', () => {
  it('reads a JSON body, a batch, or the first response among an event stream’s data lines', () => {
    expect(firstRpcResponse('{"jsonrpc":"2.0","id":1,"result":{}}')).toMatchObject({ id: 1 });
    expect(firstRpcResponse('[{"jsonrpc":"2.0","method":"n"},{"jsonrpc":"2.0","id":2,"error":{}}]')).toMatchObject({ id: 2 });
    const stream =
      'event: message\ndata: {"jsonrpc":"2.0","method":"notifications/progress"}\n\ndata: {"jsonrpc":"2.0","id":3,"result":{}}\n\n';
    expect(firstRpcResponse(stream)).toMatchObject({ id: 3 });
    expect(firstRpcResponse('not json')).toBeUndefined();
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
