/**
 * A person answering is not the server being slow: a tool call whose server asks a question keeps waiting
 * while the dialog is open, however long the timeout is, and still times out when the server goes quiet.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PendingServerRequest } from '../shared/client-features.ts';
import type { EngineEvent } from '../shared/events.ts';
import { startDemoServer, type RunningDemoServer } from '../node/demo-server/index.ts';
import { createHarness, type Harness } from './support/engine-harness.ts';
import { waitFor } from './support/wait-for.ts';

let demo: RunningDemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0 });
});
afterAll(() => demo.close());

async function pendingRequest(h: Harness): Promise<PendingServerRequest> {
  const arrived = () => h.events.find((e): e is Extract<EngineEvent, { type: 'server-request' }> => e.type === 'server-request');
  await waitFor(() => arrived() !== undefined, 'the server request');
  return arrived()!.request;
}

/** Resolves once the engine's clock has passed `ms` beyond `since`: how long the person "took" to answer. */
const personTakes = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(['legacy', 'modern'] as const)('a %s call whose server asks the person', (era) => {
  it('does not time out while the dialog is open, and completes with the answer', async () => {
    const h = createHarness();
    await h.engine.call('connect', { url: demo.url, headers: [], transport: 'auto', era });
    // The shortest timeout a call may have; the person takes longer than that to answer.
    const call = h.engine.call('callTool', { name: 'ask-every-field', arguments: {}, timeoutMs: 1000, maxTotalTimeoutMs: 1000 });
    const request = await pendingRequest(h);
    expect(request.related).toMatchObject({ method: 'tools/call', target: 'ask-every-field' });
    await personTakes(1500);
    await h.engine.call('answerServerRequest', { id: request.id, answer: { action: 'decline' } });
    const outcome = await call;
    expect(JSON.stringify(outcome.content)).toContain('Elicitation answered: decline');
    await h.engine.call('disconnect', undefined);
  });
});
