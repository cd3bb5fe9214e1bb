import { describe, expect, it } from 'vitest';
import type { AuditOptions, AuditUpdate } from '../../shared/audit.ts';
import { createManualClock } from '../../test/support/clocks.ts';
import type { AuditCheck, AuditContext } from './check.ts';
import { outcomeOf, pass } from './judge/findings.ts';
import { runChecks, specOf, type AuditRun } from './runner.ts';
import { resultExchange } from '../../test/support/audit-exchanges.ts';

const check = (
  id: string,
  extra: Partial<AuditCheck> = {},
  run?: (ctx: AuditContext) => Promise<ReturnType<typeof outcomeOf>>,
): AuditCheck => ({
  id,
  title: id,
  sections: { legacy: 'server/tools#listing-tools', modern: 'server/tools#listing-tools' },
  sideEffects: false,
  run: run ?? (async () => outcomeOf([pass(`${id} is fine`)])),
  ...extra,
});

function runOf(checks: AuditCheck[], options: AuditOptions = {}, controller = new AbortController()) {
  const clock = createManualClock();
  const updates: AuditUpdate[] = [];
  const sent: Array<{ checkId: string; method: string }> = [];
  const run: AuditRun = {
    runId: 'run-1',
    checks,
    target: {
      url: 'http://127.0.0.1:1/mcp',
      server: { name: 'fake', version: '1' },
      era: 'legacy',
      protocolVersion: '2025-11-25',
      transport: 'streamable-http',
    },
    capabilities: { tools: {} },
    options,
    async send(checkId, method, params) {
      sent.push({ checkId, method });
      clock.advance(5);
      return resultExchange(method, method === 'tools/list' ? { tools: [{ name: 'a' }] } : {}, params);
    },
    http: {
      unrestricted: false,
      target: new URL('http://127.0.0.1:3000/mcp'),
      url: new URL('http://127.0.0.1:3000/mcp'),
      send: () => Promise.reject(new Error('no probe in this test')),
      sendNamed: () => Promise.reject(new Error('no probe in this test')),
    },
    clock,
    emit: (update) => updates.push(update),
    signal: controller.signal,
  };
  return { run, updates, sent };
}

describe('runChecks', () => {
  it('says why a check does not apply (era, capability, side effects) and sends nothing for it', async () => {
    const { run, sent } = runOf([
      check('modern-only', { sections: { modern: 'server/utilities/caching' }, notInEra: 'Only in 2026-07-28.' }),
      check('needs-prompts', { needs: 'prompts' }),
      check('writes', { sideEffects: true }),
    ]);
    const report = await runChecks(run);
    expect(report.results.map((r) => [r.id, r.verdict, r.reason])).toEqual([
      ['modern-only', 'not-applicable', 'Only in 2026-07-28.'],
      ['needs-prompts', 'not-applicable', 'The server does not offer prompts (no "prompts" capability).'],
      ['writes', 'not-applicable', 'This check changes something on the server; it runs only when side effects are allowed.'],
    ]);
    expect(report.results[0]?.spec.url).toBe('https://modelcontextprotocol.io/specification/2026-07-28/server/utilities/caching');
    expect(sent).toEqual([]);
    expect((await runChecks(runOf([check('writes', { sideEffects: true })], { allowSideEffects: true }).run)).results[0]?.verdict).toBe(
      'pass',
    );
  });

  it("says a check that needs the command line's probe does not apply in a browser, nor an HTTP check over HTTP+SSE", async () => {
    const { run, sent } = runOf([check('forged', { http: 'unrestricted' }), check('raw', { http: 'any' })]);
    let report = await runChecks(run);
    expect(report.results.map((r) => r.verdict)).toEqual(['not-applicable', 'pass']);
    expect(report.results[0]?.reason).toMatch(/A browser cannot make this check.*npm run cli -- audit/);
    report = await runChecks({ ...run, target: { ...run.target, transport: 'sse' } });
    expect(report.results.map((r) => r.reason)).toEqual([
      expect.stringMatching(/Streamable HTTP/),
      expect.stringMatching(/Streamable HTTP/),
    ]);
    expect(sent).toEqual([]);
  });

  it('lists once for every check that reads the listing, and cites its exchanges in each', async () => {
    const reader = (id: string) => check(id, {}, async (ctx) => outcomeOf([pass(`${(await ctx.listing('tools')).items.length} tool`)]));
    const { run, sent } = runOf([reader('first'), reader('second')]);
    const report = await runChecks(run);
    expect(sent).toEqual([{ checkId: 'first', method: 'tools/list' }]);
    expect(report.results.map((r) => r.exchanges.map((e) => e.method))).toEqual([['tools/list'], ['tools/list']]);
  });

  it('reports each check as it goes, times it on the clock, and counts the verdicts', async () => {
    const sender = check('sender', {}, async (ctx) => {
      await ctx.send('ping');
      await ctx.send('ping');
      return outcomeOf([pass('ok')]);
    });
    const { run, updates } = runOf([sender, check('needs-logging', { needs: 'logging' })]);
    const report = await runChecks(run);
    expect(
      updates.map((u) => (u.kind === 'check-started' ? `start ${u.id}` : u.kind === 'check-ended' ? `end ${u.result.id}` : u.kind)),
    ).toEqual(['started', 'start sender', 'end sender', 'start needs-logging', 'end needs-logging', 'ended']);
    expect(report.results[0]?.durationMs).toBe(10);
    expect(report.counts).toEqual({ pass: 1, fail: 0, warning: 0, 'not-applicable': 1 });
  });

  it('stops when cancelled, and the report says so with what finished', async () => {
    const controller = new AbortController();
    const cancelling = check('cancelling', {}, async (ctx) => {
      await ctx.send('ping');
      controller.abort();
      return outcomeOf([pass('done before the cancel was seen')]);
    });
    const { run, sent } = runOf([cancelling, check('never')], {}, controller);
    const report = await runChecks(run);
    expect(report).toMatchObject({ cancelled: true, results: [{ id: 'cancelling', verdict: 'pass' }] });
    expect(sent).toHaveLength(1);
  });

  it('turns a check that throws into a fail that says MCP Lens could not finish it, and goes on', async () => {
    const broken = check('broken', {}, async () => {
      throw new Error('unexpected shape');
    });
    const report = await runChecks(runOf([broken, check('next')]).run);
    expect(report.results.map((r) => [r.verdict, r.reason])).toEqual([
      ['fail', 'MCP Lens could not finish this check: unexpected shape'],
      ['pass', 'next is fine'],
    ]);
  });

  it('ends the run when the connection goes away', async () => {
    const gone = check('gone', {}, async () => {
      throw { code: 'not-connected', message: 'The connection ended during the audit.' };
    });
    await expect(runChecks(runOf([gone, check('next')]).run)).rejects.toMatchObject({ code: 'not-connected' });
  });
});

describe('specOf', () => {
  it("links the era's revision, or the other era's for a check that does not apply here", () => {
    expect(specOf(check('x', { sections: { legacy: 'basic/utilities/ping' } }), 'modern')).toEqual({
      revision: '2025-11-25',
      section: 'basic/utilities/ping',
      url: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/ping',
    });
  });
});
