/** Raw HTTP beside the session (an audit probe), recorded by the wire tap the way the session's traffic is. */
import { describe, expect, it } from 'vitest';
import type { HttpExchange, MessageEntry } from '../../shared/events.ts';
import { createMessageRecorder } from './message-recorder.ts';
import { realClock } from '../clock.ts';
import { createWireTap } from './wire-tap.ts';

function tapWithSession() {
  const session: MessageEntry[] = [];
  const beside: Array<MessageEntry | HttpExchange> = [];
  let seq = 0;
  const recorder = createMessageRecorder({ now: Date.now, nextSeq: () => ++seq, emit: (entry) => session.push(entry) });
  const tap = createWireTap({
    fetch: async () => Response.json({ jsonrpc: '2.0', id: 1, result: {} }),
    clock: realClock,
    nextSeq: () => ++seq,
    recorder,
    onExchange: () => undefined,
    onNote: () => undefined,
    onBeside: (event) => beside.push(event.type === 'message' ? event.entry : event.exchange),
  });
  return { tap, session, beside };
}

const initialize = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: {} });

describe('the wire tap’s record of raw HTTP beside the session', () => {
  it('marks, masks and pairs a probe with its own request only, never with the session’s request of the same id', async () => {
    const { tap, session, beside } = tapWithSession();
    const mark = { feature: 'audit', id: 'dns-rebinding-protection', probe: true } as const;
    // Sent but not answered yet: a session request with id 1, which a probe's answer with id 1 must not take.
    const record = tap.beside(mark, {
      method: 'POST',
      url: 'http://127.0.0.1:1/mcp?api_key=s3cret',
      // A value Headers would refuse, and a forged Host that must stay readable.
      headers: { Host: 'evil.example', 'Mcp-Session-Id': 'sé', Authorization: 'Bearer t0ken' },
      body: initialize,
    });
    const pending = tap('http://127.0.0.1:1/mcp', { method: 'POST', body: initialize });
    const ended = record.end({
      response: { status: 403, headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","id":1,"error":{}}' },
      answer: { jsonrpc: '2.0', id: 1, error: { code: -32600, message: 'no' } },
    });
    await (await pending).json();

    expect(record.request).toMatchObject({
      direction: 'out',
      kind: 'request',
      method: 'initialize',
      origin: mark,
      httpSeq: record.httpSeq,
    });
    expect(ended.answer).toMatchObject({ direction: 'in', kind: 'error', origin: mark, requestSeq: record.request!.seq });
    expect(ended.exchange).toMatchObject({ seq: record.httpSeq, method: 'POST', status: 403, bodyBytes: 35, responseBody: { size: 35 } });
    expect(ended.exchange.url).not.toContain('s3cret');
    const headers = Object.fromEntries(ended.exchange.requestHeaders);
    expect(headers.host).toBe('evil.example');
    expect(headers.authorization).not.toContain('t0ken');
    expect(beside).toContain(record.request);
    expect(beside).toContain(ended.answer);
    // The session's own request keeps its answer; nothing beside reached the session's log.
    const answered = session.find((entry) => entry.direction === 'in');
    expect(answered?.requestSeq).toBe(session.find((entry) => entry.direction === 'out')?.seq);
    expect(session.some((entry) => entry.origin !== undefined)).toBe(false);
  });

  it('records a probe that got no answer with why, and a body that is not JSON-RPC as no message', () => {
    const { tap, beside } = tapWithSession();
    const record = tap.beside({ feature: 'audit', id: 'delete-session' }, { method: 'DELETE', url: 'http://127.0.0.1:1/mcp', headers: {} });
    expect(record.request).toBeUndefined();
    const ended = record.end({ problem: 'connect ECONNREFUSED 127.0.0.1:1' });
    expect(ended).toEqual({ exchange: expect.objectContaining({ method: 'DELETE', error: 'connect ECONNREFUSED 127.0.0.1:1' }) });
    expect(beside).toEqual([ended.exchange]);
  });
});
