import { describe, expect, it } from 'vitest';
import type { EngineClient } from '../bridge/index.ts';
import type { AuditReport } from '../shared/audit.ts';
import type { EngineError } from '../shared/errors.ts';
import { createAuditStore } from '../state/index.ts';
import { auditCommands } from './audit-commands.ts';

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

describe('auditCommands', () => {
  it('starts one run at a time and records how it ended', async () => {
    const { client, calls } = fakeClient();
    const stores = { audit: createAuditStore() };
    const commands = auditCommands(client, stores, { now: () => 1000 });
    const runId = commands.startAudit({ checks: ['ping'] });
    expect(commands.startAudit()).toBe(runId);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.params).toEqual({ runId, options: { checks: ['ping'] } });
    expect(stores.audit.getState().run).toMatchObject({ runId, status: 'running', startedAt: 1000 });
    calls[0]?.resolve({ runId, results: [], counts: { pass: 0, fail: 0, warning: 0, 'not-applicable': 0 } } as unknown as AuditReport);
    await expect.poll(() => stores.audit.getState().run?.status).toBe('done');
    expect(commands.startAudit()).not.toBe(runId);
  });

  it('cancels the running audit', async () => {
    const { client, calls } = fakeClient();
    const stores = { audit: createAuditStore() };
    const commands = auditCommands(client, stores, { now: () => 1000 });
    commands.startAudit();
    commands.cancelAudit();
    expect(calls[0]?.signal?.aborted).toBe(true);
    await expect.poll(() => stores.audit.getState().run?.status).toBe('cancelled');
  });
});
