/**
 * The CLI and the audit at a terminal and in CI, against real loopback servers: nothing a server says reaches
 * the terminal as a control sequence (checked on every line the programs print, in plain, --no-call, --verbose
 * and --json runs and in the audit's table and refusals), while --json, the audit's JSON and its JUnit keep
 * the server's text exact; a server with thousands of tools gives a short report; a DELETE or an initialize
 * that never comes back cannot hold the run past its bound; a slow tool that reports progress is not cut.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { realClock, type Clock } from '../engine/clock.ts';
import { runAudit } from '../node/cli/audit/command.ts';
import { EXIT } from '../node/command/exit-codes.ts';
import type { AuditReport } from '../shared/audit.ts';
import { startCli } from './support/cli-harness.ts';
import { createManualClock } from './support/clocks.ts';
import { TERMINAL_ESCAPES } from './servers/hostile/scenarios.ts';
import { createHostileServer } from './servers/hostile/server.ts';
import { serveOnLoopback } from './servers/loopback-server.ts';
import { startRawServer } from './servers/raw-server.ts';
import { startStallingServer } from './servers/stalling-server.ts';
import { ROOT } from './support/tree.ts';
import { waitFor } from './support/wait-for.ts';

const hostile = serveOnLoopback(createHostileServer());
const scenario = (name: string) => `${hostile()}/s/${name}/mcp`;

/** Anything a terminal would act on or reorder by: C0 (a line is one line, so newline too), DEL, C1, bidi controls. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/;
const expectSafe = (lines: readonly string[]) => {
  expect(lines.length).toBeGreaterThan(0);
  for (const line of lines) expect(line, JSON.stringify(line)).not.toMatch(CONTROL);
};
/** How the neutraliser shows the server's name: every control a visible escape. */
const SHOWN_ESCAPES =
  '\\u001b[2J\\u001b[H\\u001b]0;owned\\u0007\\u001b]8;;https://evil.example/\\u001b\\here\\u001b]8;;\\u001b\\\\u000d\\u0007\\u009b31m\\u202e\\u2066';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-lens-terminal-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));
const servers: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

function audit(argv: string[], clock: Clock = realClock) {
  const out: string[] = [];
  const err: string[] = [];
  const done = runAudit(argv, {
    env: {},
    fetch: (input, init) => fetch(input, init),
    clock,
    stdout: (line) => out.push(line),
    stderr: (line) => err.push(line),
    writeFile: (path, text) => writeFile(path, text, 'utf8'),
  });
  return { done, out, err };
}

