/** Tasks against a scripted server: optional task support, pollInterval, input_required via tasks/result. */
import { afterEach, describe, expect, it } from 'vitest';
import { createManualClock, fireTimersUntil, settled } from './support/clocks.ts';
import { createHarness } from './support/engine-harness.ts';
import { startRawServer, type RawRequest } from './servers/raw-server.ts';

const servers: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

type Rpc = { id?: number; method?: string; params?: Record<string, unknown> };

const TOOL = { name: 'maybe-task', inputSchema: { type: 'object' }, execution: { taskSupport: 'optional' } };

/** Statuses tasks/get reports in turn; the last repeats. */
async function serveTasks(statuses: string[]) {
  let polls = 0;
  const task = (status: string) => ({
    taskId: 'T1',
    status,
    statusMessage: `now ${status}`,
    createdAt: '2026-01-01T00:00:00Z',
    lastUpdatedAt: '2026-01-01T00:00:01Z',
    ttl: 60_000,
    pollInterval: 300,
  });
  const server = await startRawServer((req: RawRequest, res) => {
    const message = (req.json ?? {}) as Rpc;
    const reply = (result: unknown) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: message.id, result }));
    if (req.method !== 'POST') return void res.writeHead(405).end();
    if (message.id === undefined) return void res.writeHead(202).end();
    switch (message.method) {
      case 'initialize':
        return reply({
          protocolVersion: '2025-11-25',
          capabilities: { tools: {}, tasks: { cancel: {}, requests: { tools: { call: {} } } } },
          serverInfo: { name: 'tasks', version: '1' },
        });
      case 'tools/list':
        return reply({ tools: [TOOL] });
      case 'tools/call':
        return message.params?.task ? reply({ task: task('working') }) : reply({ content: [{ type: 'text', text: 'direct' }] });
      case 'tasks/get':
        return reply(task(statuses[Math.min(polls++, statuses.length - 1)]!));
      case 'tasks/result':
        return reply({ content: [{ type: 'text', text: 'from the task' }] });
      default:
        return reply({});
    }
  });
  servers.push(server);
  return { server, getCount: () => polls };
}

describe('tasks, scripted', () => {
  it('runs an optional-task tool normally unless asked, and as a task when asked, honouring pollInterval', async () => {
    const { server, getCount } = await serveTasks(['working', 'working', 'completed']);
    const clock = createManualClock();
    const h = createHarness({ clock });
    await h.engine.call('connect', { url: server.url, headers: [], transport: 'streamable-http' });
    await h.engine.call('listTools', undefined);
    const direct = await h.engine.call('callTool', { name: 'maybe-task', arguments: {} });
    expect(JSON.stringify(direct.content)).toContain('direct');
    expect(direct.task).toBeUndefined();

    const asTaskCall = h.engine.call('callTool', { name: 'maybe-task', arguments: {}, asTask: true, trackingId: 'k' });
    // Three polls until completed, each after the suggested 300 ms (then one more look after tasks/result).
    expect(await fireTimersUntil(clock, settled(asTaskCall), 'the task to finish')).toEqual([300, 300, 300]);
    const asTask = await asTaskCall;
    expect(JSON.stringify(asTask.content)).toContain('from the task');
    expect(asTask.task).toMatchObject({ taskId: 'T1', ttl: 60_000, pollInterval: 300 });
    expect(getCount()).toBe(4);
    const statuses = h.events.flatMap((e) => (e.type === 'call-progress' && e.task ? [e.task.statusMessage] : []));
    expect(statuses).toContain('now working');
  });

  it('goes to tasks/result when the task needs input, as the spec says', async () => {
    const { server } = await serveTasks(['input_required']);
    const h = createHarness();
    await h.engine.call('connect', { url: server.url, headers: [], transport: 'streamable-http' });
    await h.engine.call('listTools', undefined);
    const outcome = await h.engine.call('callTool', { name: 'maybe-task', arguments: {}, asTask: true });
    expect(JSON.stringify(outcome.content)).toContain('from the task');
    const sent = h
      .messages()
      .filter((m) => m.direction === 'out')
      .map((m) => m.method);
    expect(sent.indexOf('tasks/result')).toBeGreaterThan(sent.indexOf('tasks/get'));
  });

  it('with inputRequired "cancel", cancels at input_required instead of waiting on tasks/result; polls back off to the cap', async () => {
    const { server } = await serveTasks(['working', 'working', 'working', 'input_required']);
    const clock = createManualClock();
    const h = createHarness({ clock });
    await h.engine.call('connect', { url: server.url, headers: [], transport: 'streamable-http' });
    await h.engine.call('listTools', undefined);
    const call = h.engine.call('callTool', {
      name: 'maybe-task',
      arguments: {},
      asTask: true,
      taskFollow: { inputRequired: 'cancel', backoffCapMs: 1_000 },
    });
    // From the suggested 300 ms, doubling while the status stays "working", never past the 1 s cap.
    expect(await fireTimersUntil(clock, settled(call), 'the follow to stop', 10_000)).toEqual([300, 600, 1_000, 1_000]);
    await expect(call).rejects.toMatchObject({
      code: 'input-required',
      message: expect.stringMatching(/cancelled the task \(tasks\/cancel\)/),
    });
    const sent = h
      .messages()
      .filter((m) => m.direction === 'out')
      .map((m) => m.method);
    expect(sent).toContain('tasks/cancel');
    expect(sent).not.toContain('tasks/result');
  });

  it('refuses asTask for a tool or server that does not support it, saying why', async () => {
    const { server } = await serveTasks(['completed']);
    const h = createHarness();
    await h.engine.call('connect', { url: server.url, headers: [], transport: 'streamable-http' });
    await h.engine.call('listTools', undefined);
    await expect(h.engine.call('callTool', { name: 'unknown-tool', arguments: {}, asTask: true })).rejects.toMatchObject({
      message: expect.stringMatching(/does not support running as a task/),
    });
  });
});
