/**
 * Task actions as jobs of the registry (src/app/calls.ts), against server-everything (its
 * simulate-research-query requires a task): tasks/result and tasks/cancel each find their own request in
 * the Message log by the job, and a tool call's task cancelled from the Tasks tab reads as cancelled by you.
 */
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { startEverythingServer } from '../test/servers/everything-server.ts';
import { engineOverChannel } from '../test/support/engine-channel.ts';
import { nodeEffects } from '../test/support/node-effects.ts';
import { ANY_TARGET } from '../state/index.ts';
import { createLensApp, type LensApp } from './lens-app.ts';

let server: Awaited<ReturnType<typeof startEverythingServer>>;
let engine: ReturnType<typeof engineOverChannel>;
let app: LensApp;

beforeAll(async () => {
  server = await startEverythingServer('streamableHttp');
});
afterAll(() => server?.close());
afterEach(async () => {
  await app.commands.connection.disconnect();
  app.dispose();
  engine.close();
});

async function connected() {
  engine = engineOverChannel();
  app = createLensApp({
    client: engine.client,
    effects: nodeEffects([]),
    opened: { url: server.url, tab: null, tool: null, connect: false, demo: false },
    redirectUrl: 'http://127.0.0.1/oauth-callback.html',
  });
  await app.commands.connection.connect();
  // The engine learns from tools/list which tools require a task.
  await engine.client.call('listTools', undefined);
}

const logged = () => {
  const { ids, byId } = app.log.getState();
  return ids.toArray().flatMap((id) => {
    const item = byId.get(id);
    return item?.type === 'message' ? [item.entry] : [];
  });
};

it('asks a finished task for its result as a job, which finds its tasks/result request', async () => {
  await connected();
  const tool = await app.commands.jobs.settledCall(
    app.commands.jobs.startCall('tool', { name: 'simulate-research-query', arguments: { topic: 'lenses' }, asTask: true }),
  );
  expect(tool).toMatchObject({ status: 'success', task: { status: 'completed' } });
  const taskId = tool.task!.taskId;

  const payload = await app.commands.jobs.settledCall(app.commands.jobs.startCall('task-result', { taskId }));
  expect(payload).toMatchObject({ kind: 'task-result', target: taskId, status: 'success', scope: `task:${taskId}` });
  expect(JSON.stringify(payload.result)).toContain('Research Report: lenses');
  const request = logged().find((entry) => entry.seq === payload.requestSeq);
  expect(request).toMatchObject({ direction: 'out', method: 'tasks/result', message: { params: { taskId } } });
  expect(app.calls.getState().latest.get(`task-result:${ANY_TARGET}`)).toBe(payload.id);
});

it('cancels a running task as a job: its tasks/cancel request, and the tool call ends cancelled', async () => {
  await connected();
  const toolId = app.commands.jobs.startCall('tool', { name: 'simulate-research-query', arguments: { topic: 'x' }, asTask: true });
  await expect.poll(() => app.calls.getState().byId.get(toolId)?.task?.taskId, { timeout: 20_000 }).toBeDefined();
  const taskId = app.calls.getState().byId.get(toolId)!.task!.taskId;

  const cancel = await app.commands.jobs.settledCall(app.commands.jobs.startCall('task-cancel', { taskId }));
  expect(cancel).toMatchObject({ kind: 'task-cancel', target: taskId, status: 'success' });
  const request = logged().find((entry) => entry.seq === cancel.requestSeq);
  expect(request).toMatchObject({ direction: 'out', method: 'tasks/cancel', message: { params: { taskId } } });
  expect(app.calls.getState().latest.get(`task-cancel:${taskId}`)).toBe(cancel.id);
  const tool = await app.commands.jobs.settledCall(toolId);
  expect(tool.status).toBe('error');
});
