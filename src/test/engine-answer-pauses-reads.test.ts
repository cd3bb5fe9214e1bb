/**
 * A person answering is not the server being slow, for prompts/get and resources/read too: a request whose
 * server asks a question waits while the dialog is open, on the engine's clock, however long that is (past
 * the call's own timeout and the response stream's idle timeout); and a server that goes quiet still fails
 * the request after 60 s.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PendingServerRequest } from '../shared/client-features.ts';
import { READ_IDLE_MS, READ_TOTAL_MS } from '../engine/features/answering-deadline.ts';
import { startDemoServer, type RunningDemoServer } from '../node/demo-server/index.ts';
import { createManualClock, settled } from './support/clocks.ts';
import { createHarness, type Harness } from './support/engine-harness.ts';
import { sse, startMcp } from './support/raw-mcp.ts';
import { waitFor } from './support/wait-for.ts';

let demo: RunningDemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0 });
});
afterAll(() => demo.close());

async function pendingRequest(h: Harness): Promise<PendingServerRequest> {
  await waitFor(() => h.events.some((e) => e.type === 'server-request'), 'the server to ask the person');
  const found = h.events.find((e) => e.type === 'server-request');
  if (found?.type !== 'server-request') throw new Error('unreachable');
  return found.request;
}

/** Longer than any limit a read has: the idle timeout and the total limit both, twice over. */
const LONGER_THAN_EVERY_LIMIT = 2 * (READ_IDLE_MS + READ_TOTAL_MS);

describe.each(['legacy', 'modern'] as const)('%s era: a read whose server asks the person first', (era) => {
  const connected = async () => {
    const clock = createManualClock();
    const h = createHarness({ clock });
    await h.engine.call('connect', { url: demo.url, headers: [], transport: 'auto', era });
    return { h, clock };
  };

  it('prompts/get waits while the dialog is open, and completes with the answer', async () => {
    const { h, clock } = await connected();
    const get = h.engine.call('getPrompt', { name: 'ask-for-topic', arguments: {} });
    const request = await pendingRequest(h);
    expect(request.related).toMatchObject({ method: 'prompts/get', target: 'ask-for-topic' });
    clock.advance(LONGER_THAN_EVERY_LIMIT);
    expect(settled(get)()).toBe(false);
    await h.engine.call('answerServerRequest', { id: request.id, answer: { action: 'accept', content: { topic: 'owls' } } });
    expect(JSON.stringify((await get).messages)).toContain('Tell me about owls.');
    await h.engine.call('disconnect', undefined);
  });

  it('resources/read waits while the dialog is open, and completes with the answer', async () => {
    const { h, clock } = await connected();
    const read = h.engine.call('readResource', { uri: 'demo://ask/greeting.txt' });
    const request = await pendingRequest(h);
    expect(request.related).toMatchObject({ method: 'resources/read', target: 'demo://ask/greeting.txt' });
    clock.advance(LONGER_THAN_EVERY_LIMIT);
    expect(settled(read)()).toBe(false);
    await h.engine.call('answerServerRequest', { id: request.id, answer: { action: 'accept', content: { name: 'Ada' } } });
    expect(JSON.stringify((await read).contents)).toContain('Hello, Ada.');
    await h.engine.call('disconnect', undefined);
  });

  it('a tool call waits too, past the response stream’s idle timeout', async () => {
    const { h, clock } = await connected();
    const call = h.engine.call('callTool', { name: 'ask-every-field', arguments: {} });
    const request = await pendingRequest(h);
    // A 2025 server sends nothing on the call's event stream while it waits for the answer.
    clock.advance(LONGER_THAN_EVERY_LIMIT);
    expect(settled(call)()).toBe(false);
    await h.engine.call('answerServerRequest', { id: request.id, answer: { action: 'decline' } });
    expect(JSON.stringify((await call).content)).toContain('Elicitation answered: decline');
    await h.engine.call('disconnect', undefined);
  });
});

describe('a read whose server goes quiet', () => {
  it.each([
    ['getPrompt', 'prompts/get', { name: 'silent', arguments: {} }],
    ['readResource', 'resources/read', { uri: 'demo://silent' }],
  ] as const)('%s still fails after 60 s without an answer, on the engine clock', async (call, method, params) => {
    let asked = false;
    // Opens the response stream and never writes to it.
    const server = await startMcp((req, res) => {
      asked = (req.json as { method?: string }).method === method;
      sse(res);
    });
    try {
      const clock = createManualClock();
      const h = createHarness({ clock });
      await h.engine.call('connect', { url: server.url, headers: [], transport: 'streamable-http', era: 'legacy' });
      const pending = h.engine.call(call, params as never);
      await waitFor(() => asked, `the server to receive ${method}`);
      clock.advance(READ_IDLE_MS - 1);
      expect(settled(pending)()).toBe(false);
      clock.advance(1);
      await expect(pending).rejects.toMatchObject({ code: 'timeout', message: expect.stringContaining('sent nothing for 60 s') });
      await h.engine.call('disconnect', undefined);
    } finally {
      await server.close();
    }
  });
});
