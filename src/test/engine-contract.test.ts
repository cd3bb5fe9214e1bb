/**
 * The contract commands against the demo server, as CI would run them: `snapshot` in both eras gives the
 * same contract but for the era (and the one tool the demo offers only in 2026-07-28), `diff` of the live
 * server against its own snapshot is clean, and against a modified copy it names each breaking change,
 * writes JSON and JUnit, and exits 1.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { realClock } from '../engine/clock.ts';
import { runHeadless } from '../node/cli/run-headless.ts';
import { EXIT } from '../node/command/exit-codes.ts';
import { startDemoServer, type RunningDemoServer } from '../node/demo-server/index.ts';
import type { ContractChange } from '../shared/contract/contract-rules.ts';
import { createHostileServer } from './servers/hostile/server.ts';
import { serveOnLoopback } from './servers/loopback-server.ts';
import { readSnapshot, type ContractSnapshot } from '../shared/contract/contract-snapshot.ts';

const hostile = serveOnLoopback(createHostileServer());
let demo: RunningDemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0 });
});
afterAll(() => demo?.close());

/** Runs a headless command in-process; files live in `files`, as a shell's would on disk. */
async function run(argv: string[], files = new Map<string, string>()) {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await runHeadless(argv, {
    env: {},
    fetch: (input, init) => fetch(input, init),
    clock: realClock,
    writeFile: async (path, text) => void files.set(path, text),
    readFile: async (path) => {
      const text = files.get(path);
      if (text === undefined) throw new Error(`ENOENT: no such file, open '${path}'`);
      return text;
    },
    stdout: (text) => stdout.push(text),
    stderr: (text) => stderr.push(text),
  });
  return { code, stdout, stderr, files };
}

