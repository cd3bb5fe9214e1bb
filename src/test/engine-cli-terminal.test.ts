/**
 * The CLI and the audit at a terminal and in CI, against real loopback servers: nothing a server says reaches
 * the terminal as a control sequence (checked on every line the programs print, in plain, --no-call, --verbose
 * and --json runs and in the audit's table and refusals), while --json, the audit's JSON and its JUnit keep
 * the server's text exact; a server with thousands of tools gives a short report.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { auditCommand } from '../node/cli/audit/command.ts';
import { EXIT } from '../node/cli/exit-codes.ts';
import type { AuditReport } from '../shared/audit.ts';
import { startCli } from './support/cli-harness.ts';
import { TERMINAL_ESCAPES } from './servers/hostile/scenarios.ts';
import { createHostileServer } from './servers/hostile/server.ts';
import { serveOnLoopback } from './servers/loopback-server.ts';

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

function audit(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const done = auditCommand(argv, {
    fetch: (input, init) => fetch(input, init),
    out: (line) => out.push(line),
    err: (line) => err.push(line),
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
    expect(cli.stdout).toContainEqual(expect.stringMatching(/^call title\\u001b\]0;owned\\u0007: ok \(1 blocks\) \[/));
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

  it('a server with 10,000 tools gets a tools line that names 50 and counts the rest', async () => {
    const cli = startCli(['--no-call', scenario('huge-tools')]);
    expect(await cli.done).toBe(EXIT.passed);
    const tools = cli.stdout.find((line) => line.startsWith('tools: '));
    expect(tools).toMatch(/^tools: tool-0, tool-1, .*, tool-49 and 9,950 more$/);
    expect(tools!.length).toBeLessThan(1_000);
  });
});
