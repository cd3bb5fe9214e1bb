/**
 * The 2026-07-28 tasks extension (SEP-2663) through the real engine, against a scripted server: negotiated
 * only when both sides offer it, a tools/call answered with a task followed to its end over tasks/get, its
 * request for input answered once with tasks/update, cancel as tasks/cancel, and the Tasks tab on the handles.
 */
import { afterEach, describe, expect, it } from 'vitest';

import { startDemoServer } from '../node/demo-server/index.ts';
import type { PendingServerRequest } from '../shared/client-features.ts';
import type { EngineEvent } from '../shared/events.ts';
import type { TaskInfo } from '../shared/tasks.ts';
import { createHarness, type Harness } from './support/engine-harness.ts';
import { startModernTasksServer, TASKS } from './servers/modern-tasks-server.ts';
import type { RawRequest } from './servers/raw-server.ts';
import { waitFor } from './support/wait-for.ts';

const servers: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function start(options?: Parameters<typeof startModernTasksServer>[0]) {
  const server = await startModernTasksServer(options);
  servers.push(server);
  return server;
}

type Params = { params?: Record<string, unknown> };
const paramsOf = (request: RawRequest) => (request.json as Params).params ?? {};
const declaredExtensions = (request: RawRequest) =>
  (paramsOf(request)._meta as Record<string, { extensions?: Record<string, unknown> }> | undefined)?.[
    'io.modelcontextprotocol/clientCapabilities'
  ]?.extensions ?? {};
const serverRequests = (h: Harness) => h.events.flatMap((e): PendingServerRequest[] => (e.type === 'server-request' ? [e.request] : []));
const taskStatuses = (h: Harness, trackingId: string) =>
  h.events
    .flatMap((e: EngineEvent): TaskInfo[] => (e.type === 'call-progress' && e.trackingId === trackingId && e.task ? [e.task] : []))
    .map((t) => t.status);