describe('server text at the terminal', () => {
  it('a plain run shows the name and tool names with every control visible, and calls and skips them by name', async () => {
    const cli = startCli([scenario('terminal-escapes')]);
    expect(await cli.done).toBe(EXIT.passed);
    expectSafe([...cli.stdout, ...cli.stderr]);
    expect(cli.stdout[0]).toBe(`connected: evil${SHOWN_ESCAPES} 1.0${SHOWN_ESCAPES} (streamable-http, protocol 2025-11-25)`);
    expect(cli.stdout).toContain(
      'tools: probe, wipe\\u001b[2J\\u001b[H, title\\u001b]0;owned\\u0007, link\\u001b]8;;https://evil.example/\\u001b\\click\\u001b]8;;\\u001b\\, bell\\u0007\\u000dover\\u009b2J\\u202eexe.txt',
    );
    expect(cli.stdout).toContainEqual(expect.stringMatching(/^call title\\u001b\]0;owned\\u0007: ok \(1 block\) \[/));
    expect(cli.stdout).toContainEqual(expect.stringMatching(/^skip bell\\u0007\\u000dover\\u009b2J\\u202eexe\.txt: /));
    // The tools were called by their real names: the neutraliser only touches what is printed.
    expect(cli.called()).toEqual([
      'probe',
      'wipe\u001b[2J\u001b[H',
      'title\u001b]0;owned\u0007',
      'link\u001b]8;;https://evil.example/\u001b\\click\u001b]8;;\u001b\\',
    ]);
  });

  it('--no-call and --verbose print no control either, and --verbose keeps each result line JSON with the exact text', async () => {
    const listing = startCli(['--no-call', scenario('terminal-escapes')]);
    expect(await listing.done).toBe(EXIT.passed);
    expectSafe([...listing.stdout, ...listing.stderr]);

    const verbose = startCli(['--verbose', '--call', 'probe', scenario('terminal-escapes')]);
    expect(await verbose.done).toBe(EXIT.passed);
    expectSafe([...verbose.stdout, ...verbose.stderr]);
    const result = verbose.stderr.find((line) => line.startsWith('[result] probe: '));
    expect(JSON.parse(result!.replace('[result] probe: ', ''))).toMatchObject({
      content: [{ type: 'text', text: `result${TERMINAL_ESCAPES}` }],
    });
  });

  it('as a real process (main.ts), the bytes on stdout and stderr carry no ESC, BEL, CR, C1 or bidi control', async () => {
    const tsx = join(ROOT, 'node_modules/.bin/tsx');
    const { code, stdout, stderr } = await new Promise<{ code: number; stdout: Buffer; stderr: Buffer }>((resolve) => {
      execFile(
        tsx,
        ['src/node/cli/main.ts', '--verbose', scenario('terminal-escapes')],
        { cwd: ROOT, encoding: 'buffer' },
        (error, out, err) => resolve({ code: error ? Number((error as { code?: unknown }).code) : 0, stdout: out, stderr: err }),
      );
    });
    expect(code).toBe(EXIT.passed);
    expect(stdout.toString('utf8')).toContain('connected: evil\\u001b[2J');
    for (const bytes of [stdout, stderr]) {
      // ESC, BEL, CR; U+009B and U+0085 in UTF-8 (C2 9B, C2 85); U+202E and U+2066 (E2 80 AE, E2 81 A6).
      for (const forbidden of [[0x1b], [0x07], [0x0d], [0xc2, 0x9b], [0xc2, 0x85], [0xe2, 0x80, 0xae], [0xe2, 0x81, 0xa6]])
        expect(bytes.indexOf(Buffer.from(forbidden)), Buffer.from(forbidden).toString('hex')).toBe(-1);
    }
  });

  it("--json: the human report on stderr is neutralised, the document on stdout carries the server's text exact", async () => {
    const cli = startCli(['--json', scenario('terminal-escapes')]);
    expect(await cli.done).toBe(EXIT.passed);
    expectSafe(cli.stderr);
    const doc = JSON.parse(cli.stdout.join('\n')) as { server: { name: string; version: string }; tools: Array<{ name: string }> };
    expect(doc.server).toMatchObject({ name: `evil${TERMINAL_ESCAPES}`, version: `1.0${TERMINAL_ESCAPES}` });
    expect(doc.tools.map((tool) => tool.name)).toContain('bell\u0007\rover\u009b2J\u202Eexe.txt');
  });

  it("the audit's table and its --call refusal are neutralised; its JSON and JUnit keep the text", async () => {
    const refused = audit(['--call', 'nope\u001b[2J', scenario('terminal-escapes')]);
    expect(await refused.done).toBe(2);
    expectSafe(refused.err);
    expect(refused.err.join('\n')).toContain('has no tool named nope\\u001b[2J (it lists probe, wipe\\u001b[2J\\u001b[H,');

    const json = join(dir, 'escapes.json');
    const junit = join(dir, 'escapes.xml');
    const run = audit(['--checks', 'ping,tools-list', '--json', json, '--junit', junit, scenario('terminal-escapes')]);
    expect(await run.done).toBe(0);
    expectSafe([...run.out, ...run.err]);
    expect(run.out[0]).toContain(`Audit of evil${SHOWN_ESCAPES} 1.0${SHOWN_ESCAPES} at `);
    const file = JSON.parse(await readFile(json, 'utf8')) as { report: AuditReport };
    expect(file.report.server.name).toBe(`evil${TERMINAL_ESCAPES}`);
    // XML 1.0 cannot carry ESC or BEL: junit.ts puts U+FFFD in their place and keeps the rest (CR as &#13;).
    expect(await readFile(junit, 'utf8')).toContain('name="MCP Lens audit of evil\ufffd[2J\ufffd[H\ufffd]0;owned\ufffd');
  });

  it("a proxy's HTML error page reads as its words in the one-line connect error, without markup", async () => {
    const page =
      '<!DOCTYPE html><html><head><title>502 Bad Gateway</title><style>body{color:red}</style></head><body><h1>Bad Gateway</h1><p>The upstream\nserver did not answer.</p></body></html>';
    const proxy = await startRawServer((_, res) => res.writeHead(502, { 'content-type': 'text/html' }).end(page));
    servers.push(proxy);
    const cli = startCli([proxy.url]);
    expect(await cli.done).toBe(EXIT.connect);
    const line = cli.stdout.find((text) => text.startsWith('could not connect to '));
    expect(line).toContain('(502 Bad Gateway Bad Gateway The upstream server did not answer.)');
    expect(line).not.toMatch(/[<>]/);
  });

  it('a server with 10,000 tools gets a short report: 50 named and 50 skips listed, the rest counted; --json lists all', async () => {
    const cli = startCli(['--json', scenario('huge-tools')]);
    expect(await cli.done).toBe(EXIT.passed);
    const tools = cli.stderr.find((line) => line.startsWith('tools: '));
    expect(tools).toMatch(/^tools: tool-0, tool-1, .*, tool-49 and 9,950 more$/);
    expect(tools!.length).toBeLessThan(1_000);
    const skips = cli.stderr.filter((line) => line.startsWith('skip '));
    expect(skips).toHaveLength(51);
    expect(skips.at(-1)).toBe('skip 9,950 more tools, not listed here (--json lists each with its reason)');
    expect(cli.stderr.join('\n').length).toBeLessThan(20_000);
    expect(cli.stderr.at(-1)).toMatch(/^0 passed, 0 failed, 10,000 skipped in /);
    const doc = JSON.parse(cli.stdout.join('\n')) as { tools: unknown[] };
    expect(doc.tools).toHaveLength(10_000);
  });
});

