/**
 * "Audit this server" through the real engine: the demo server passes in both eras (every check pass or not
 * applicable), each fault of the broken fixture is named by the check that should catch it, every verdict
 * links to its requests in the Message log, and a run can be cancelled.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_CHECKS } from '../engine/audit/checks/index.ts';
import { realClock } from '../engine/clock.ts';
import { createEngine } from '../engine/engine.ts';
import { startDemoServer, type RunningDemoServer } from '../node/demo-server/index.ts';
import type { AuditReport, AuditUpdate } from '../shared/audit.ts';
import type { EngineError } from '../shared/errors.ts';
import type { EngineEvent } from '../shared/events.ts';
import { isAuditProbe } from '../shared/message-origin.ts';
import { nodeRawHttp } from '../node/http/raw-http.ts';
import { createHarness } from './support/engine-harness.ts';
import { faultsByEra, REFUSED_FAULTS, startBrokenAuditServer } from './servers/broken-audit-server.ts';

let demo: RunningDemoServer;
let broken: Awaited<ReturnType<typeof startBrokenAuditServer>>;
beforeAll(async () => {
  [demo, broken] = await Promise.all([startDemoServer({ port: 0 }), startBrokenAuditServer()]);
});
afterAll(async () => {
  await Promise.all([demo.close(), broken.close()]);
});

const verdicts = (report: AuditReport) => Object.fromEntries(report.results.map((r) => [r.id, r.verdict]));
const problems = (report: AuditReport) => report.results.filter((r) => r.verdict === 'fail' || r.verdict === 'warning');

describe('auditing the demo server', () => {
  it.each(['legacy', 'modern'] as const)('passes every check that applies in the %s era', async (era) => {
    const h = createHarness({ rawHttp: nodeRawHttp });
    const summary = await h.engine.call('connect', { url: demo.url, headers: [], transport: 'auto', era });
    expect(summary.era).toBe(era);
    const report = await h.engine.call('runAudit', { runId: `demo-${era}` });
    expect(problems(report)).toEqual([]);
    expect(report).toMatchObject({ era, server: { name: 'mcp-lens-demo' }, url: demo.url });
    expect(verdicts(report)).toMatchObject(
      era === 'legacy'
        ? {
            ping: 'pass',
            'logging-set-level': 'pass',
            'cache-hints': 'not-applicable',
            'tools-list': 'pass',
            'unknown-method': 'pass',
            'server-sse-multiple-streams': 'pass',
            'http-custom-header-server-validation': 'not-applicable',
            'tasks-capability-negotiation': 'not-applicable',
          }
        : {
            ping: 'not-applicable',
            'logging-set-level': 'not-applicable',
            'cache-hints': 'pass',
            'tools-list': 'pass',
            'unknown-method': 'pass',
            'server-sse-multiple-streams': 'pass',
            'http-custom-header-server-validation': 'pass',
            'input-required-result-unsupported-methods': 'pass',
            'tasks-capability-negotiation': 'pass',
          },
    );
    await h.engine.call('disconnect', undefined);
  });

  it('links each verdict to its requests and answers in the Message log and the HTTP view', async () => {
    const h = createHarness({ rawHttp: nodeRawHttp });
    await h.engine.call('connect', { url: demo.url, headers: [], transport: 'auto', era: 'modern' });
    const report = await h.engine.call('runAudit', { runId: 'links' });
    const bySeq = new Map(h.messages().map((entry) => [entry.seq, entry]));
    const unknown = report.results.find((r) => r.id === 'unknown-method')!;
    const [exchange] = unknown.exchanges;
    expect(exchange).toMatchObject({ method: 'mcp-lens/audit-no-such-method', httpStatus: 404 });
    expect(bySeq.get(exchange!.requestSeq!)).toMatchObject({
      direction: 'out',
      method: 'mcp-lens/audit-no-such-method',
      origin: { feature: 'audit', id: 'unknown-method' },
    });
    expect(bySeq.get(exchange!.responseSeq!)).toMatchObject({ direction: 'in', kind: 'error', requestSeq: exchange!.requestSeq });
    expect(h.exchanges().find((x) => x.seq === exchange!.httpSeq)?.status).toBe(404);
    // The schema check cites the tools/list the tools-list check sent: one listing, read by both.
    const listed = report.results.find((r) => r.id === 'tools-list')!.exchanges;
    expect(report.results.find((r) => r.id === 'tool-schemas')!.exchanges).toEqual(listed);
    expect(
      h.messages().filter((m) => m.direction === 'out' && m.method === 'tools/list' && m.origin?.feature === 'audit' && !isAuditProbe(m)),
    ).toHaveLength(listed.length);
    await h.engine.call('disconnect', undefined);
  });

  it('records each raw probe in the Message log and the HTTP view, marked, linked, and without the person’s headers', async () => {
    const h = createHarness({ rawHttp: nodeRawHttp });
    const headers = [{ name: 'X-Person-Key', value: 'person-secret-123' }];
    await h.engine.call('connect', { url: demo.url, headers, transport: 'auto', era: 'legacy' });
    const report = await h.engine.call('runAudit', { runId: 'probes', options: { checks: ['dns-rebinding-protection', 'cors'] } });
    await h.engine.call('disconnect', undefined);
    const bySeq = new Map(h.messages().map((entry) => [entry.seq, entry]));
    const lastExchange = (seq: number | undefined) => h.exchanges().findLast((x) => x.seq === seq);
    const rebinding = report.results.find((r) => r.id === 'dns-rebinding-protection')!;
    // Forged, own Host, initialized, and the DELETE that ended the probe's session.
    expect(rebinding.exchanges.map((x) => x.method)).toEqual(['initialize', 'initialize', 'notifications/initialized', 'DELETE']);
    const [forged] = rebinding.exchanges;
    expect(forged).toMatchObject({ httpStatus: 403 });
    expect(bySeq.get(forged!.requestSeq!)).toMatchObject({
      direction: 'out',
      method: 'initialize',
      origin: { feature: 'audit', id: 'dns-rebinding-protection', probe: true },
    });
    expect(bySeq.get(forged!.responseSeq!)).toMatchObject({
      direction: 'in',
      kind: 'error',
      requestSeq: forged!.requestSeq,
      origin: { feature: 'audit', id: 'dns-rebinding-protection', probe: true },
    });
    const http = lastExchange(forged!.httpSeq);
    expect(http).toMatchObject({ method: 'POST', url: demo.url, status: 403 });
    expect(new Map(http?.requestHeaders).get('host')).toBe('evil.example.com');
    // A preflight has no JSON-RPC message: it is in the HTTP view only.
    const preflight = report.results.find((r) => r.id === 'cors')!.exchanges.find((x) => x.method === 'OPTIONS');
    expect(preflight?.requestSeq).toBeUndefined();
    expect(lastExchange(preflight?.httpSeq)).toMatchObject({ method: 'OPTIONS' });
    // Without a JSON-RPC message, the Message log has no entry: the exchange carries what went over HTTP itself.
    expect(preflight?.plainHttp?.request).toMatch(/^OPTIONS http:\/\/127\.0\.0\.1:\d+\/mcp\n(.*\n)*access-control-request-method: POST/i);
    expect(preflight?.plainHttp?.response).toMatch(/^HTTP 204\n/);
    const ended = rebinding.exchanges.at(-1);
    expect(ended?.requestSeq).toBeUndefined();
    expect(ended?.plainHttp?.request).toMatch(/^DELETE http:\/\/127\.0\.0\.1:\d+\/mcp\n(.*\n)*mcp-session-id: /);
    expect(ended?.plainHttp?.response).toMatch(/^HTTP 20\d/);
    // The probes' exchanges: those a probe's message names, and those without one (the preflight, the DELETE).
    const probeHttp = new Set(
      report.results.flatMap((r) =>
        r.exchanges.filter((x) => x.requestSeq === undefined || isAuditProbe(bySeq.get(x.requestSeq) ?? {})).map((x) => x.httpSeq),
      ),
    );
    const probeEvents = h.events.filter(
      (e) => (e.type === 'message' && isAuditProbe(e.entry)) || (e.type === 'http' && probeHttp.has(e.exchange.seq)),
    );
    expect(probeEvents.length).toBeGreaterThan(6);
    expect(JSON.stringify(probeEvents)).not.toContain('person-secret-123');
    expect(JSON.stringify(probeEvents).toLowerCase()).not.toContain('x-person-key');
  });
});

describe('auditing a broken server', () => {
  it.each(['legacy', 'modern'] as const)('passes the fault-free variant in the %s era', async (era) => {
    const h = createHarness({ rawHttp: nodeRawHttp });
    await h.engine.call('connect', { url: broken.urlFor('sound', era), headers: [], transport: 'auto' });
    const report = await h.engine.call('runAudit', { runId: `sound-${era}` });
    expect(report.era).toBe(era);
    expect(problems(report)).toEqual([]);
    await h.engine.call('disconnect', undefined);
  });

  it.each(faultsByEra().map(({ fault, check, era, also }) => [fault, check, era, also] as const))(
    'names the fault %s in the check %s (%s era), and only there',
    async (fault, checkId, era, also) => {
      const h = createHarness({ rawHttp: nodeRawHttp });
      await h.engine.call('connect', { url: broken.urlFor(fault, era), headers: [], transport: 'auto' });
      const report = await h.engine.call('runAudit', { runId: fault });
      expect(report.era).toBe(era);
      const failed = report.results.filter((r) => r.verdict === 'fail');
      // A fault may break a second rule too (a 200 for an unknown method is one for a removed method as well).
      expect(failed.map((r) => r.id).sort()).toEqual([checkId, ...(also ? [also] : [])].sort());
      const named = failed.find((r) => r.id === checkId)!;
      expect(named.reason).not.toBe('');
      // Requests on the session link to the Message log; a check's raw probes are told in its details.
      const probes = AUDIT_CHECKS.find((c) => c.id === checkId)?.http !== undefined;
      expect(probes ? named.details.length : named.exchanges.length).toBeGreaterThan(0);
      await h.engine.call('disconnect', undefined);
    },
  );
});

describe('a server the engine refuses to talk to', () => {
  it.each(
    Object.entries(REFUSED_FAULTS).flatMap(([fault, { era }]) => [
      [fault, era, 'auto'],
      [fault, era, era],
    ]) as Array<[keyof typeof REFUSED_FAULTS, 'legacy' | 'modern', 'auto' | 'legacy' | 'modern']>,
  )(
    'still gets a report for %s (%s era, asked for %s): connection fails with the reason, the rest say they did not run',
    async (fault, _era, asked) => {
      const h = createHarness({ rawHttp: nodeRawHttp });
      const url = broken.urlFor(fault);
      const error = await h.engine.call('connect', { url, headers: [], transport: 'auto', era: asked }).then(
        () => undefined,
        (e: unknown) => e as EngineError,
      );
      expect(error).toBeDefined();
      const report = await h.engine.call('runAudit', {
        runId: `refused-${fault}`,
        refused: { url, ...(asked !== 'auto' && { era: asked }), error: error! },
      });
      expect(report).toMatchObject({
        refused: true,
        url,
        era: asked === 'auto' ? 'modern' : asked,
        counts: { fail: 1, pass: 0, warning: 0 },
      });
      const [connection, ...rest] = report.results;
      expect(connection).toMatchObject({ id: 'connection', verdict: 'fail' });
      expect(connection!.reason).toContain(error!.message);
      if (fault === 'session-id-not-ascii') expect(connection!.reason).toMatch(/Mcp-Session-Id is not valid: it contains " "/);
      expect(rest.map((r) => r.id)).toEqual(AUDIT_CHECKS.map((c) => c.id));
      expect(new Set(rest.map((r) => `${r.verdict}: ${r.reason}`))).toEqual(
        new Set(['not-applicable: Not run: MCP Lens could not talk to the server (see the connection check).']),
      );
      // The Audit tab follows a run by its events: the refused run sends them like any other.
      const updates = h.events.flatMap((e) => (e.type === 'audit' && e.runId === `refused-${fault}` ? [e.update.kind] : []));
      expect(updates[0]).toBe('started');
      expect(updates.at(-1)).toBe('ended');
      expect(updates.filter((kind) => kind === 'check-ended')).toHaveLength(report.results.length);
    },
  );
});

describe('a run in progress', () => {
  it('reports each check as it ends, and stops when cancelled with what finished', async () => {
    const controller = new AbortController();
    const updates: AuditUpdate[] = [];
    const engine = createEngine({
      fetch: (input, init) => fetch(input, init),
      clock: realClock,
      emit: (event: EngineEvent) => {
        if (event.type !== 'audit' || event.runId !== 'cancelled-run') return;
        updates.push(event.update);
        // Cancel once the second check has ended: what ran stays in the report.
        if (updates.filter((u) => u.kind === 'check-ended').length === 2) controller.abort();
      },
    });
    await engine.call('connect', { url: demo.url, headers: [], transport: 'auto', era: 'legacy' });
    const report = await engine.call('runAudit', { runId: 'cancelled-run' }, controller.signal);
    expect(report.cancelled).toBe(true);
    expect(report.results.map((r) => r.id)).toEqual(['server-initialize', 'server-session-lifecycle']);
    const started = updates[0];
    expect(started?.kind === 'started' && started.checks.length).toBeGreaterThan(report.results.length);
    expect(updates.at(-1)).toMatchObject({ kind: 'ended', report: { cancelled: true } });
    await engine.call('disconnect', undefined);
  });

  it('refuses to run without a connection', async () => {
    const h = createHarness({ rawHttp: nodeRawHttp });
    await expect(h.engine.call('runAudit', { runId: 'nowhere' })).rejects.toMatchObject({ code: 'not-connected' });
  });
});