describe('mcp-lens snapshot and diff against the demo server', () => {
  let legacy: ContractSnapshot;

  it('snapshot writes the same contract in both eras, but for the era and the tool the demo offers only in 2026-07-28', async () => {
    const files = new Map<string, string>();
    const a = await run(['snapshot', '--era', '2025', '--out', 'legacy.json', demo.url], files);
    expect(a.code).toBe(EXIT.passed);
    expect(a.stdout).toEqual([
      expect.stringMatching(/^connected: mcp-lens-demo /),
      expect.stringMatching(/^listed: \d+ tools, \d+ prompts, \d+ resources, \d+ templates$/),
      'wrote legacy.json',
    ]);
    // Without --out the snapshot is stdout's one document; the progress lines go to stderr.
    const b = await run(['snapshot', '--era', '2026-07-28', demo.url]);
    expect(b.code).toBe(EXIT.passed);
    expect(b.stdout).toHaveLength(1);
    expect(b.stderr[0]).toMatch(/protocol 2026-07-28/);

    legacy = readSnapshot(files.get('legacy.json')!);
    const modern = readSnapshot(b.stdout[0]!);
    expect(legacy).toMatchObject({ era: 'legacy', protocolVersion: '2025-11-25', server: { name: 'mcp-lens-demo' } });
    expect(modern).toMatchObject({ era: 'modern', protocolVersion: '2026-07-28' });
    expect(Object.keys(legacy.tools)).toContain('echo');
    expect(Object.keys(legacy.prompts).length).toBeGreaterThan(0);
    expect(Object.keys(legacy.resources).length).toBeGreaterThan(0);
    expect(Object.keys(legacy.resourceTemplates).length).toBeGreaterThan(0);
    const { 'deploy-preview': onlyModern, ...modernTools } = modern.tools;
    expect(onlyModern).toBeDefined();
    expect({ ...modern, era: 'legacy', protocolVersion: '2025-11-25', tools: modernTools }).toEqual(legacy);
    // Taken twice, the same bytes.
    const again = await run(['snapshot', '--era', '2025', '--out', 'again.json', demo.url], files);
    expect(again.code).toBe(EXIT.passed);
    expect(files.get('again.json')).toBe(files.get('legacy.json'));
  });

  it('diff of the live server against its own snapshot finds nothing and exits 0', async () => {
    const files = new Map([['legacy.json', `${JSON.stringify(legacy)}\n`]]);
    const result = await run(['diff', '--era', '2025', 'legacy.json', demo.url], files);
    expect(result.code).toBe(EXIT.passed);
    expect(result.stdout.at(-1)).toBe('no changes');
  });

  it('diff against a modified copy names each breaking change with its pointer, in text, JSON and JUnit, and exits 1', async () => {
    // The copy is what the server "used to be": a tool it no longer has, an argument it did not require, a
    // wider enum, and a tool that was read-only.
    const old = structuredClone(legacy);
    old.tools['retired-tool'] = { inputSchema: { type: 'object' } };
    const echo = old.tools.echo!;
    const message = (echo.inputSchema.properties as Record<string, Record<string, unknown>>).message!;
    message.maxLength = 5000;
    echo.inputSchema.required = ['message'];
    old.tools['clear-notes']!.annotations = { readOnlyHint: true };
    const files = new Map([['old.json', JSON.stringify(old)]]);

    const result = await run(['diff', 'old.json', demo.url, '--json', 'diff.json', '--junit', 'diff.xml', '--era', '2025'], files);
    expect(result.code).toBe(EXIT.failed);
    const doc = JSON.parse(files.get('diff.json')!) as { changes: ContractChange[]; summary: Record<string, number>; exitCode: number };
    expect(doc.exitCode).toBe(EXIT.failed);
    expect(doc.changes.map(({ severity, rule, pointer }) => ({ severity, rule, pointer }))).toEqual([
      { severity: 'breaking', rule: 'tool-no-longer-read-only', pointer: '/tools/clear-notes/annotations/readOnlyHint' },
      { severity: 'breaking', rule: 'input-constraint-tightened', pointer: '/tools/echo/inputSchema/properties/message/maxLength' },
      { severity: 'breaking', rule: 'tool-removed', pointer: '/tools/retired-tool' },
      // clear-notes's real hints also say what the copy left unsaid: it is idempotent and closed-world.
      { severity: 'safe', rule: 'annotations-safer', pointer: '/tools/clear-notes/annotations' },
      { severity: 'safe', rule: 'input-required-removed', pointer: '/tools/echo/inputSchema/required' },
    ]);
    expect(doc.summary).toEqual({ breaking: 3, risky: 0, safe: 2, info: 0 });
    expect(result.stdout).toContain('breaking (3):');
    expect(result.stdout).toContain('  /tools/retired-tool  Tool "retired-tool" is gone: clients that use it fail.  [tool-removed]');
    expect(result.stdout.at(-1)).toBe('3 breaking, 0 risky, 2 safe');
    const xml = files.get('diff.xml')!;
    expect(xml).toContain('<testsuites name="mcp-lens diff" tests="5" failures="3">');
    expect(xml.match(/<failure /g)).toHaveLength(3);
  });

  it('refuses a file that is not a snapshot (exit 2) and says so when the server is not there (exit 3)', async () => {
    const files = new Map([
      ['session.json', '{"format":"mcp-lens-session","version":2}'],
      ['legacy.json', JSON.stringify(legacy)],
    ]);
    const bad = await run(['diff', 'session.json', 'legacy.json'], files);
    expect(bad.code).toBe(EXIT.usage);
    expect(bad.stderr.join('\n')).toMatch(/session.json is not a contract snapshot .*mcp-lens snapshot <url> --out <file>/);
    const missing = await run(['diff', 'nope.json', 'legacy.json'], files);
    expect(missing.code).toBe(EXIT.usage);
    expect(missing.stderr.join('\n')).toMatch(/Cannot read nope.json: ENOENT/);
    const closed = new URL(demo.url);
    closed.port = '1';
    const unreachable = await run(['snapshot', '--timeout', '5s', closed.href]);
    expect(unreachable.code).toBe(EXIT.connect);
    expect(unreachable.stderr.join('\n')).toMatch(/^could not connect to http:\/\/127\.0\.0\.1:1\/mcp: /m);
  });

  it("snapshots the schema bombs (10,000 properties, an enum of 99,000 values, 150 levels), says which schema MCP Lens's bounds cut, and diffs them with themselves clean", async () => {
    const files = new Map<string, string>();
    const url = `${hostile()}/s/schema-bombs/mcp`;
    const snap = await run(['snapshot', '--era', '2025', '--out', 'bombs.json', url], files);
    expect(snap.code).toBe(EXIT.passed);
    expect(snap.stdout).toContainEqual(
      expect.stringMatching(/^warning: tool "deep": its inputSchema passed MCP Lens's bounds and was cut where marked/),
    );
    expect(snap.stdout.filter((line) => line.startsWith('warning:'))).toHaveLength(1);
    const started = performance.now();
    const same = await run(['diff', 'bombs.json', 'bombs.json'], files);
    expect(same.code).toBe(EXIT.passed);
    expect(same.stdout).toEqual(['no changes']);
    expect(performance.now() - started).toBeLessThan(20_000);
  });

  it("follows a list past the engine's 20 pages, and refuses a cursor that never ends rather than write part of it", async () => {
    const files = new Map<string, string>();
    const result = await run(['snapshot', '--era', '2025', '--out', 'endless.json', `${hostile()}/s/endless-cursor/mcp`], files);
    expect(result.code).toBe(EXIT.failed);
    expect(result.stdout.at(-1)).toBe(
      'listing failed: tools/list had not ended after 1,000 pages; a partial snapshot would report removals that did not happen, so none was written.',
    );
    expect(files.has('endless.json')).toBe(false);
  });
});
