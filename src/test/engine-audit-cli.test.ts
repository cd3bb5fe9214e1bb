/**
 * `mcp-lens-cli audit`: the exit code is the verdict (0, 1 on a failed check, 2 usage, 3 nothing answered), and
 * the JUnit and JSON files say the same as the table, also for a server the engine refused to talk to. In-process for each code, and once as a real process
 * through `src/node/cli/main.ts`, the way `npm run cli -- audit` runs it.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type RunningDemoServer } from '../node/demo-server/index.ts';
import { runAudit } from '../node/cli/audit/command.ts';
import { realClock, type Clock } from '../engine/clock.ts';
import { nodeRawHttp } from '../node/http/raw-http.ts';
import type { AuditReport } from '../shared/audit.ts';
import { startBrokenAuditServer } from './servers/broken-audit-server.ts';
import { ROOT } from './support/tree.ts';

let demo: RunningDemoServer;
let broken: Awaited<ReturnType<typeof startBrokenAuditServer>>;
let dir: string;
beforeAll(async () => {
  [demo, broken, dir] = await Promise.all([
    startDemoServer({ port: 0 }),
    startBrokenAuditServer(),
    mkdtemp(join(tmpdir(), 'mcp-lens-audit-')),
  ]);
});
afterAll(async () => {
  await Promise.all([demo.close(), broken.close(), rm(dir, { recursive: true, force: true })]);
});

async function audit(argv: string[], clock: Clock = realClock) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAudit(argv, {
    env: {},
    fetch: (input, init) => fetch(input, init),
    clock,
    rawHttp: nodeRawHttp,
    stdout: (line) => out.push(line),
    stderr: (line) => err.push(line),
    writeFile: (path, text) => writeFile(path, text, 'utf8'),
  });
  return { code, out, err };
}

/** A loopback port nothing listens on any more. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('mcp-lens-cli audit', () => {
  it('exits 0 on the demo server and writes JUnit and JSON that agree with the table', async () => {
    const junit = join(dir, 'demo.xml');
    const json = join(dir, 'demo.json');
    const { code, out } = await audit(['--era', '2025', '--junit', junit, '--json', json, demo.url]);
    expect(code).toBe(0);
    expect(out.at(-1)).toMatch(/^26 checks: 19 pass, 0 fail, 0 warnings, 7 not applicable in [\d.]+ s\.$/);
    const file = JSON.parse(await readFile(json, 'utf8')) as {
      format: string;
      version: number;
      report: { results: unknown[]; era: string };
    };
    expect(file).toMatchObject({ format: 'mcp-lens-audit', version: 1, report: { era: 'legacy' } });
    expect(file.report.results).toHaveLength(26);
    expect(await readFile(junit, 'utf8')).toMatch(/<testsuites name="MCP Lens audit" tests="26" failures="0" errors="0" skipped="7"/);
  });

  it('calls the tools named with --call in tool-calls, and refuses a destructive one without --allow-writes', async () => {
    const called = await audit(['--era', '2025', '--checks', 'tool-calls', '--call', 'echo={"message":"from CI"}', demo.url]);
    expect(called.code).toBe(0);
    expect(called.out.find((line) => line.startsWith('tool-calls'))).toMatch(/^tool-calls\s+pass\s+"echo" answered a well-formed result/);
    const refused = await audit(['--checks', 'tool-calls', '--call', 'echo', '--call', 'clear-notes', demo.url]);
    expect(refused.code).toBe(2);
    expect(refused.err).toEqual([
      'mcp-lens-cli audit: --call: not called, as it may be destructive — clear-notes: destructive (destructiveHint). Add --allow-writes to call it anyway, or leave it out.',
    ]);
    expect(refused.out).toEqual([]);
    const unknown = await audit(['--call', 'no-such-tool', demo.url]);
    expect(unknown.code).toBe(2);
    expect(unknown.err[0]).toMatch(/the server has no tool named no-such-tool \(it lists echo, /);
  });

  it('--deadline cancels the run: what finished is written, --json - alone on stdout, exit 4', async () => {
    // A clock on which the 7 s deadline comes due as soon as it is set (after the connection), the rest real.
    const clock: Clock = {
      now: () => Date.now(),
      after: (ms, fire) => (ms === 7_000 ? realClock.after(0, fire) : realClock.after(ms, fire)),
    };
    const { code, out, err } = await audit(['--deadline', '7s', '--json', '-', demo.url], clock);
    expect(code).toBe(4);
    expect(out).toHaveLength(1);
    expect(JSON.parse(out[0]!)).toMatchObject({ format: 'mcp-lens-audit', report: { cancelled: true } });
    expect(err.at(-2)).toMatch(/checks: .* \(cancelled\)\.$/);
    expect(err.at(-1)).toBe('mcp-lens-cli audit: the --deadline passed; the checks after it did not run.');
  });

  it('exits 1 when a check fails, naming it', async () => {
    const { code, out } = await audit([broken.urlFor('wrong-error-code')]);
    expect(code).toBe(1);
    expect(out.find((line) => line.startsWith('unknown-method'))).toMatch(/FAIL\s+An unknown method got JSON-RPC error -32600/);
  });

  it('exits 2 on a usage problem or a URL it cannot use, and 3 when nothing answers', async () => {
    expect((await audit([])).code).toBe(2);
    expect((await audit(['--frobnicate', demo.url])).code).toBe(2);
    expect((await audit(['ftp://127.0.0.1/mcp'])).code).toBe(2);
    const unreachable = await audit([`http://127.0.0.1:${await closedPort()}/mcp`]);
    expect(unreachable.code).toBe(3);
    expect(unreachable.err[0]).toMatch(/^mcp-lens-cli audit: /);
    // The report is still written, so a CI job shows why: nothing answered.
    expect(unreachable.out.find((line) => line.startsWith('connection'))).toMatch(/^connection\s+FAIL\s+MCP Lens could not talk/);
  });

  it.each([
    ['session-id-not-ascii', [], /Mcp-Session-Id is not valid: it contains " " at position 7/],
    ['malformed-discover', ['--era', '2026-07-28'], /answered server\/discover, but its result is not valid/],
  ] as const)(
    'reports a server the engine refuses to talk to (%s): connection fails in the text, --json and --junit, the rest did not run; exit 1',
    async (fault, flags, why) => {
      const junit = join(dir, `${fault}.xml`);
      const json = join(dir, `${fault}.json`);
      const { code, out, err } = await audit([...flags, '--junit', junit, '--json', json, broken.urlFor(fault)]);
      expect(code).toBe(1);
      expect(err[0]).toMatch(why);
      expect(out[0]).toMatch(
        /^Audit of http:\/\/127\.0\.0\.1:\d+\/.*\/mcp \(no connection: the checks after "connection" could not run\)$/,
      );
      expect(out.find((line) => line.startsWith('connection '))).toMatch(
        /^connection\s+FAIL\s+MCP Lens could not talk to the server, so no other check could run: /,
      );
      expect(out.find((line) => line.startsWith('tools-list '))).toMatch(
        /^tools-list\s+n\/a\s+Not run: MCP Lens could not talk to the server/,
      );
      expect(out.at(-1)).toMatch(/^27 checks: 0 pass, 1 fail, 0 warnings, 26 not applicable in [\d.]+ s\.$/);
      const file = JSON.parse(await readFile(json, 'utf8')) as { report: AuditReport };
      expect(file.report).toMatchObject({ refused: true, counts: { fail: 1, 'not-applicable': 26 } });
      expect(file.report.results[0]).toMatchObject({ id: 'connection', verdict: 'fail', reason: expect.stringMatching(why) });
      const xml = await readFile(junit, 'utf8');
      expect(xml).toMatch(/<testsuites name="MCP Lens audit" tests="27" failures="1" errors="0" skipped="26"/);
      expect(xml).toMatch(
        /<testcase name="connection: MCP Lens can talk to the server"[^>]*>\s*<failure message="MCP Lens could not talk to the server, so no other check could run: /,
      );
    },
  );

  it('runs as `npm run cli -- audit`: main.ts hands the command over, and the process exits with the verdict', async () => {
    const junit = join(dir, 'broken.xml');
    const tsx = join(ROOT, 'node_modules/.bin/tsx');
    const code = await new Promise<number | null>((resolve) => {
      execFile(tsx, ['src/node/cli/main.ts', 'audit', '--junit', junit, broken.urlFor('invalid-schema')], { cwd: ROOT }, (error) =>
        resolve(error ? ((error as { code?: number }).code ?? null) : 0),
      );
    });
    expect(code).toBe(1);
    expect(await readFile(junit, 'utf8')).toContain(
      '<failure message="the inputSchema of &quot;broken-schema&quot; is not valid JSON Schema',
    );
  });
});