describe('the tasks extension on 2026-07-28', () => {
  it('follows a tools/call answered with a task: working, one request for input answered with tasks/update, completed', async () => {
    const server = await start();
    const h = createHarness();
    const summary = await h.engine.call('connect', { url: server.url, headers: [], transport: 'auto' });
    expect(summary).toMatchObject({ era: 'modern', extensions: [TASKS] });
    // Declared only once the server's discover has offered it, then on every request.
    expect(Object.keys(declaredExtensions(server.sent('server/discover')[0]!))).not.toContain(TASKS);

    const call = h.engine.call('callTool', { name: 'deploy', arguments: {}, trackingId: 'd' });
    await waitFor(() => serverRequests(h).length > 0, 'the request for input');
    // The server repeats the outstanding request on every poll; the person is asked once.
    await waitFor(() => (server.tasks.get('T1')?.polls ?? 0) >= 3, 'a repeated input_required poll');
    const asked = serverRequests(h);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({
      kind: 'elicitation-form',
      rpcId: 'confirm',
      relatedTaskId: 'T1',
      related: { method: 'tasks/get', target: 'T1' },
    });
    await h.engine.call('answerServerRequest', { id: asked[0]!.id, answer: { action: 'accept', content: { environment: 'production' } } });

    const outcome = await call;
    expect(JSON.stringify(outcome.content)).toContain('Deployed to production');
    expect(outcome.task).toMatchObject({ taskId: 'T1', status: 'completed', ttl: 60_000, pollInterval: 50 });
    expect(serverRequests(h)).toHaveLength(1);
    expect(new Set(taskStatuses(h, 'd'))).toEqual(new Set(['working', 'input_required', 'completed']));

    // The wire: one tasks/update with the answer under its key; the task id in Mcp-Name on every task request.
    const updates = server.sent('tasks/update');
    expect(updates).toHaveLength(1);
    expect(paramsOf(updates[0]!)).toMatchObject({
      taskId: 'T1',
      inputResponses: { confirm: { action: 'accept', content: { environment: 'production' } } },
    });
    for (const request of [...server.sent('tasks/get'), ...updates]) {
      expect(request.headers['mcp-name']).toBe('T1');
      expect(Object.keys(declaredExtensions(request))).toContain(TASKS);
    }
    expect(Object.keys(declaredExtensions(server.sent('tools/call')[0]!))).toContain(TASKS);
    expect(server.sent('tasks/result')).toHaveLength(0);

    // The Tasks tab: the handle this session was given, and its result from tasks/get.
    const list = await h.engine.call('listTasks', undefined);
    expect(list).toMatchObject({ source: 'session', tasks: [{ taskId: 'T1', status: 'completed' }] });
    const payload = await h.engine.call('taskResult', { taskId: 'T1' });
    expect(payload.source).toBe('tasks/get');
    expect(JSON.stringify(payload.outcome.content)).toContain('Deployed to production');
    await h.engine.call('disconnect', undefined);
  });

  it('cancels a running task with tasks/cancel, never notifications/cancelled', async () => {
    const server = await start();
    const h = createHarness();
    await h.engine.call('connect', { url: server.url, headers: [], transport: 'auto' });
    const abort = new AbortController();
    const call = h.engine.call('callTool', { name: 'slow-build', arguments: {}, trackingId: 's' }, abort.signal);
    await waitFor(() => server.sent('tasks/get').length >= 1, 'the first poll');
    abort.abort();
    await expect(call).rejects.toMatchObject({ code: 'cancelled' });
    await waitFor(() => server.sent('tasks/cancel').length === 1, 'tasks/cancel');
    const cancel = server.sent('tasks/cancel')[0]!;
    expect(paramsOf(cancel)).toMatchObject({ taskId: 'T1' });
    expect(cancel.headers['mcp-name']).toBe('T1');
    expect(h.messages().some((m) => m.method === 'notifications/cancelled')).toBe(false);
    expect(server.tasks.get('T1')?.status).toBe('cancelled');

    // Refresh re-polls the known handle.
    const list = await h.engine.call('listTasks', undefined);
    expect(list.tasks).toMatchObject([{ taskId: 'T1', status: 'cancelled' }]);
    await h.engine.call('disconnect', undefined);
  });

  it('cancels from the Tasks tab, and the running call ends as cancelled', async () => {
    const server = await start();
    const h = createHarness();
    await h.engine.call('connect', { url: server.url, headers: [], transport: 'auto' });
    const call = h.engine.call('callTool', { name: 'slow-build', arguments: {} });
    await waitFor(() => server.sent('tasks/get').length >= 1, 'the first poll');
    expect(await h.engine.call('cancelTask', { taskId: 'T1' })).toMatchObject({ taskId: 'T1', status: 'cancelled' });
    await expect(call).rejects.toMatchObject({ code: 'cancelled', message: expect.stringMatching(/task was cancelled/) });
    await h.engine.call('disconnect', undefined);
  });

  it('cancels the task when MCP Lens cannot answer its request for input (the person rejected the sampling)', async () => {
    const server = await start();
    const h = createHarness();
    await h.engine.call('connect', { url: server.url, headers: [], transport: 'auto' });
    const call = h.engine.call('callTool', { name: 'ask-model', arguments: {} });
    await waitFor(() => serverRequests(h).length > 0, 'the sampling request');
    expect(serverRequests(h)[0]).toMatchObject({ kind: 'sampling', rpcId: 'summary', relatedTaskId: 'T1' });
    await h.engine.call('answerServerRequest', { id: serverRequests(h)[0]!.id, answer: { action: 'reject' } });
    await expect(call).rejects.toMatchObject({
      code: 'protocol',
      message: expect.stringMatching(/^MCP Lens refused the task's sampling\/createMessage: .*tasks\/cancel/),
    });
    await waitFor(() => server.sent('tasks/cancel').length === 1, 'tasks/cancel');
    expect(server.sent('tasks/update')).toHaveLength(0);
    await h.engine.call('disconnect', undefined);
  });

  it('with inputRequired "cancel", stops at input_required: asks no one, sends tasks/cancel, and fails as input-required', async () => {
    const server = await start();
    const h = createHarness();
    await h.engine.call('connect', { url: server.url, headers: [], transport: 'auto' });
    const call = h.engine.call('callTool', { name: 'deploy', arguments: {}, taskFollow: { inputRequired: 'cancel' } });
    await expect(call).rejects.toMatchObject({
      code: 'input-required',
      message: expect.stringMatching(/^Task T1 needs input \("deploy: input_required"\)\. .*cancelled the task \(tasks\/cancel\)/),
    });
    // The cancel was answered before the call ended: nothing is left to wait for.
    expect(server.sent('tasks/cancel')).toHaveLength(1);
    expect(server.tasks.get('T1')?.status).toBe('cancelled');
    expect(serverRequests(h)).toHaveLength(0);
    expect(server.sent('tasks/update')).toHaveLength(0);
    const polls = server.sent('tasks/get').length;
    expect(polls).toBe(2);
    await h.engine.call('disconnect', undefined);
  });

  it('withdraws the dialog when the task stops asking', async () => {
    const server = await start();
    const h = createHarness();
    await h.engine.call('connect', { url: server.url, headers: [], transport: 'auto' });
    const outcome = await h.engine.call('callTool', { name: 'changes-mind', arguments: {} });
    expect(JSON.stringify(outcome.content)).toContain('the question was withdrawn');
    const [asked] = serverRequests(h);
    expect(h.events).toContainEqual(expect.objectContaining({ type: 'server-request-ended', id: asked!.id, reason: 'cancelled' }));
    expect(server.sent('tasks/update')).toHaveLength(0);
    await h.engine.call('disconnect', undefined);
  });

  it('polls again when a tasks/get response stream breaks, and never re-issues the tools/call', async () => {
    const server = await start();
    const h = createHarness();
    await h.engine.call('connect', { url: server.url, headers: [], transport: 'auto' });
    const outcome = await h.engine.call('callTool', { name: 'bumpy', arguments: {} });
    expect(JSON.stringify(outcome.content)).toContain('Deployed to the second poll');
    expect(server.sent('tools/call')).toHaveLength(1);
    expect(h.notes().some((n) => /tasks\/get \(task T1\) ended before the answer; polling again/.test(n))).toBe(true);
    await h.engine.call('disconnect', undefined);
  });

  it('ends the call with the error of a failed task', async () => {
    const server = await start();
    const h = createHarness();
    await h.engine.call('connect', { url: server.url, headers: [], transport: 'auto' });
    await expect(h.engine.call('callTool', { name: 'flaky', arguments: {} })).rejects.toMatchObject({
      rpcCode: -32603,
      message: expect.stringMatching(/^The task failed \(JSON-RPC error -32603: The build machine is on fire\)/),
    });
    await h.engine.call('disconnect', undefined);
  });

  it('refuses a task answer it did not ask for, when the server does not offer the extension', async () => {
    const server = await start({ offerExtension: false, taskEvenIfUndeclared: true });
    const h = createHarness();
    const summary = await h.engine.call('connect', { url: server.url, headers: [], transport: 'auto' });
    expect(summary.extensions).toEqual([]);
    expect((await h.engine.call('callTool', { name: 'plain', arguments: {} })).content).toEqual([{ type: 'text', text: 'plain answer' }]);
    await expect(h.engine.call('callTool', { name: 'deploy', arguments: {} })).rejects.toMatchObject({
      code: 'bad-response',
      message: expect.stringMatching(/tasks extension \(io.modelcontextprotocol\/tasks\) is not in force/),
    });
    expect(server.sent('tools/call').every((request) => !Object.keys(declaredExtensions(request)).includes(TASKS))).toBe(true);
    expect(server.sent('tasks/get')).toHaveLength(0);
    await h.engine.call('disconnect', undefined);
  });
});

describe('the tasks extension against the demo server', () => {
  it('runs deploy-preview as a task: working, the environment question, completed', async () => {
    // The server's stages follow a clock this test moves: each stage is seen, however slow the machine.
    let serverNow = Date.UTC(2026, 0, 1);
    const STEP_MS = 2_000;
    const demo = await startDemoServer({ port: 0, taskStepMs: STEP_MS, taskClock: () => serverNow });
    servers.push(demo);
    const h = createHarness();
    const summary = await h.engine.call('connect', { url: demo.url, headers: [], transport: 'auto' });
    expect(summary.extensions).toEqual([TASKS]);
    const call = h.engine.call('callTool', { name: 'deploy-preview', arguments: {}, trackingId: 'p' });
    await waitFor(() => taskStatuses(h, 'p').includes('working'), 'the task working');
    serverNow += STEP_MS;
    await waitFor(() => serverRequests(h).length > 0, 'the environment question');
    const [asked] = serverRequests(h);
    expect(asked).toMatchObject({ kind: 'elicitation-form', rpcId: 'environment', relatedTaskId: expect.any(String) });
    await h.engine.call('answerServerRequest', { id: asked!.id, answer: { action: 'accept', content: { environment: 'preview' } } });
    await waitFor(() => taskStatuses(h, 'p').filter((status) => status === 'working').length > 1, 'working again after the answer');
    serverNow += STEP_MS;
    const outcome = await call;
    expect(JSON.stringify(outcome.content)).toMatch(/is live on preview/);
    expect(outcome.task).toMatchObject({ taskId: asked!.relatedTaskId, status: 'completed', pollInterval: 500 });
    expect(new Set(taskStatuses(h, 'p'))).toEqual(new Set(['working', 'input_required', 'completed']));
    await h.engine.call('disconnect', undefined);
  });
});
