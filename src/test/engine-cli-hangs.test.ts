/**
 * The headless CLI never hangs: against servers that never answer a call, never answer the connection,
 * keep a task working forever or keep one waiting for input forever, every run ends with a verdict, and
 * what it gave up on is cancelled on the wire. Time is a manual clock the test moves, so "30 s later" takes
 * no time and no assertion depends on how loaded the machine is.
 */
import { afterEach, describe, expect, it } from 'vitest';

import { EXIT } from '../node/command/exit-codes.ts';
import { startCli } from './support/cli-harness.ts';
import { createManualClock, fireTimersUntil } from './support/clocks.ts';
import { createHostileServer } from './servers/hostile/server.ts';
import { serveOnLoopback } from './servers/loopback-server.ts';
import { startModernTasksServer } from './servers/modern-tasks-server.ts';
import { startRawServer } from './servers/raw-server.ts';
import { waitFor } from './support/wait-for.ts';

const hostile = serveOnLoopback(createHostileServer());
const scenario = (name: string) => `${hostile()}/s/${name}/mcp`;
const received = async (name: string) =>
  ((await (await fetch(`${hostile()}/control/${name}`)).json()) as Array<{ rpcMethod?: string; toolName?: string }>).map((r) =>
    r.toolName ? `${r.rpcMethod} ${r.toolName}` : r.rpcMethod,
  );

const servers: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

describe('the CLI against servers that never finish', () => {
  it('times out a tool that never answers, cancels it with notifications/cancelled, and goes on (exit 1)', async () => {
    const clock = createManualClock();
    const cli = startCli(['--timeout', '5s', scenario('silent')], { clock });
    await waitFor(() => cli.called().includes('probe'), 'the call to probe');
    clock.advance(5_000);
    expect(await cli.done).toBe(EXIT.failed);

    expect(cli.stdout).toContain(
      'call probe: failed — no answer to the call within 5 s (--timeout); cancelled (notifications/cancelled) [5 s]',
    );
    expect(cli.stdout.at(-1)).toBe('1 passed, 1 failed, 0 skipped in 5 s');
    const probe = cli.sent.find((m) => m.method === 'tools/call' && m.params?.name === 'probe');
    const cancelled = cli.sent.find((m) => m.method === 'notifications/cancelled');
    expect(cancelled?.params?.requestId).toBe(probe?.id);
    // It reached the server, and the run went on to the next tool.
    await expect.poll(() => received('silent')).toEqual(expect.arrayContaining(['notifications/cancelled', 'tools/call ok']));
  });

  it('stops at the deadline: cancels the call in flight, makes no more, exit 4', async () => {
    const clock = createManualClock();
    const cli = startCli(['--deadline', '10s', '--json', scenario('silent')], { clock });
    await waitFor(() => cli.called().includes('probe'), 'the call to probe');
    clock.advance(10_000);
    expect(await cli.done).toBe(EXIT.deadline);
    const doc = JSON.parse(cli.stdout.join('\n')) as { tools: unknown[]; summary: Record<string, unknown>; exitCode: number };
    expect(doc.tools).toEqual([
      expect.objectContaining({
        name: 'probe',
        status: 'failed',
        detail: 'the deadline of 10 s passed during the call; cancelled (notifications/cancelled)',
      }),
      { name: 'ok', status: 'skipped', detail: 'not called: the deadline of 10 s passed' },
    ]);
    expect(doc).toMatchObject({ summary: { failed: 1, skipped: 1, deadlineExceeded: true }, exitCode: 4 });
    expect(cli.called()).toEqual(['probe']);
    expect(cli.stderr.at(-1)).toBe('0 passed, 1 failed, 1 skipped, deadline of 10 s passed in 10 s');
  });

  it('gives up on a server that never answers the connection within --timeout (exit 3)', async () => {
    const silent = await startRawServer(() => undefined);
    servers.push({ close: () => silent.close() });
    const clock = createManualClock();
    const cli = startCli(['--timeout', '5s', silent.url], { clock });
    await waitFor(() => silent.requests.length > 0, 'the first request');
    clock.advance(5_000);
    expect(await cli.done).toBe(EXIT.connect);
    expect(cli.stdout).toContain(`could not connect to ${silent.url}: no answer to connect within 5 s (--timeout)`);
  });

  it('says so, exit 3, when nothing listens at the URL', async () => {
    const gone = await startRawServer(() => undefined);
    await gone.close();
    const cli = startCli([gone.url]);
    expect(await cli.done).toBe(EXIT.connect);
    expect(cli.stdout.at(-2)).toMatch(/^could not connect to .*: Nothing is listening at 127\.0\.0\.1:\d+: the connection was refused/);
  });
});

describe('the CLI and tasks that never end', () => {
  it('cancels a 2025 task that needs input at once, never waiting on tasks/result (exit 0)', async () => {
    const cli = startCli([scenario('task-input-forever')]);
    expect(await cli.done).toBe(EXIT.passed);
    expect(cli.stdout).toContainEqual(
      expect.stringMatching(/^call probe: needs input — Task forever-\d+ needs input .*cancelled the task \(tasks\/cancel\)/),
    );
    expect(cli.stdout.at(-1)).toMatch(/^1 passed, 0 failed, 0 skipped, 1 needed input \(cancelled\) in /);
    const wire = await received('task-input-forever');
    expect(wire).toContain('tasks/cancel');
    expect(wire).not.toContain('tasks/result');
  });

  it('backs off its polls of a task that stays working, and cancels it with tasks/cancel at the timeout', async () => {
    const server = await startModernTasksServer();
    servers.push(server);
    const clock = createManualClock();
    const cli = startCli(['--call', 'slow-build', server.url], { clock });
    // The server suggests 50 ms; the follower's floor makes that 200, and the CLI doubles it while nothing
    // changes, up to 5 s. (Timers under 10 s only: the call's 60 s timeout waits for its turn below.)
    const waits = await fireTimersUntil(clock, () => server.sent('tasks/get').length >= 7, 'seven polls', 10_000);
    expect(waits).toEqual([200, 400, 800, 1_600, 3_200, 5_000, 5_000]);
    // The call began at the clock's start: move it to exactly the 60 s timeout, no further, so the CLI's
    // grace for the cancel (15 s more) does not pass before the real tasks/cancel round trip ends.
    clock.advance(60_000 - waits.reduce((sum, ms) => sum + ms, 0));
    expect(await cli.done).toBe(EXIT.failed);

    expect(cli.stdout).toContainEqual(
      expect.stringMatching(
        /^call slow-build: failed — no answer to the call within 1 m \(--timeout\); cancelled \(tasks\/cancel for task T1\)/,
      ),
    );
    expect(server.sent('tasks/cancel')).toHaveLength(1);
    expect(server.tasks.get('T1')?.status).toBe('cancelled');
    // 60 s at the suggested 50 ms would have been 1,200 polls; backing off to 5 s makes it 16.
    expect(server.sent('tasks/get').length).toBeLessThanOrEqual(16);
  });
});
