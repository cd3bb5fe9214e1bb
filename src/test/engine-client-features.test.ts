/** Sampling, elicitation and roots answered through the engine, against the demo server on loopback. */
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
afterAll(async () => {
  await demo.close();
});

async function nextRequest(h: Harness, after = 0): Promise<PendingServerRequest> {
  const arrived = () => h.events.filter((e): e is Extract<EngineEvent, { type: 'server-request' }> => e.type === 'server-request')[after];
  await waitFor(() => arrived() !== undefined, 'a server request');
  return arrived()!.request;
}

const initializeCapabilities = (h: Harness) => {
  const init = h.messages().find((m) => m.direction === 'out' && m.method === 'initialize');
  return (init?.message as { params: { capabilities: Record<string, unknown> } }).params.capabilities;
};

describe('client features', () => {
  it('declares every capability by default, and only the ones switched on', async () => {
    const h = createHarness();
    await h.engine.call('connect', { url: demo.url, headers: [], transport: 'auto', era: 'legacy' });
    expect(initializeCapabilities(h)).toEqual({
      sampling: { tools: {} },
      elicitation: { form: {}, url: {} },
      roots: { listChanged: true },
      // MCP Lens hosts MCP Apps in either era: the client's own declaration, not a switch.
      extensions: { 'io.modelcontextprotocol/ui': expect.anything() },
    });
    await h.engine.call('disconnect', undefined);

    const off = createHarness();
    const clientFeatures = { sampling: true, samplingTools: false, elicitationForm: false, elicitationUrl: true, roots: false };
    await off.engine.call('connect', { url: demo.url, headers: [], transport: 'auto', era: 'legacy', clientFeatures });
    expect(initializeCapabilities(off)).toEqual({
      sampling: {},
      elicitation: { url: {} },
      extensions: { 'io.modelcontextprotocol/ui': expect.anything() },
    });
    // Form elicitation is off: the SDK answers -32602 and no person is asked.
    const outcome = await off.engine.call('callTool', { name: 'ask-every-field', arguments: {} });
    expect(outcome.isError).toBe(true);
    expect(off.events.some((e) => e.type === 'server-request')).toBe(false);
    // Tools offered without sampling.tools: refused with -32602 before anyone is asked.
    const tools = await off.engine.call('callTool', { name: 'sample-with-tools', arguments: {} });
    expect(tools.isError).toBe(true);
    const refusal = off.messages().find((m) => m.direction === 'out' && m.kind === 'error');
    expect(JSON.stringify(refusal?.message)).toContain('-32602');
    await off.engine.call('disconnect', undefined);
  });

  it('queues a form elicitation with its related tool call, and sends the accepted content', async () => {
    const h = createHarness();
    await h.engine.call('connect', { url: demo.url, headers: [], transport: 'auto', era: 'legacy' });
    const call = h.engine.call('callTool', { name: 'ask-every-field', arguments: {} });
    const request = await nextRequest(h);
    expect(request).toMatchObject({ kind: 'elicitation-form', method: 'elicitation/create', serverName: 'mcp-lens-demo' });
    expect(request.related).toMatchObject({ method: 'tools/call', target: 'ask-every-field' });
    // The schema as sent, with the `pattern` the SDK's parsed copy would have dropped.
    expect(JSON.stringify(request.params.requestedSchema)).toContain('"pattern":"^[A-Z]{3}$"');
    // An invalid answer is refused back to the UI and the request stays pending.
    await expect(
      h.engine.call('answerServerRequest', { id: request.id, answer: { action: 'accept', content: { name: 'A' } } }),
    ).rejects.toMatchObject({
      message: expect.stringContaining('name'),
    });
    const content = { name: 'Grace', email: 'g@example.com', age: 40, languages: ['en'] };
    await h.engine.call('answerServerRequest', { id: request.id, answer: { action: 'accept', content } });
    const outcome = await call;
    expect(JSON.stringify(outcome.content)).toContain('Grace');
    expect(h.events).toContainEqual(expect.objectContaining({ type: 'server-request-ended', id: request.id, reason: 'answered' }));
    await h.engine.call('disconnect', undefined);
  });

  it('runs a sampling round with tools, and refuses a reply that uses a tool nobody offered', async () => {
    const h = createHarness();
    await h.engine.call('connect', { url: demo.url, headers: [], transport: 'auto', era: 'legacy' });
    const call = h.engine.call('callTool', { name: 'sample-with-tools', arguments: { city: 'Porto' } });
    const first = await nextRequest(h);
    expect(first).toMatchObject({ kind: 'sampling', toolsAllowed: true });
    expect(first.params.tools).toHaveLength(1);
    const bad = { role: 'assistant', model: 'human', content: [{ type: 'tool_use', id: 't1', name: 'launch_rockets', input: {} }] };
    await expect(h.engine.call('answerServerRequest', { id: first.id, answer: { action: 'approve', result: bad } })).rejects.toMatchObject({
      message: expect.stringContaining('did not offer'),
    });
    const use = {
      role: 'assistant',
      model: 'human',
      stopReason: 'toolUse',
      content: [{ type: 'tool_use', id: 't1', name: 'get_weather', input: { city: 'Porto' } }],
    };
    await h.engine.call('answerServerRequest', { id: first.id, answer: { action: 'approve', result: use } });
    const second = await nextRequest(h, 1);
    expect(JSON.stringify(second.params.messages)).toContain('tool_result');
    await h.engine.call('answerServerRequest', {
      id: second.id,
      answer: { action: 'approve', result: { role: 'assistant', model: 'human', content: { type: 'text', text: 'Sunny in Porto.' } } },
    });
    const outcome = await call;
    expect(JSON.stringify(outcome.content)).toContain('Sunny in Porto.');
    await h.engine.call('disconnect', undefined);
  });

  it('refuses a malformed tool_result pairing with -32602 and a rejection with -1', async () => {
    const h = createHarness();
    await h.engine.call('connect', { url: demo.url, headers: [], transport: 'auto', era: 'legacy' });
    const bad = await h.engine.call('callTool', { name: 'sample-bad-pairing', arguments: {} });
    expect(JSON.stringify(bad.content)).toContain('-32602');

    const call = h.engine.call('callTool', { name: 'sample-with-tools', arguments: {} });
    const request = await nextRequest(h);
    await h.engine.call('answerServerRequest', { id: request.id, answer: { action: 'reject' } });
    // The demo tool turns the error into an isError result; on the wire our answer is error -1.
    expect((await call).isError).toBe(true);
    const answer = h.messages().find((m) => m.direction === 'out' && m.kind === 'error' && m.rpcId === request.rpcId);
    expect(answer?.message).toMatchObject({ error: { code: -1 } });
    await h.engine.call('disconnect', undefined);
  });

  it('carries -32042 elicitations on the error, and passes elicitation/complete on', async () => {
    const h = createHarness();
    await h.engine.call('connect', { url: demo.url, headers: [], transport: 'auto', era: 'legacy' });
    const error = await h.engine.call('callTool', { name: 'needs-authorization', arguments: {} }).catch((e: unknown) => e);
    expect(error).toMatchObject({ rpcCode: -32042, urlElicitations: [{ url: 'https://auth.example.com/authorize?client=mcp-lens-demo' }] });
    const id = (error as { urlElicitations: Array<{ elicitationId: string }> }).urlElicitations[0]!.elicitationId;
    await waitFor(() => h.events.some((e) => e.type === 'elicitation-complete'), 'elicitation/complete');
    expect(h.events).toContainEqual({ type: 'elicitation-complete', elicitationId: id });
    const retried = await h.engine.call('callTool', { name: 'needs-authorization', arguments: {} });
    expect(JSON.stringify(retried.content)).toContain('Authorized');
    await h.engine.call('disconnect', undefined);
  });

  it('ends pending requests with the session, and refuses answers to them', async () => {
    const h = createHarness();
    await h.engine.call('connect', { url: demo.url, headers: [], transport: 'auto', era: 'legacy' });
    const call = h.engine.call('callTool', { name: 'ask-every-field', arguments: {} }).catch(() => undefined);
    const request = await nextRequest(h);
    await h.engine.call('disconnect', undefined);
    await call;
    expect(h.events).toContainEqual(expect.objectContaining({ type: 'server-request-ended', id: request.id, reason: 'closed' }));
    await expect(h.engine.call('answerServerRequest', { id: request.id, answer: { action: 'decline' } })).rejects.toMatchObject({
      code: 'cancelled',
    });
  });

  it('keeps roots, validates them as file:// URIs, and announces changes', async () => {
    const h = createHarness();
    expect(await h.engine.call('setRoots', { roots: [{ uri: 'file:///work/project', name: 'Project' }] })).toEqual({ notified: false });
    await expect(h.engine.call('setRoots', { roots: [{ uri: 'https://example.com' }] })).rejects.toMatchObject({ code: 'invalid-url' });
    await h.engine.call('connect', { url: demo.url, headers: [], transport: 'auto', era: 'legacy' });
    expect(await h.engine.call('setRoots', { roots: [{ uri: 'file:///tmp' }] })).toEqual({ notified: true });
    expect(h.messages().some((m) => m.direction === 'out' && m.method === 'notifications/roots/list_changed')).toBe(true);
    await h.engine.call('disconnect', undefined);
  });
});
