import { describe, expect, it } from 'vitest';
import type { EngineClient } from '../../bridge/index.ts';
import type { AuditReport } from '../../shared/audit.ts';
import type { EngineError } from '../../shared/errors.ts';
import type { MessageEntry } from '../../shared/events.ts';
import {
  createAuditStore,
  createCallsStore,
  createConnectionStore,
  createLogStore,
  createPrefsStore,
  messageItemId,
  type LogItem,
} from '../../state/index.ts';
import { memoryStorage } from '../../test/support/test-storage.ts';
import { DEMO_EXPORT_REFUSAL } from '../presentation/export-rule.ts';
import { callCommands } from '../calls.ts';
import type { Stores } from '../stores.ts';
import { auditCommands } from './audit-commands.ts';
import { auditJobKinds } from './audit-jobs.ts';

/** An engine client whose runAudit answers when the test says, and rejects as `cancelled` on abort, as the bridge does. */
function fakeClient() {
  const calls: Array<{ params: unknown; resolve: (report: AuditReport) => void; signal?: AbortSignal }> = [];
  const client = {
    call(method: string, params: unknown, signal?: AbortSignal) {
      if (method !== 'runAudit') return Promise.reject(new Error(`unexpected ${method}`));
      return new Promise((resolve, reject) => {
        calls.push({ params, resolve, ...(signal && { signal }) });
        signal?.addEventListener('abort', () => reject({ code: 'cancelled', message: 'The request was cancelled.' } satisfies EngineError));
      });
    },
    subscribe: () => () => undefined,
    dispose: () => undefined,
  } as unknown as EngineClient;
  return { client, calls };
}

/** The jobs registry with only the audit's kind of job: what lens-app.ts hands auditCommands. */
function jobsFor(client: EngineClient, stores: ReturnType<typeof storesFor>) {
  return callCommands(
    client,
    { ...stores, calls: createCallsStore() } as unknown as Stores,
    { now: () => 1000 },
    {} as Parameters<typeof callCommands>[3],
    auditJobKinds(client, stores, { now: () => 1000 }) as Parameters<typeof callCommands>[4],
  );
}

function storesFor() {
  return {
    audit: createAuditStore(),
    log: createLogStore(),
    prefs: createPrefsStore(memoryStorage()),
    connection: createConnectionStore(),
  };
}

function effectsFor() {
  const downloads: Array<{ name: string; content: Blob }> = [];
  return { now: () => 1000, download: (name: string, content: Blob) => void downloads.push({ name, content }), downloads };
}

const REPORT: AuditReport = {
  runId: 'r1',
  url: 'http://127.0.0.1:9/mcp?api_key=abc123&x=1',
  server: { name: 'demo', version: '1.0.0' },
  era: 'legacy',
  protocolVersion: '2025-11-25',
  transport: 'streamable-http',
  startedAt: 0,
  durationMs: 1200,
  results: [
    {
      id: 'ping',
      title: 'ping answers an empty result',
      spec: {
        revision: '2025-11-25',
        section: 'basic/utilities/ping',
        url: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/ping',
      },
      verdict: 'pass',
      reason: 'Nothing to object to.',
      details: ['Sent ping; got an empty result {}.'],
      exchanges: [{ method: 'ping', requestSeq: 1, responseSeq: 2, httpSeq: 1, httpStatus: 200 }],
      durationMs: 3,
    },
  ],
  counts: { pass: 1, fail: 0, warning: 0, 'not-applicable': 0 },
};

const message = (seq: number, body: unknown): LogItem => ({
  id: messageItemId(seq),
  type: 'message',
  entry: { seq, message: body } as unknown as MessageEntry,
});