describe('every phase is bounded', () => {
  it('the audit prints its verdict, writes JUnit and exits when the server never answers the session DELETE', async () => {
    const server = await startStallingServer({ hangDelete: true });
    servers.push(server);
    const clock = createManualClock();
    const junit = join(dir, 'hung-delete.xml');
    const run = audit(['--checks', 'ping', '--junit', junit, server.url], clock);
    await waitFor(() => server.count('DELETE') > 0, 'the session DELETE');
    clock.advance(5_000);
    expect(await run.done).toBe(0);
    expect(run.out.at(-1)).toMatch(/^1 check: 1 pass, /);
    expect(await readFile(junit, 'utf8')).toContain('tests="1" failures="0"');
    expect(run.err).toEqual(['mcp-lens-cli audit: disconnect: no answer within 5 s; leaving the session']);
  });

  it('the CLI says so and ends when the server never answers the session DELETE', async () => {
    const server = await startStallingServer({ hangDelete: true });
    servers.push(server);
    const clock = createManualClock();
    const cli = startCli(['--no-call', server.url], { clock });
    await waitFor(() => server.count('DELETE') > 0, 'the session DELETE');
    clock.advance(5_000);
    expect(await cli.done).toBe(EXIT.passed);
    expect(cli.stdout).toContain('disconnect: no answer within 5 s; leaving the session');
  });

  it('audit --timeout 2s gives up on an initialize that never comes back after 2 s, and writes the report (exit 3)', async () => {
    const server = await startStallingServer({ hangInitialize: true });
    servers.push(server);
    const clock = createManualClock();
    const json = join(dir, 'hung-initialize.json');
    const run = audit(['--timeout', '2s', '--json', json, server.url], clock);
    await waitFor(() => server.count('initialize') > 0, 'the initialize request');
    clock.advance(2_000);
    expect(await run.done).toBe(3);
    expect(run.err[0]).toBe('mcp-lens-cli audit: No answer to the connection within 2 s (--timeout).');
    const file = JSON.parse(await readFile(json, 'utf8')) as { report: AuditReport };
    expect(file.report.results[0]).toMatchObject({ id: 'connection', verdict: 'fail' });
  });

  it('a slow tool that reports progress runs past the 60 s default, each notification starting its time again', async () => {
    const server = await startStallingServer();
    servers.push(server);
    const clock = createManualClock();
    const cli = startCli(['--call', 'slow', server.url], { clock });
    await waitFor(() => server.held.length > 0, 'the call to slow');
    clock.advance(50_000);
    server.held[0]!.progress(1, 3);
    // The CLI's limit for the call starts again: a fresh 60 s timer is pending.
    await waitFor(() => clock.pending().includes(60_000), 'the timeout to start again');
    clock.advance(50_000);
    server.held[0]!.answer('done after 100 s');
    expect(await cli.done).toBe(EXIT.passed);
    expect(cli.stdout).toContain('call slow: ok (1 block) [100 s]');
  });

  it('without progress, the same tool is cancelled at the 60 s default', async () => {
    const server = await startStallingServer();
    servers.push(server);
    const clock = createManualClock();
    const cli = startCli(['--call', 'slow', server.url], { clock });
    await waitFor(() => server.held.length > 0, 'the call to slow');
    clock.advance(60_000);
    expect(await cli.done).toBe(EXIT.failed);
    expect(cli.stdout).toContain(
      'call slow: failed — no answer to the call within 1 m (--timeout); cancelled (notifications/cancelled) [1 m]',
    );
  });
});
