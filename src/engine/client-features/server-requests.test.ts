import { describe, expect, it } from 'vitest';
import { SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import type { EngineEvent } from '../../shared/events.ts';
import { createServerRequestQueue, QUEUE_FULL_CODE, type NewServerRequest } from './request-queue.ts';
import { createRelationTracker, relatedFromBody } from './request-relations.ts';

const request = (rpcId: number): NewServerRequest => ({
  rpcId,
  kind: 'sampling',
  method: 'sampling/createMessage',
  serverName: 'srv',
  params: { messages: [] },
});

function setup(bound = 2) {
  const events: EngineEvent[] = [];
  const notes: string[] = [];
  const queue = createServerRequestQueue({ bound, now: () => 1000, emit: (e) => events.push(e), note: (_l, t) => notes.push(t) });
  return { queue, events, notes };
}

describe('server request queue', () => {
  it('refuses a request beyond the bound with a JSON-RPC error and a note, keeping the others', async () => {
    const { queue, events, notes } = setup(2);
    const signal = new AbortController().signal;
    const first = queue.wait(request(1), signal);
    void queue.wait(request(2), signal);
    await expect(queue.wait(request(3), signal)).rejects.toMatchObject({ code: QUEUE_FULL_CODE });
    expect(notes[0]).toMatch(/Sampling request 3 from srv was refused: 2 server requests are already waiting/);
    expect(events.filter((e) => e.type === 'server-request')).toHaveLength(2);
    expect(queue.size).toBe(2);
    queue.answer('sr1', { action: 'reject' });
    await expect(first).resolves.toEqual({ action: 'reject' });
    expect(queue.size).toBe(1);
    expect(events).toContainEqual({
      type: 'server-request-ended',
      id: 'sr1',
      reason: 'answered',
      text: 'Sampling request 1 answered: reject.',
    });
  });

  it('ends a request the server cancels with a note saying why, and refuses a late answer', async () => {
    const { queue, events, notes } = setup();
    const controller = new AbortController();
    const waiting = queue.wait(request(7), controller.signal);
    controller.abort('Request timed out');
    await expect(waiting).rejects.toBe('Request timed out');
    expect(events.at(-1)).toMatchObject({ type: 'server-request-ended', reason: 'cancelled' });
    expect(notes[0]).toContain('the server cancelled it (Request timed out)');
    expect(() => queue.answer('sr1', { action: 'reject' })).toThrow(expect.objectContaining({ code: 'cancelled' }) as Error);
  });

  it('calls it a closed session when the SDK aborts on close', async () => {
    const { queue, events } = setup();
    const controller = new AbortController();
    const waiting = queue.wait(request(1), controller.signal).catch(() => 'ended');
    controller.abort(new SdkError(SdkErrorCode.ConnectionClosed, 'Connection closed'));
    expect(await waiting).toBe('ended');
    expect(events.at(-1)).toMatchObject({ reason: 'closed' });
  });

  it('keeps a request pending when its answer is refused by the check', async () => {
    const { queue } = setup();
    const waiting = queue.wait(request(1), new AbortController().signal, (a) => (a.action === 'approve' ? 'Fix the reply.' : undefined));
    expect(() => queue.answer('sr1', { action: 'approve', result: {} })).toThrow(
      expect.objectContaining({ message: 'Fix the reply.' }) as Error,
    );
    expect(queue.size).toBe(1);
    queue.answer('sr1', { action: 'reject' });
    await expect(waiting).resolves.toEqual({ action: 'reject' });
  });

  it('bounds the params it hands to the UI', async () => {
    const { queue, events } = setup();
    void queue.wait({ ...request(1), params: { text: 'x'.repeat(300_000) } }, new AbortController().signal);
    const shown = events.find((e) => e.type === 'server-request');
    expect(JSON.stringify(shown).length).toBeLessThan(270_000);
  });
});

describe('relations', () => {
  it('ties a server request to the POST whose stream it came on, and keeps its raw params', () => {
    const tracker = createRelationTracker();
    tracker.observe(
      { jsonrpc: '2.0', id: 0, method: 'elicitation/create', params: { requestedSchema: { pattern: 'x' } } },
      '{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"ask"}}',
    );
    expect(tracker.take(0)).toEqual({
      related: { rpcId: 5, method: 'tools/call', target: 'ask' },
      rawParams: { requestedSchema: { pattern: 'x' } },
    });
    expect(tracker.take(0)).toEqual({});
    tracker.observe({ jsonrpc: '2.0', id: 'a', method: 'roots/list' }, undefined);
    expect(tracker.take('a').related).toBeUndefined();
  });

  it('reads only single requests from a body', () => {
    expect(relatedFromBody('{"jsonrpc":"2.0","method":"notifications/initialized"}')).toBeUndefined();
    expect(relatedFromBody('not json')).toBeUndefined();
    expect(relatedFromBody('{"id":1,"method":"resources/read","params":{"uri":"file:///a"}}')).toEqual({
      rpcId: 1,
      method: 'resources/read',
      target: 'file:///a',
    });
  });
});
