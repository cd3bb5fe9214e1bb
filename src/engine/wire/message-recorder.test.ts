import { describe, expect, it } from 'vitest';
import type { MessageEntry } from '../../shared/events.ts';
import { createMessageRecorder } from './message-recorder.ts';

function setup() {
  let clock = 1000;
  let seq = 0;
  const entries: MessageEntry[] = [];
  const recorder = createMessageRecorder({ now: () => clock, nextSeq: () => ++seq, emit: (e) => entries.push(e) });
  return { recorder, entries, advance: (ms: number) => (clock += ms) };
}

describe('message recorder', () => {
  it('classifies frames and pairs a response with its request for latency', () => {
    const { recorder, entries, advance } = setup();
    recorder.outbound(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));
    advance(42);
    recorder.inbound({ jsonrpc: '2.0', id: 1, result: { tools: [] } });
    recorder.inbound({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'hi' } });
    expect(entries.map((e) => [e.direction, e.kind, e.method, e.rpcId])).toEqual([
      ['out', 'request', 'tools/list', 1],
      ['in', 'response', undefined, 1],
      ['in', 'notification', 'notifications/message', undefined],
    ]);
    expect(entries[1]).toMatchObject({ latencyMs: 42, requestSeq: entries[0]!.seq });
  });

  it('keeps ids of both directions apart', () => {
    const { recorder, entries } = setup();
    recorder.inbound({ jsonrpc: '2.0', id: 1, method: 'ping' });
    recorder.outbound(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));
    recorder.outbound(JSON.stringify({ jsonrpc: '2.0', id: 1, result: {} }));
    expect(entries[2]).toMatchObject({ kind: 'response', requestSeq: entries[0]!.seq });
  });

  it('marks a response to a cancelled request as late', () => {
    const { recorder, entries } = setup();
    recorder.outbound(JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'slow' } }));
    recorder.outbound(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 7 } }));
    recorder.inbound({ jsonrpc: '2.0', id: 7, result: { content: [] } });
    expect(entries[2]).toMatchObject({ kind: 'response', late: true });
    expect(entries[2]!.unmatched).toBeUndefined();
  });

  it('marks a response to an id that was never sent, or answered twice', () => {
    const { recorder, entries } = setup();
    recorder.outbound(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }));
    recorder.inbound({ jsonrpc: '2.0', id: 1, result: {} });
    recorder.inbound({ jsonrpc: '2.0', id: 1, result: {} });
    recorder.inbound({ jsonrpc: '2.0', id: 99, error: { code: -32603, message: 'x' } });
    expect(entries.map((e) => e.unmatched ?? false)).toEqual([false, false, true, true]);
  });

  it('pairs an error with "id": null with the one request its HTTP exchange carried (a 400 to the era probe)', () => {
    const { recorder, entries, advance } = setup();
    recorder.outbound(JSON.stringify({ jsonrpc: '2.0', id: 'probe', method: 'server/discover' }), { httpSeq: 3 });
    recorder.outbound(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }), { httpSeq: 4 });
    advance(9);
    recorder.inbound(
      { jsonrpc: '2.0', id: null, error: { code: -32000, message: 'Bad Request: No valid session ID provided' } },
      { httpSeq: 3 },
    );
    expect(entries[2]).toMatchObject({ kind: 'error', requestSeq: entries[0]!.seq, latencyMs: 9 });
    expect(entries[2]!.unmatched).toBeUndefined();
    // A null-id error on an exchange that carried a batch cannot say which request it answers.
    recorder.outbound(
      JSON.stringify([
        { jsonrpc: '2.0', id: 5, method: 'ping' },
        { jsonrpc: '2.0', id: 6, method: 'ping' },
      ]),
      { httpSeq: 5 },
    );
    recorder.inbound({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request' } }, { httpSeq: 5 });
    expect(entries.at(-1)!.requestSeq).toBeUndefined();
    // Nor one on an exchange whose request was already answered.
    recorder.inbound({ jsonrpc: '2.0', id: 1, result: {} }, { httpSeq: 4 });
    recorder.inbound({ jsonrpc: '2.0', id: null, error: { code: -32603, message: 'again' } }, { httpSeq: 4 });
    expect(entries.at(-1)!.requestSeq).toBeUndefined();
  });

  it('splits batches and keeps unparsable bytes and non-JSON-RPC values', () => {
    const { recorder, entries } = setup();
    recorder.inbound([
      { jsonrpc: '2.0', method: 'a' },
      { jsonrpc: '2.0', method: 'b' },
    ]);
    recorder.inbound({ hello: 'world' });
    recorder.inboundUnparsed('<html>oops</html>', 'Unexpected token <');
    expect(entries.map((e) => e.kind)).toEqual(['notification', 'notification', 'invalid', 'invalid']);
    expect(entries[2]).toMatchObject({ message: { hello: 'world' }, parseError: expect.stringContaining('jsonrpc') });
    expect(entries[3]).toMatchObject({ raw: '<html>oops</html>', parseError: 'Unexpected token <' });
  });
});

describe('message sizes', () => {
  it('gives every entry its size: the text it came in when one message was, each frame measured in a batch', () => {
    const { recorder, entries } = setup();
    const sent = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(recorder.outbound(sent)).toEqual(JSON.parse(sent));
    // A server that pretty-prints: the size is what came over the wire.
    const arrived = '{\n  "jsonrpc": "2.0",\n  "id": 1,\n  "result": { "tools": [] }\n}';
    recorder.inbound(JSON.parse(arrived), undefined, arrived);
    const batch = [
      { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'a' } },
      { jsonrpc: '2.0', id: 2, method: 'ping' },
    ];
    recorder.inbound(batch, undefined, JSON.stringify(batch));
    expect(entries.map((e) => e.size)).toEqual([
      sent.length,
      arrived.length,
      JSON.stringify(batch[0]).length,
      JSON.stringify(batch[1]).length,
    ]);
    expect(entries[1]!.message).toEqual(JSON.parse(arrived));
  });

  it('returns undefined for a body it cannot parse, and logs it raw', () => {
    const { recorder, entries } = setup();
    expect(recorder.outbound('{oops')).toBeUndefined();
    expect(entries[0]).toMatchObject({ direction: 'out', kind: 'invalid', raw: '{oops' });
  });
});

describe('class 14: a listen stream cannot exhaust memory', () => {
  it('keeps a 200 KB notification cut, with its size, and a large response whole', () => {
    const entries: MessageEntry[] = [];
    let seq = 0;
    const recorder = createMessageRecorder({ now: () => 0, nextSeq: () => ++seq, emit: (e) => entries.push(e) });
    const payload = 'x'.repeat(200 * 1024);
    for (let n = 0; n < 20; n++)
      recorder.inbound({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: { n, payload } } });
    recorder.inbound({ jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: payload }] } });
    const notes = entries.filter((e) => e.kind === 'notification');
    expect(notes).toHaveLength(20);
    for (const entry of notes) {
      expect(entry.cut).toBe(true);
      expect(entry.size).toBeGreaterThan(200 * 1024);
      expect(JSON.stringify(entry.message).length).toBeLessThan(4 * 1024);
      expect(JSON.stringify(entry.message)).toMatch(/truncated \d+ chars/);
    }
    const response = entries.find((e) => e.kind === 'response')!;
    expect(response.cut).toBeUndefined();
    expect(JSON.stringify(response.message)).toContain(payload);
  });
});
