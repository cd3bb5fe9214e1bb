import { describe, expect, it } from 'vitest';
import { countVerdicts, type AuditReport, type AuditResult, type AuditUpdate } from '../shared/audit.ts';
import type { EngineEvent } from '../shared/events.ts';
import { createAuditStore } from './audit-store.ts';

const spec = {
  revision: '2025-11-25' as const,
  section: 'basic/utilities/ping',
  url: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/ping',
};
const result = (id: string): AuditResult => ({
  id,
  title: id,
  spec,
  verdict: 'pass',
  reason: 'ok',
  details: [],
  exchanges: [],
  durationMs: 1,
});
const report = (results: AuditResult[], cancelled = false): AuditReport => ({
  runId: 'run-1',
  url: 'http://127.0.0.1:1/mcp',
  server: { name: 's', version: '1' },
  era: 'legacy',
  protocolVersion: '2025-11-25',
  transport: 'streamable-http',
  startedAt: 0,
  durationMs: 5,
  results,
  counts: countVerdicts(results),
  ...(cancelled && { cancelled: true as const }),
});
const audit = (update: AuditUpdate, runId = 'run-1'): EngineEvent => ({ type: 'audit', runId, update });

describe('the audit store', () => {
  it('follows a run from the plan, check by check, to the report', () => {
    const store = createAuditStore();
    const { actions } = store.getState();
    actions.started('run-1', 100);
    actions.applyEvents([
      audit({ kind: 'started', checks: [result('ping'), result('tools-list')], startedAt: 101 }),
      audit({ kind: 'check-started', id: 'ping' }),
    ]);
    expect(store.getState().run).toMatchObject({ status: 'running', current: 'ping', results: [] });
    expect(store.getState().run?.plan.map((c) => c.id)).toEqual(['ping', 'tools-list']);
    actions.applyEvents([audit({ kind: 'check-ended', result: result('ping') }), audit({ kind: 'check-started', id: 'tools-list' })]);
    expect(store.getState().run).toMatchObject({ current: 'tools-list', results: [{ id: 'ping' }] });
    const done = report([result('ping'), result('tools-list')]);
    actions.applyEvents([audit({ kind: 'check-ended', result: result('tools-list') }), audit({ kind: 'ended', report: done })]);
    actions.settled('run-1', { report: done });
    expect(store.getState().run).toMatchObject({ status: 'done', report: done, results: done.results });
    expect(store.getState().run?.current).toBeUndefined();
  });

  it("ignores another run's events, and a cancel stays a cancel when the partial report follows", () => {
    const store = createAuditStore();
    const { actions } = store.getState();
    actions.started('run-1', 100);
    actions.applyEvents([audit({ kind: 'check-ended', result: result('ping') }, 'older-run')]);
    expect(store.getState().run?.results).toEqual([]);
    actions.settled('run-1', { error: { code: 'cancelled', message: 'The request was cancelled.' } });
    expect(store.getState().run?.status).toBe('cancelled');
    actions.applyEvents([audit({ kind: 'ended', report: report([result('ping')], true) })]);
    expect(store.getState().run).toMatchObject({ status: 'cancelled', results: [{ id: 'ping' }] });
  });

  it('keeps why a run failed', () => {
    const store = createAuditStore();
    store.getState().actions.started('run-1', 100);
    store.getState().actions.settled('run-1', { error: { code: 'not-connected', message: 'Not connected.' } });
    expect(store.getState().run).toMatchObject({ status: 'failed', error: { code: 'not-connected' } });
  });

  it('shows an opened report until it is closed, and keeps why one did not open', () => {
    const store = createAuditStore();
    const { actions } = store.getState();
    actions.openFailed('x.json: This JSON is not an MCP Lens audit report.');
    expect(store.getState()).toMatchObject({ opened: null, openError: 'x.json: This JSON is not an MCP Lens audit report.' });
    const opened = { fileName: 'a.json', lensVersion: '1', exportedAt: '', report: report([result('ping')]), messages: new Map() };
    actions.openReport(opened);
    expect(store.getState()).toMatchObject({ opened, openError: null });
    actions.closeReport();
    expect(store.getState().opened).toBeNull();
  });
});
