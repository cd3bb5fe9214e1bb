/** The request leaves before the log records it, and the log still has it before anything that answers it. */
import { describe, expect, it } from 'vitest';
import { recordingTap } from '../../test/support/recording-tap.ts';

const call = { method: 'POST', body: '{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"echo"}}' };

describe('the wire tap’s order', () => {
  it('sends first, records while the request is out, and logs the request before its answer', async () => {
    const seenAtSend: number[] = [];
    const { tap, entries, exchanges } = recordingTap((_input, init) => {
      seenAtSend.push(entries.length, exchanges.length);
      expect(init?.body).toBe(call.body);
      return Promise.resolve(Response.json({ jsonrpc: '2.0', id: 7, result: { content: [] } }));
    });
    const response = await tap('http://127.0.0.1:1/mcp', call);
    expect(await response.json()).toEqual({ jsonrpc: '2.0', id: 7, result: { content: [] } });
    expect(seenAtSend).toEqual([0, 0]);
    expect(entries.map((entry) => [entry.direction, entry.kind, entry.rpcId])).toEqual([
      ['out', 'request', 7],
      ['in', 'response', 7],
    ]);
    expect(entries[1]!.requestSeq).toBe(entries[0]!.seq);
    expect(exchanges.at(-1)).toMatchObject({ method: 'POST', status: 200, requestBody: { text: call.body } });
  });

  it('rejects, with the exchange failed and the request in the log, when the fetch throws at once', async () => {
    const { tap, entries, exchanges } = recordingTap(() => {
      throw new TypeError('Invalid header value');
    });
    await expect(tap('http://127.0.0.1:1/mcp', call)).rejects.toThrow('Invalid header value');
    expect(entries.map((entry) => entry.kind)).toEqual(['request']);
    expect(exchanges.at(-1)?.error).toMatch(/Invalid header value/);
  });
});
