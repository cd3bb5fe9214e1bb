/**
 * docs/adding-an-engine-method.md, walked in Node for its worked example, prompts/get, against the demo
 * server: the type, the handler, then the job the view starts and renders. When a name the recipe cites
 * is renamed or a step stops working, this fails, so the recipe cannot drift from the code.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { promptHandlers } from '../engine/features/prompts.ts';
import { startDemoServer, type RunningDemoServer } from '../node/demo-server/index.ts';
import type { PromptGetResult, PromptsApi } from '../shared/prompts-api.ts';
import type { CallKinds } from '../state/calls-store.ts';
import { createHarness } from '../test/support/engine-harness.ts';
import { engineOverChannel } from '../test/support/engine-channel.ts';
import { nodeEffects } from '../test/support/node-effects.ts';
import { SERVER } from './calls.ts';
import { createLensApp } from './lens-app.ts';

const recipe = readFileSync(new URL('../../docs/adding-an-engine-method.md', import.meta.url), 'utf8');
let demo: RunningDemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0 });
});
afterAll(() => demo.close());

describe('the recipe for a new engine method, walked for prompts/get', () => {
  it('1. the type: getPrompt in PromptsApi, a result shaped for the UI', () => {
    expect(recipe).toContain('`src/shared/prompts-api.ts`');
    expectTypeOf<PromptsApi['getPrompt']['result']>().toEqualTypeOf<PromptGetResult>();
    expectTypeOf<PromptsApi['getPrompt']['params']>().toEqualTypeOf<{ name: string; arguments: Record<string, string> }>();
  });

  it('2. the handler: promptHandlers answers getPrompt through the engine', async () => {
    for (const name of ['`promptHandlers`', '`ctx.asJob(job, requestWith(', '`src/engine/wire/call-marks.ts`'])
      expect(recipe).toContain(name);
    expect(typeof promptHandlers).toBe('function');
    const h = createHarness();
    await h.engine.call('connect', { url: demo.url, headers: [], transport: 'auto' });
    const got = await h.engine.call('getPrompt', { name: 'write-haiku', arguments: { topic: 'tide' } });
    expect(JSON.stringify(got.messages)).toContain('tide');
    await h.engine.call('disconnect', undefined);
  });

  it('4–5. the job: startCall, the latest job of the prompt, its log line, and cancelCall', async () => {
    for (const name of [
      'CallKinds',
      '`kinds`',
      '`send(params, id, signal)`',
      '`target(params)`',
      '`client.call(method, params, signal, id)`',
      '`scope(params)`',
    ]) {
      expect(recipe).toContain(name);
    }
    for (const name of ['startCall', 'cancelCall', 'useLatestCall', 'useCall(id)', 'SERVER']) expect(recipe).toContain(name);
    expectTypeOf<CallKinds['prompt']['result']>().toEqualTypeOf<PromptGetResult>();
    expect(SERVER).toBe('server');

    const engine = engineOverChannel();
    const app = createLensApp({
      client: engine.client,
      effects: nodeEffects([]),
      opened: { url: demo.url, tab: null, tool: null, connect: false, demo: false },
      redirectUrl: 'http://127.0.0.1/oauth-callback.html',
    });
    try {
      await app.commands.connection.connect();
      // Get prompt: an id at once, the view's latest job of this prompt.
      const id = app.commands.jobs.startCall('prompt', { name: 'write-haiku', arguments: { topic: 'sea' } });
      expect(app.calls.getState().latest.get('prompt:write-haiku')).toBe(id);
      const job = await app.commands.jobs.settledCall(id);
      expect(job).toMatchObject({ status: 'success', durationMs: expect.any(Number) });
      expect(JSON.stringify(job.result)).toContain('sea');
      // The request it found in the Message log: the one whose origin is this job.
      const { ids, byId } = app.log.getState();
      const request = ids
        .toArray()
        .map((itemId) => byId.get(itemId))
        .find((item) => item?.type === 'message' && item.entry.seq === job.requestSeq);
      expect(request).toMatchObject({ entry: { direction: 'out', method: 'prompts/get', origin: { feature: 'job', id } } });

      // Cancel: the registry's controller, not a view's.
      const cancelled = app.commands.jobs.startCall('prompt', { name: 'write-haiku', arguments: { topic: 'gone' } });
      app.commands.jobs.cancelCall(cancelled);
      expect(await app.commands.jobs.settledCall(cancelled)).toMatchObject({ status: 'error', error: { code: 'cancelled' } });
    } finally {
      await app.commands.connection.disconnect();
      app.dispose();
      engine.close();
    }
  });
});
