/**
 * The headless CLI against the demo server, as a new user would run it: it calls what only reads, skips
 * what writes unless told, leaves a task that wants input (cancelling it) instead of polling it forever,
 * and closes with one summary line; `--json` puts one document on stdout and nothing else.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startDemoServer, type RunningDemoServer } from '../node/demo-server/index.ts';
import { EXIT } from '../node/command/exit-codes.ts';
import { startCli } from './support/cli-harness.ts';

let demo: RunningDemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0, taskStepMs: 50 });
});
afterAll(() => demo?.close());

const SUMMARY = /^\d+ passed, \d+ failed, \d+ skipped(, .+)? in \d+(\.\d)? (ms|s|m)$/;
/** Demo tools that change its state; clear-notes is the destructive one. */
const WRITERS = ['book-meeting', 'reset-demo', 'toggle-bonus-tool', 'add-note', 'clear-notes'];

describe('the CLI against the demo server', () => {
  it('--json <file> writes the document there and keeps stdout for the person; --era and --header reach the connection', async () => {
    const files = new Map<string, string>();
    const cli = startCli(['--no-call', '--era', '2025', '--header', 'X-Trace: cli-test', '--json', 'run.json', demo.url], { files });
    expect(await cli.done).toBe(EXIT.passed);
    expect(cli.stdout.at(-1)).toMatch(SUMMARY);
    const doc = JSON.parse(files.get('run.json')!) as { server: { era: string }; exitCode: number };
    expect(doc).toMatchObject({ server: { era: 'legacy' }, exitCode: EXIT.passed });
    // --era 2025 speaks initialize, never the 2026-07-28 discovery.
    expect(cli.sent.map((m) => m.method)).toContain('initialize');
    expect(cli.sent.map((m) => m.method)).not.toContain('server/discover');
    expect(cli.headers.length).toBeGreaterThan(0);
    expect(cli.headers.every((h) => h.get('x-trace') === 'cli-test')).toBe(true);
  });

  it('calls the read-only tools, skips the writing ones and says why, cancels the task that asks for input, fails broken-output (exit 1)', async () => {
    const cli = startCli(['--json', '-', demo.url]);
    // broken-output's structuredContent breaks its outputSchema: the one failure, as in the Tools tab and the audit.
    expect(await cli.done).toBe(EXIT.failed);

    // stdout is the one JSON document; the human report went to stderr, ending with the summary line.
    expect(cli.stdout).toHaveLength(1);
    const doc = JSON.parse(cli.stdout[0]!) as {
      tools: Array<{ name: string; status: string; detail: string; task?: { taskId: string }; result?: unknown }>;
      summary: Record<string, number>;
      exitCode: number;
    };
    expect(doc.exitCode).toBe(EXIT.failed);
    expect(cli.stderr.at(-1)).toMatch(SUMMARY);
    expect(cli.stderr.at(-1)).toContain(`${doc.summary.passed} passed, 1 failed, ${doc.summary.skipped} skipped, 1 needed input`);

    const byName = new Map(doc.tools.map((tool) => [tool.name, tool]));
    expect(byName.get('broken-output')).toMatchObject({
      status: 'failed',
      detail: expect.stringMatching(/^broken result .*outputSchema: /),
    });
    // Each call's result is in the document, as the Tools tab would show it.
    expect(byName.get('echo')).toMatchObject({ status: 'passed', result: { content: [{ type: 'text' }], isError: false } });
    for (const name of WRITERS)
      expect(byName.get(name)).toMatchObject({ status: 'skipped', detail: expect.stringContaining('--allow-writes') });
    expect(byName.get('clear-notes')?.detail).toMatch(/^destructive \(destructiveHint\)/);
    expect(byName.get('reset-demo')?.detail).toMatch(/no annotations/);
    for (const name of WRITERS) expect(cli.called()).not.toContain(name);

    // deploy-preview's task asks which environment: reported, cancelled on the wire, never polled again.
    const deploy = byName.get('deploy-preview');
    expect(deploy).toMatchObject({ status: 'needs-input', detail: expect.stringMatching(/cancelled the task \(tasks\/cancel\)/) });
    const cancels = cli.sent.filter((m) => m.method === 'tasks/cancel');
    expect(cancels.map((m) => m.params?.taskId)).toEqual([deploy?.task?.taskId]);
    const lastPoll = cli.sent.findLastIndex((m) => m.method === 'tasks/get');
    expect(lastPoll).toBeLessThan(cli.sent.indexOf(cancels[0]!));
    expect(cli.sent.some((m) => m.method === 'tasks/update')).toBe(false);
  });

  it('--call calls exactly the named tools, destructive ones included; a name the server lacks fails (exit 1)', async () => {
    const cli = startCli(['--call', 'clear-notes,echo', '--call', 'no-such-tool', demo.url]);
    expect(await cli.done).toBe(EXIT.failed);
    expect(cli.called()).toEqual(['clear-notes', 'echo']);
    expect(cli.stdout).toContain('call no-such-tool: failed — the server lists no tool by this name');
    expect(cli.stdout).toContain('skip add-note: not named in --call');
    expect(cli.stdout.at(-1)).toMatch(/^2 passed, 1 failed, \d+ skipped in /);
  });

  it('--verbose prints each result and each answer the headless host gave the server', async () => {
    const cli = startCli(['--verbose', '--call', 'echo,ask-every-field', demo.url]);
    expect(await cli.done).toBe(EXIT.passed);
    const results = cli.stderr.filter((line) => line.startsWith('[result] '));
    expect(results).toHaveLength(2);
    expect(JSON.parse(results[0]!.replace(/^\[result\] echo: /, ''))).toMatchObject({ content: [{ type: 'text' }], isError: false });
    // ask-every-field elicits a form: the host accepted it with the form's defaults, and says so.
    const [answer, ...more] = cli.stderr.filter((line) => line.startsWith('[host] answered elicitation/create: '));
    expect(more).toEqual([]);
    const answered = JSON.parse(answer!.replace(/^\[host\] answered elicitation\/create: /, '')) as { action: string; content: object };
    expect(answered).toMatchObject({ action: 'accept', content: { name: 'Ada Lovelace' } });
    // The tool saw exactly that answer.
    expect(results[1]).toContain('Elicitation answered: accept');
    // Without --verbose, neither is printed.
    const quiet = startCli(['--call', 'echo,ask-every-field', demo.url]);
    expect(await quiet.done).toBe(EXIT.passed);
    expect([...quiet.stdout, ...quiet.stderr].filter((line) => /^\[(result|host)\]/.test(line))).toEqual([]);
  });

  it('--no-call connects and lists without calling anything', async () => {
    const cli = startCli(['--no-call', demo.url]);
    expect(await cli.done).toBe(EXIT.passed);
    expect(cli.called()).toEqual([]);
    expect(cli.stdout.at(-1)).toMatch(/^0 passed, 0 failed, 0 skipped in /);
  });
});
