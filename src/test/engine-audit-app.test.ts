/**
 * The audit as the Audit tab will drive it: the app's command, the real engine behind a MessageChannel (as
 * the browser runs it behind a worker), and the `audit` store filled by the engine's events; its results link
 * to entries of the Message log store.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLensApp } from '../app/lens-app.ts';
import { startDemoServer, type RunningDemoServer } from '../node/demo-server/index.ts';
import { messageItemId } from '../state/log/log-item.ts';
import { engineOverChannel } from './support/engine-channel.ts';
import { nodeEffects } from './support/node-effects.ts';

let demo: RunningDemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0 });
});
afterAll(() => demo.close());

describe('Audit this server, from the app', () => {
  it('fills the audit store check by check, and each result points at entries of the Message log', async () => {
    const engine = engineOverChannel();
    const app = createLensApp({
      client: engine.client,
      effects: nodeEffects([]),
      opened: { url: demo.url, tab: null, tool: null, connect: false, demo: false },
      redirectUrl: 'http://127.0.0.1/oauth-callback.html',
    });
    try {
      await app.commands.connection.connect();
      const runId = await app.commands.audit.startAudit();
      await expect.poll(() => app.audit.getState().run?.status).toBe('done');
      const run = app.audit.getState().run!;
      expect(run.runId).toBe(runId);
      expect(run.results.map((r) => r.id)).toEqual(run.plan.map((c) => c.id));
      expect(run.results.filter((r) => r.verdict === 'fail' || r.verdict === 'warning')).toEqual([]);
      const log = app.log.getState().byId;
      const listed = run.results.find((r) => r.id === 'tools-list')!.exchanges[0]!;
      expect(log.get(messageItemId(listed.requestSeq!))).toMatchObject({
        type: 'message',
        entry: { method: 'tools/list', origin: { feature: 'audit', id: 'tools-list' } },
      });
      expect(log.get(messageItemId(listed.responseSeq!))).toMatchObject({ type: 'message', entry: { direction: 'in' } });
    } finally {
      await app.commands.connection.disconnect();
      app.dispose();
      engine.close();
    }
  });

  it('cancels a run: the checks that finished stay, and the run says it was cancelled', async () => {
    const engine = engineOverChannel();
    const app = createLensApp({
      client: engine.client,
      effects: nodeEffects([]),
      opened: { url: demo.url, tab: null, tool: null, connect: false, demo: false },
      redirectUrl: 'http://127.0.0.1/oauth-callback.html',
    });
    try {
      await app.commands.connection.connect();
      // Cancelled as soon as the first check's result arrives, while the engine is still working.
      const stop = engine.client.subscribe((events) => {
        if (events.some((e) => e.type === 'audit' && e.update.kind === 'check-ended')) void app.commands.audit.cancelAudit();
      });
      await app.commands.audit.startAudit();
      await expect.poll(() => app.audit.getState().run?.status).toBe('cancelled');
      // The engine's partial report follows; the run stays cancelled, with fewer results than planned.
      await expect.poll(() => app.audit.getState().run?.report?.cancelled).toBe(true);
      const run = app.audit.getState().run!;
      expect(run.results.length).toBeLessThan(run.plan.length);
      stop();
    } finally {
      await app.commands.connection.disconnect();
      app.dispose();
      engine.close();
    }
  });
});
