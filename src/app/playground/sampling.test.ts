/**
 * "Answer with <model>": the mapping from a sampling request to one model step and back to a reply (pure),
 * then the commands in Node against the demo server's `sample-with-tools` in both eras (a 2025
 * sampling/createMessage and a 2026-07-28 input round) with the fake provider: a draft to approve, and
 * auto-approve, which demo mode turns off.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type RunningDemoServer } from '../../node/demo-server/index.ts';
import type { ProtocolEra } from '../../shared/model.ts';
import { engineOverChannel } from '../../test/support/engine-channel.ts';
import { nodeEffects } from '../../test/support/node-effects.ts';
import { closeNow, createFakeProvider, FAKE_PROVIDER_KEY, listenOnLoopback } from '../../test/servers/fake-provider.ts';
import { waitFor } from '../../test/support/wait-for.ts';
import { createLensApp, type LensApp } from '../lens-app.ts';
import { samplingModel } from './sampling-commands.ts';
import { samplingDraft, samplingResult, samplingToolsUsable, samplingTurn } from './sampling-draft.ts';

describe('a sampling request as a model step', () => {
  const params = {
    systemPrompt: 'You are a weather bot.',
    maxTokens: 500,
    temperature: 0.3,
    messages: [
      { role: 'user', content: { type: 'text', text: 'Weather in Porto?' } },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'u1', name: 'get_weather', input: { city: 'Porto' } }] },
      {
        role: 'user',
        content: [
          { type: 'tool_result', toolUseId: 'u1', content: [{ type: 'text', text: 'Sunny' }] },
          { type: 'image', mimeType: 'image/png', data: 'AAAA' },
        ],
      },
    ],
    tools: [{ name: 'get_weather', description: 'Weather', inputSchema: { type: 'object', properties: { city: { type: 'string' } } } }],
  };

  it('maps messages, tool uses and results, the system prompt and maxTokens', () => {
    expect(samplingTurn(params, true)).toEqual({
      system: 'You are a weather bot.',
      maxTokens: 500,
      messages: [
        { role: 'user', text: 'Weather in Porto?' },
        { role: 'assistant', text: '', toolCalls: [{ id: 'u1', name: 'get_weather', arguments: { city: 'Porto' } }] },
        { role: 'tool', callId: 'u1', name: 'get_weather', text: 'Sunny', isError: false },
        { role: 'user', text: '[image image/png content, not sent to the model]' },
      ],
      tools: [params.tools[0]],
    });
  });

  it('offers the tools only when the connection declared sampling.tools and toolChoice allows them', () => {
    expect(samplingToolsUsable(params, true)).toBe(true);
    expect(samplingToolsUsable(params, false)).toBe(false);
    expect(samplingToolsUsable({ ...params, toolChoice: { mode: 'none' } }, true)).toBe(false);
    expect(samplingTurn(params, false).tools).toEqual([]);
  });

  it('bounds maxTokens and needs no system prompt', () => {
    expect(samplingTurn({ messages: [], maxTokens: 10_000_000 }, false)).toEqual({ messages: [], tools: [], maxTokens: 16_384 });
    expect(samplingTurn({ messages: [], maxTokens: -3 }, false).maxTokens).toBe(1);
    expect(samplingTurn({ messages: [] }, false).maxTokens).toBe(1_024);
  });

  it("turns the model's answer into a reply: MCP stop reasons, tool uses, one block or a list", () => {
    expect(samplingDraft({ text: 'Hi', toolCalls: [], stopReason: 'length' }, 'm')).toEqual({
      model: 'm',
      stopReason: 'maxTokens',
      content: [{ type: 'text', text: 'Hi' }],
    });
    expect(samplingDraft({ text: '', toolCalls: [], stopReason: 'STOP' }, 'm').stopReason).toBe('endTurn');
    const withTool = samplingDraft(
      { text: '', toolCalls: [{ id: 'c1', name: 'get_weather', arguments: { city: 'Oslo' } }], stopReason: 'STOP' },
      'm',
    );
    expect(withTool).toEqual({
      model: 'm',
      stopReason: 'toolUse',
      content: [{ type: 'tool_use', id: 'c1', name: 'get_weather', input: { city: 'Oslo' } }],
    });
    expect(samplingResult(withTool, true).content).toEqual(withTool.content);
    expect(samplingResult(samplingDraft({ text: 'Hi', toolCalls: [] }, 'm'), false)).toEqual({
      role: 'assistant',
      model: 'm',
      stopReason: 'endTurn',
      content: { type: 'text', text: 'Hi' },
    });
  });

  it('says how to set a model up when none can answer', () => {
    const provider = { kind: 'openai' as const, baseUrl: 'https://api.openai.com/v1', model: 'gpt-4o-mini' };
    expect(samplingModel({ provider, keyOrigins: [] })).toEqual({ missing: expect.stringContaining('API key for https://api.openai.com') });
    expect(samplingModel({ provider, keyOrigins: ['https://api.openai.com'] })).toEqual({ model: 'gpt-4o-mini' });
    expect(samplingModel({ provider: { ...provider, baseUrl: 'http://localhost:11434/v1', model: 'llama3.1' }, keyOrigins: [] })).toEqual({
      model: 'llama3.1',
    });
  });
});

let demo: RunningDemoServer;
const provider = createFakeProvider();
let providerOrigin = '';
let engine: ReturnType<typeof engineOverChannel>;
let current: LensApp | undefined;

beforeAll(async () => {
  demo = await startDemoServer({ port: 0 });
  providerOrigin = await listenOnLoopback(provider.server);
});
afterAll(async () => {
  closeNow(provider.server);
  await demo.close();
});
afterEach(async () => {
  if (!current) return;
  await current.commands.connection.disconnect();
  current.dispose();
  engine.close();
  current = undefined;
});

async function start(era: ProtocolEra): Promise<LensApp> {
  engine = engineOverChannel();
  const app = createLensApp({
    client: engine.client,
    effects: nodeEffects(),
    opened: { url: demo.url, tab: null, tool: null, connect: false, demo: false },
    redirectUrl: 'http://127.0.0.1/oauth-callback.html',
  });
  current = app;
  app.connection.getState().actions.setEra(era);
  await app.commands.connection.connect();
  expect(app.connection.getState()).toMatchObject({ phase: 'connected' });
  app.playground.getState().actions.setProvider({ kind: 'anthropic', baseUrl: `${providerOrigin}/anthropic/v1`, model: 'fake-model' });
  await app.commands.playground.setPlaygroundKey(FAKE_PROVIDER_KEY);
  return app;
}

const sampleWeather = (app: LensApp) => app.commands.tools.runTool({ name: 'sample-with-tools', arguments: { city: 'Porto' } });
const pendingSampling = (app: LensApp) => app.serverRequests.getState().pending.find((request) => request.kind === 'sampling');

describe.each(['legacy', 'modern'] as const)('answering sampling with the model (%s era)', (era) => {
  it('drafts the reply from the request, and the approved draft is what the server gets', async () => {
    const app = await start(era);
    const outcome = sampleWeather(app);
    await waitFor(() => pendingSampling(app) !== undefined, 'the sampling request');
    const request = pendingSampling(app)!;
    const draft = await app.commands.playground.draftSamplingAnswer(request.id);
    expect(draft).toEqual({
      model: 'fake-model',
      stopReason: 'endTurn',
      content: [{ type: 'text', text: 'Fake answer to “What is the weather in Porto?”.' }],
    });
    // The request went to the provider with the key, its messages mapped, and never to the MCP server.
    expect(provider.seen.at(-1)).toMatchObject({ apiKey: FAKE_PROVIDER_KEY, body: { messages: [{ role: 'user' }] } });
    await app.commands.server.answerServerRequest(request.id, {
      action: 'approve',
      result: samplingResult(draft, samplingToolsUsable(request.params, request.toolsAllowed)),
    });
    const result = await outcome;
    expect(JSON.stringify(result.content)).toContain('Fake answer to');
  });

  it('drafts as a job of the registry: by id, and Stop (cancel) ends it as cancelled without a draft', async () => {
    const app = await start(era);
    void sampleWeather(app).catch(() => undefined);
    await waitFor(() => pendingSampling(app) !== undefined, 'the sampling request');
    const request = pendingSampling(app)!;
    const job = await app.commands.jobs.settledCall(app.commands.jobs.startCall('sampling-draft', { requestId: request.id }));
    expect(job).toMatchObject({ kind: 'sampling-draft', target: request.id, status: 'success', result: { model: 'fake-model' } });
    // A model turn goes to the provider: the job has no request in the Message log.
    expect(job.requestSeq).toBeUndefined();

    const stopped = app.commands.jobs.startCall('sampling-draft', { requestId: request.id });
    app.commands.jobs.cancelCall(stopped);
    expect(await app.commands.jobs.settledCall(stopped)).toMatchObject({ status: 'error', error: { code: 'cancelled' } });
    expect(app.calls.getState().latest.get(`sampling-draft:${request.id}`)).toBe(stopped);
    await app.commands.server.answerServerRequest(request.id, { action: 'reject' });
  });

  it('auto-approves while on, says nothing is pending, and demo mode turns it off', async () => {
    const app = await start(era);
    app.commands.playground.setSamplingAutoApprove(true);
    const result = await sampleWeather(app);
    expect(JSON.stringify(result.content)).toContain('Fake answer to “What is the weather in Porto?”.');
    expect(app.serverRequests.getState().pending).toEqual([]);
    expect(app.playground.getState()).toMatchObject({ autoSampling: true, autoSamplingError: null });

    app.prefs.getState().actions.setDemo(true);
    expect(app.playground.getState().autoSampling).toBe(false);
    // Turned on again in demo mode, it holds.
    app.commands.playground.setSamplingAutoApprove(true);
    expect(app.playground.getState().autoSampling).toBe(true);
    app.prefs.getState().actions.setDemo(false);
  });

  it('leaves the request to the person, saying why, when the model fails', async () => {
    const app = await start(era);
    await app.commands.playground.setPlaygroundKey('sk-bad');
    app.commands.playground.setSamplingAutoApprove(true);
    const outcome = sampleWeather(app);
    await waitFor(() => app.playground.getState().autoSamplingError !== null, 'the failure');
    expect(app.playground.getState().autoSamplingError?.message).toContain('waits for you');
    const request = pendingSampling(app)!;
    await app.commands.server.answerServerRequest(request.id, { action: 'reject' });
    await outcome.catch(() => undefined);
  });
});
