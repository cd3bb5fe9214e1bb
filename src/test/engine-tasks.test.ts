/** Tasks and call progress against server-everything: simulate-research-query requires a task. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskInfo } from '../shared/tasks.ts';
import { createHarness } from './support/engine-harness.ts';
import { startEverythingServer } from './servers/everything-server.ts';

let server: Awaited<ReturnType<typeof startEverythingServer>>;
beforeAll(async () => {
  server = await startEverythingServer('streamableHttp');
});
afterAll(() => server?.close());

describe('tasks against server-everything', () => {
  it('runs a required-task tool: tools/call with task, tasks/get polling, tasks/result, listed in tasks/list', async () => {
    const h = createHarness();
    await h.engine.call('connect', { url: server.url, headers: [], transport: 'auto' });
    const { tools } = await h.engine.call('listTools', undefined);
    expect(tools.find((t) => t.name === 'simulate-research-query')?.execution?.taskSupport).toBe('required');
    const outcome = await h.engine.call('callTool', { name: 'simulate-research-query', arguments: { topic: 'lenses' }, trackingId: 't1' });
    expect(outcome.task?.status).toBe('completed');
    expect(JSON.stringify(outcome.content)).toContain('Research Report: lenses');

    const statuses = h.events.flatMap((e) => (e.type === 'call-progress' && e.trackingId === 't1' && e.task ? [e.task] : []));
    expect(statuses.map((t) => t.status)).toContain('working');
    expect(statuses.some((t: TaskInfo) => /Gathering sources|Analyzing/.test(t.statusMessage ?? ''))).toBe(true);
    const methods = h
      .messages()
      .filter((m) => m.direction === 'out')
      .map((m) => m.method);
    expect(methods).toEqual(expect.arrayContaining(['tools/call', 'tasks/get', 'tasks/result']));
    const call = h.messages().find((m) => m.direction === 'out' && m.method === 'tools/call');
    expect((call?.message as { params?: { task?: unknown } }).params?.task).toEqual({});

    const list = await h.engine.call('listTasks', undefined);
    expect(list.source).toBe('server');
    expect(list.tasks.map((t) => t.taskId)).toContain(outcome.task?.taskId);
    const payload = await h.engine.call('taskResult', { taskId: outcome.task!.taskId });
    expect(JSON.stringify(payload.outcome.content)).toContain('Research Report: lenses');
    expect(payload.raw).toMatchObject({ content: expect.any(Array) });
    await h.engine.call('disconnect', undefined);
  });

  it('cancels a running task with tasks/cancel', async () => {
    const h = createHarness();
    await h.engine.call('connect', { url: server.url, headers: [], transport: 'auto' });
    await h.engine.call('listTools', undefined);
    const controller = new AbortController();
    const running = h.engine.call(
      'callTool',
      { name: 'simulate-research-query', arguments: { topic: 'x' }, trackingId: 't2' },
      controller.signal,
    );
    await expect.poll(() => h.events.some((e) => e.type === 'call-progress' && e.task !== undefined)).toBe(true);
    controller.abort();
    await expect(running).rejects.toMatchObject({ code: 'cancelled' });
    await expect.poll(() => h.messages().some((m) => m.direction === 'out' && m.method === 'tasks/cancel')).toBe(true);
    await h.engine.call('disconnect', undefined);
  });

  it('reports notifications/progress of a normal call by its tracking id', async () => {
    const h = createHarness();
    await h.engine.call('connect', { url: server.url, headers: [], transport: 'auto' });
    await h.engine.call('listTools', undefined);
    await h.engine.call('callTool', { name: 'trigger-long-running-operation', arguments: { duration: 1, steps: 3 }, trackingId: 'p1' });
    const progress = h.events.flatMap((e) => (e.type === 'call-progress' && e.trackingId === 'p1' && e.progress ? [e.progress] : []));
    expect(progress.length).toBe(3);
    expect(progress.at(-1)).toMatchObject({ progress: 3, total: 3 });
    await h.engine.call('disconnect', undefined);
  });
});
