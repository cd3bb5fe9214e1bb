/**
 * `mcp-lens test` against the demo server in each era: a collection that passes (a capture carried into a
 * later step, a snapshot with an ignored path, an expected JSON-RPC error), one whose snapshot no longer
 * matches (exit 1, the difference named, JUnit and JSON written), the consent a tool that changes things
 * needs, and the usage errors that stop a run before anything is sent (exit 2).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startDemoServer, type RunningDemoServer } from '../node/demo-server/index.ts';
import { EXIT } from '../node/command/exit-codes.ts';
import type { Collection } from '../shared/collection/format.ts';
import { writeCollection } from '../shared/collection/write.ts';
import { startCli } from './support/cli-harness.ts';

let demo: RunningDemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0, taskStepMs: 50 });
});
afterAll(() => demo?.close());

const passing: Collection = {
  format: 'mcp-lens-collection',
  version: 1,
  name: 'demo smoke',
  variables: { WHO: { from: 'var', default: 'Ada' }, TRACE: { from: 'env' } },
  steps: [
    {
      name: 'echo a name',
      request: { method: 'tools/call', params: { name: 'echo', arguments: { message: '${var:WHO}' } } },
      capture: { who: '/content/0/text' },
      expect: {
        assert: [
          { pointer: '/content/0/text', equals: 'Ada' },
          { pointer: '/isError', equals: false },
        ],
        maxMs: 60_000,
      },
    },
    {
      name: 'greet the captured name',
      request: { method: 'resources/read', params: { uri: 'demo://greetings/${capture:who}', trace: '${env:TRACE}' } },
      expect: {
        snapshot: {
          value: { contents: [{ uri: 'demo://greetings/Ada', mimeType: 'text/plain', text: 'Hello, Ada!' }] },
          ignore: ['/_meta', '/ttlMs', '/cacheScope', '/resultType'],
        },
      },
    },
    {
      name: 'a prompt that is not there',
      request: { method: 'prompts/get', params: { name: 'no-such-prompt' } },
      expect: { outcome: { error: 'any' } },
    },
  ],
};

async function test(collection: Collection | string, extra: string[] = [], env: Record<string, string> = { TRACE: 't-1' }) {
  const files = new Map([['c.json', typeof collection === 'string' ? collection : writeCollection(collection)]]);
  const cli = startCli(['test', 'c.json', ...extra], { files, env });
  const code = await cli.done;
  return { code, cli, files, out: cli.stdout.join('\n'), err: cli.stderr.join('\n') };
}

describe.each(['2025', '2026-07-28'])('mcp-lens test against the demo server in era %s', (era) => {
  it('runs every step, with placeholders and captures filled, and exits 0 when all pass', async () => {
    const { code, out, cli } = await test(passing, ['--era', era, demo.url]);
    expect(code, out).toBe(EXIT.passed);
    expect(out).toMatch(/^pass +1\. echo a name/m);
    expect(out).toMatch(/^pass +2\. greet the captured name/m);
    expect(out).toMatch(/^pass +3\. a prompt that is not there/m);
    expect(out).toMatch(/^3 steps: 3 passed, 0 failed in /m);
    const read = cli.sent.find((message) => message.method === 'resources/read');
    expect(read?.params).toMatchObject({ uri: 'demo://greetings/Ada', trace: 't-1' });
  });

  it('fails a step whose snapshot changed, names the difference, and writes JUnit and JSON (exit 1)', async () => {
    const changed = structuredClone(passing);
    changed.variables!.WHO!.default = 'Grace';
    changed.steps[0]!.expect!.assert = [];
    const { code, out, files } = await test(changed, ['--era', era, '--junit', 'out.xml', '--json', 'out.json', demo.url]);
    expect(code).toBe(EXIT.failed);
    expect(out).toMatch(/^FAIL +2\. greet the captured name/m);
    expect(out).toContain('✗ snapshot: 2 differences');
    expect(out).toMatch(/changed \/contents\/0\/uri/);
    const junit = files.get('out.xml')!;
    expect(junit).toContain('<testsuite name="demo smoke" tests="3" failures="1" skipped="0" errors="0"');
    expect(junit).toMatch(/<failure message="snapshot: 2 differences" type="fail">/);
    const json = JSON.parse(files.get('out.json')!) as {
      pass: boolean;
      steps: Array<{ status: string; sent?: { params?: Record<string, unknown> } }>;
    };
    expect(json.pass).toBe(false);
    expect(json.steps.map((step) => step.status)).toEqual(['pass', 'fail', 'pass']);
    // What came from the environment is masked in the report.
    expect(json.steps[1]!.sent?.params).toMatchObject({ trace: '••••' });
  });
});

describe('mcp-lens test refuses before it sends', () => {
  it('refuses a step that calls a tool the server does not list as read-only, unless the file says it changes things', async () => {
    const writes: Collection = {
      ...passing,
      steps: [{ name: 'add a note', request: { method: 'tools/call', params: { name: 'add-note', arguments: { text: 'from a test' } } } }],
    };
    const refused = await test(writes, [demo.url]);
    expect(refused.code).toBe(EXIT.failed);
    expect(refused.out).toMatch(/^refused +1\. add a note/m);
    expect(refused.out).toContain('"changesThings": true');
    expect(refused.cli.called()).toEqual([]);
    const marked = await test({ ...writes, steps: [{ ...writes.steps[0]!, changesThings: true }] }, [demo.url]);
    expect(marked.code).toBe(EXIT.passed);
    expect(marked.cli.called()).toEqual(['add-note']);
  });

  it('exits 2, naming each problem by its pointer, for a file that is not a collection, and names an unset variable', async () => {
    const bad = await test(
      '{"format": "mcp-lens-collection", "version": 1, "name": "x", "steps": [{"name": "s", "request": {"method": "ping"}, "expcet": {}}]}',
      [demo.url],
    );
    expect(bad.code).toBe(EXIT.usage);
    expect(bad.err).toContain('/steps/0/expcet: is not a field of this object');
    const unset = await test(passing, [demo.url], {});
    expect(unset.code).toBe(EXIT.usage);
    expect(unset.err).toContain('${env:TRACE} (set TRACE in the environment)');
    expect(unset.cli.sent).toEqual([]);
  });
});