describe('auditCommands', () => {
  it('starts one run at a time and records how it ended', async () => {
    const { client, calls } = fakeClient();
    const stores = storesFor();
    const commands = auditCommands(
      jobsFor(client, stores),
      stores,
      effectsFor(),
      () => undefined,
      () => 'Demo server',
    );
    const runId = commands.startAudit({ checks: ['ping'] });
    expect(commands.startAudit()).toBe(runId);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.params).toEqual({ runId, options: { checks: ['ping'] } });
    expect(stores.audit.getState().run).toMatchObject({ runId, status: 'running', startedAt: 1000 });
    calls[0]?.resolve({ runId, results: [], counts: { pass: 0, fail: 0, warning: 0, 'not-applicable': 0 } } as unknown as AuditReport);
    await expect.poll(() => stores.audit.getState().run?.status).toBe('done');
    expect(commands.startAudit()).not.toBe(runId);
  });

  it('after a Connect that failed, runs the refused audit, whose report says why', async () => {
    const { client, calls } = fakeClient();
    const stores = storesFor();
    const commands = auditCommands(
      jobsFor(client, stores),
      stores,
      effectsFor(),
      () => undefined,
      () => 'Demo server',
    );
    const refusal = {
      url: 'http://127.0.0.1:9/mcp',
      era: 'legacy' as const,
      error: { code: 'bad-response', message: "The server's Mcp-Session-Id is not valid." } satisfies EngineError,
    };
    stores.audit.getState().actions.connectRefused(refusal);
    const runId = commands.startAudit();
    expect(calls[0]?.params).toEqual({ runId, options: {}, refused: refusal });
  });

  it('cancels the running audit', async () => {
    const { client, calls } = fakeClient();
    const stores = storesFor();
    const commands = auditCommands(
      jobsFor(client, stores),
      stores,
      effectsFor(),
      () => undefined,
      () => 'Demo server',
    );
    commands.startAudit();
    commands.cancelAudit();
    expect(calls[0]?.signal?.aborted).toBe(true);
    await expect.poll(() => stores.audit.getState().run?.status).toBe('cancelled');
  });

  it('exports the report as JSON with each exchange, masked, and opens it again read-only', async () => {
    const { client } = fakeClient();
    const stores = storesFor();
    const effects = effectsFor();
    const commands = auditCommands(
      jobsFor(client, stores),
      stores,
      effects,
      () => undefined,
      () => 'Demo server',
    );
    stores.audit.getState().actions.started('r1', 0);
    stores.audit.getState().actions.settled('r1', { report: REPORT });
    stores.log
      .getState()
      .actions.load(
        [
          message(1, { jsonrpc: '2.0', id: 1, method: 'ping' }),
          message(2, { jsonrpc: '2.0', id: 1, result: { access_token: 'sekrit-value' } }),
        ],
        0,
      );
    expect(commands.exportAuditReport('json')).toBe(true);
    expect(commands.exportAuditReport('markdown')).toBe(true);
    const [json, markdown] = effects.downloads;
    expect(json?.name).toMatch(/^mcp-lens-audit-demo-server-\d{4}-\d\d-\d\dT[\d-]+\.mcplens-audit\.json$/);
    expect(markdown?.name).toMatch(/\.md$/);
    const text = await json!.content.text();
    expect(text).not.toContain('abc123');
    expect(text).not.toContain('sekrit-value');
    expect(await markdown!.content.text()).toContain('| PASS | `ping`');

    const reopened = storesFor();
    const again = auditCommands(
      jobsFor(client, reopened),
      reopened,
      effects,
      () => undefined,
      () => 'Demo server',
    );
    const file = Object.assign(new Blob([text]), { name: 'report.json' });
    expect(await again.openAuditReport(file)).toBe(true);
    const opened = reopened.audit.getState().opened;
    expect(opened?.report.results.map((result) => result.id)).toEqual(['ping']);
    expect(opened?.messages.get(1)).toEqual({ jsonrpc: '2.0', id: 1, method: 'ping' });
    expect(JSON.stringify(opened?.messages.get(2))).not.toContain('sekrit-value');
  });

  it('writes no file in demo mode and says why, like every export', () => {
    const { client } = fakeClient();
    const stores = storesFor();
    stores.prefs.getState().actions.setDemo(true);
    const effects = effectsFor();
    const refusals: string[] = [];
    const commands = auditCommands(
      jobsFor(client, stores),
      stores,
      effects,
      (reason) => refusals.push(reason),
      () => 'Demo server',
    );
    stores.audit.getState().actions.started('r1', 0);
    stores.audit.getState().actions.settled('r1', { report: REPORT });
    expect(commands.exportAuditReport('json')).toBe(false);
    expect(effects.downloads).toEqual([]);
    expect(refusals).toEqual([DEMO_EXPORT_REFUSAL]);
  });

  it('says why a file that is not a report does not open', async () => {
    const { client } = fakeClient();
    const stores = storesFor();
    const commands = auditCommands(
      jobsFor(client, stores),
      stores,
      effectsFor(),
      () => undefined,
      () => 'Demo server',
    );
    expect(
      await commands.openAuditReport(Object.assign(new Blob(['{"format":"mcp-lens-audit-report","version":9}']), { name: 'x.json' })),
    ).toBe(false);
    expect(stores.audit.getState().openError).toMatch(/^x\.json: This report is version 9/);
  });
});
