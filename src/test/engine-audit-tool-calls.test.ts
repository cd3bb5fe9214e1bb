/**
 * The audit's one opt-in side effect, through the real engine against the demo server: only the tools the
 * person ticked are called, with their saved arguments or ones built from the inputSchema, and each answer is
 * judged; with nothing ticked the check is not applicable and no tool runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type RunningDemoServer } from '../node/demo-server/index.ts';
import { createHarness } from './support/engine-harness.ts';

let demo: RunningDemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0 });
});
afterAll(async () => {
  await demo.close();
});

const calledTools = (h: ReturnType<typeof createHarness>) =>
  h
    .messages()
    .filter(
      (entry) =>
        entry.direction === 'out' && entry.method === 'tools/call' && entry.origin?.feature === 'audit' && entry.origin.id === 'tool-calls',
    )
    .map((entry) => {
      // Only what the check chose: the 2026-07-28 envelope adds _meta to every request.
      const { name, arguments: args } = (entry.message as { params: { name: string; arguments: unknown } }).params;
      return { name, arguments: args };
    });

describe('the tool-calls check', () => {
  it.each(['legacy', 'modern'] as const)('calls nothing when nothing is ticked, and says so (%s)', async (era) => {
    const h = createHarness();
    await h.engine.call('connect', { url: demo.url, headers: [], transport: 'auto', era });
    const report = await h.engine.call('runAudit', { runId: 'none', options: { checks: ['tool-calls'] } });
    expect(report.results).toMatchObject([
      { id: 'tool-calls', verdict: 'not-applicable', reason: expect.stringContaining('No tool was named') },
    ]);
    expect(calledTools(h)).toEqual([]);
    await h.engine.call('disconnect', undefined);
  });

  it.each(['legacy', 'modern'] as const)('calls exactly the ticked tools and judges their results (%s)', async (era) => {
    const h = createHarness();
    await h.engine.call('connect', { url: demo.url, headers: [], transport: 'auto', era });
    const report = await h.engine.call('runAudit', {
      runId: 'ticked',
      options: {
        checks: ['tool-calls'],
        callTools: [{ name: 'get-forecast' }, { name: 'echo', arguments: { message: 'from a saved request' } }],
      },
    });
    const [result] = report.results;
    expect(result).toMatchObject({ id: 'tool-calls', verdict: 'pass' });
    expect(result?.exchanges.map((exchange) => exchange.method)).toContain('tools/call');
    expect(calledTools(h)).toEqual([
      { name: 'get-forecast', arguments: {} },
      { name: 'echo', arguments: { message: 'from a saved request' } },
    ]);
    await h.engine.call('disconnect', undefined);
  });

  it('reports a tool’s own error (isError) as a warning, not a fail', async () => {
    const h = createHarness();
    await h.engine.call('connect', { url: demo.url, headers: [], transport: 'auto', era: 'legacy' });
    const report = await h.engine.call('runAudit', {
      runId: 'fails',
      options: { checks: ['tool-calls'], callTools: [{ name: 'always-fails' }] },
    });
    expect(report.results[0]).toMatchObject({ verdict: 'warning', reason: expect.stringContaining('reported an error (isError)') });
    await h.engine.call('disconnect', undefined);
  });

  it('warns about a ticked tool the server no longer lists, without calling it', async () => {
    const h = createHarness();
    await h.engine.call('connect', { url: demo.url, headers: [], transport: 'auto', era: 'legacy' });
    const report = await h.engine.call('runAudit', {
      runId: 'gone',
      options: { checks: ['tool-calls'], callTools: [{ name: 'no-such-tool' }] },
    });
    expect(report.results[0]).toMatchObject({ verdict: 'warning', reason: expect.stringContaining('no longer lists it') });
    expect(calledTools(h)).toEqual([]);
    await h.engine.call('disconnect', undefined);
  });
});
