/**
 * The CLI's one-request subcommands as a script uses them: call, read, prompt, list and send against the
 * demo server in each era (one /mcp serves both) and the 2026-07-28-only fixture; the JSON on stdout parsed
 * back; arguments checked against the inputSchema before anything is sent; the consent a destructive tool
 * needs; --header on the wire; and each exit code of the one table.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startDemoServer, type RunningDemoServer } from '../node/demo-server/index.ts';
import { EXIT } from '../node/command/exit-codes.ts';
import { startCli } from './support/cli-harness.ts';
import { createManualClock } from './support/clocks.ts';
import { createHostileServer } from './servers/hostile/server.ts';
import { serveOnLoopback } from './servers/loopback-server.ts';
import { createModernFixture } from './servers/modern-fixture.ts';
import { waitFor } from './support/wait-for.ts';

let demo: RunningDemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0, taskStepMs: 50 });
});
afterAll(() => demo?.close());
const modern = serveOnLoopback(createModernFixture());
const hostile = serveOnLoopback(createHostileServer());

const ERAS = [
  { word: '2025', first: 'initialize' },
  { word: '2026-07-28', first: 'server/discover' },
] as const;

/** Runs one command line to its end: the exit code, stdout parsed as JSON (when it is), and the run. */
async function run(argv: string[]) {
  const cli = startCli(argv);
  const code = await cli.done;
  const text = cli.stdout.join('\n');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test reads the printed JSON by the paths it expects
  return { code, json: json as any, cli, methods: cli.sent.map((m) => m.method) };
}

describe.each(ERAS)('the CLI subcommands against the demo server in era $word', ({ word, first }) => {
  const era = ['--era', word];

  it('call: typed --arg values reach the tool, the whole result comes back as JSON, --header is on every request (exit 0)', async () => {
    const { code, json, cli, methods } = await run([
      'call',
      'echo',
      '--arg',
      'message=hi',
      '--arg',
      'shout=true',
      '--header',
      'X-Trace: t1',
      ...era,
      demo.url,
    ]);
    expect(code).toBe(EXIT.passed);
    expect(json).toMatchObject({ content: [{ type: 'text', text: 'HI' }], isError: false, verdict: 'ok' });
    expect(methods[0]).toBe(first);
    const call = cli.sent.find((m) => m.method === 'tools/call');
    expect(call?.params).toMatchObject({ name: 'echo', arguments: { message: 'hi', shout: true } });
    expect(cli.headers.length).toBeGreaterThan(0);
    expect(cli.headers.every((h) => h.get('x-trace') === 't1')).toBe(true);
  });

  it("call: arguments that break the inputSchema exit 2 with the schema's error, and nothing is called", async () => {
    const tooMany = await run(['call', 'get-forecast', '--arg', 'days=9', ...era, demo.url]);
    expect(tooMany.code).toBe(EXIT.usage);
    expect(tooMany.cli.stderr.join('\n')).toContain('/days must be <= 7');
    expect(tooMany.methods).not.toContain('tools/call');
    const notANumber = await run(['call', 'get-forecast', '--arg', 'days=three', ...era, demo.url]);
    expect(notANumber.code).toBe(EXIT.usage);
    expect(notANumber.cli.stderr.join('\n')).toContain('days is a whole number');
    expect(notANumber.methods).not.toContain('tools/call');
    const nested = await run([
      'call',
      'plan-trip',
      '--args',
      '{"from": {"city": "Lisbon", "country": "PT"}, "departure": "2026-01-01T00:00:00Z"}',
      '--arg',
      'to={"city": "Porto", "country": "pt"}',
      ...era,
      demo.url,
    ]);
    expect(nested.code).toBe(EXIT.usage);
    expect(nested.cli.stderr.join('\n')).toContain('/to/country must match pattern');
    expect(nested.methods).not.toContain('tools/call');
  });

  it('call: a destructive tool needs --allow-writes (exit 2, not called), and is called with it', async () => {
    const refused = await run(['call', 'clear-notes', ...era, demo.url]);
    expect(refused.code).toBe(EXIT.usage);
    expect(refused.cli.stderr.join('\n')).toMatch(
      /^call clear-notes: destructive \(destructiveHint\)\. .* Add --allow-writes to call it\.$/,
    );
    expect(refused.methods).not.toContain('tools/call');
    const allowed = await run(['call', 'clear-notes', '--allow-writes', ...era, demo.url]);
    expect(allowed.code).toBe(EXIT.passed);
    expect(allowed.cli.called()).toEqual(['clear-notes']);
  });

  it('call: isError and a result that breaks its outputSchema are printed whole and exit 1, judged as the Tools tab judges', async () => {
    const failing = await run(['call', 'always-fails', ...era, demo.url]);
    expect(failing.code).toBe(EXIT.failed);
    expect(failing.json).toMatchObject({ isError: true, verdict: 'tool-error' });
    const broken = await run(['call', 'broken-output', ...era, demo.url]);
    expect(broken.code).toBe(EXIT.failed);
    expect(broken.json).toMatchObject({ verdict: 'broken', outputSchemaErrors: [expect.stringContaining('/count')] });
    expect(broken.cli.stderr.join('\n')).toContain('broken-output: broken result — outputSchema: /count');
  });

  it('list: each kind as JSON, the tools by default', async () => {
    const tools = await run(['list', ...era, demo.url]);
    expect(tools.code).toBe(EXIT.passed);
    expect(tools.json.tools.map((t: { name: string }) => t.name)).toEqual(expect.arrayContaining(['echo', 'clear-notes']));
    const resources = await run(['list', 'resources', ...era, demo.url]);
    expect(resources.json.resources.map((r: { uri: string }) => r.uri)).toContain('demo://docs/readme');
    const templates = await run(['list', 'templates', ...era, demo.url]);
    expect(templates.json.templates.map((t: { uriTemplate: string }) => t.uriTemplate)).toContain('demo://greetings/{name}');
    const prompts = await run(['list', 'prompts', ...era, demo.url]);
    expect(prompts.json.prompts).toContainEqual(expect.objectContaining({ name: 'write-haiku' }));
    expect([resources.code, templates.code, prompts.code]).toEqual([EXIT.passed, EXIT.passed, EXIT.passed]);
  });

  it('read: text as it is, a blob as base64; a resource the server lacks is its JSON-RPC error (exit 1)', async () => {
    const readme = await run(['read', 'demo://docs/readme', ...era, demo.url]);
    expect(readme.code).toBe(EXIT.passed);
    expect(readme.json.contents[0].text).toMatch(/^# MCP Lens demo server/);
    const image = await run(['read', 'demo://images/lens.png', ...era, demo.url]);
    const png = Buffer.from(image.json.contents[0].blob as string, 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(png.length).toBe(image.json.contents[0].blobBytes);
    const missing = await run(['read', 'demo://no-such-thing', ...era, demo.url]);
    expect(missing.code).toBe(EXIT.failed);
    expect(missing.json).toMatchObject({ error: { code: -32602, message: expect.stringContaining('demo://no-such-thing') } });
  });

  it('prompt: --arg fills the prompt; a missing required argument exits 2 before prompts/get', async () => {
    const got = await run(['prompt', 'write-haiku', '--arg', 'topic=the sea', ...era, demo.url]);
    expect(got.code).toBe(EXIT.passed);
    expect(got.json.messages[0]).toMatchObject({ role: 'user', content: { type: 'text', text: expect.stringContaining('the sea') } });
    const missing = await run(['prompt', 'write-haiku', ...era, demo.url]);
    expect(missing.code).toBe(EXIT.usage);
    expect(missing.cli.stderr).toContain('prompt write-haiku: give --arg topic=… (required).');
    expect(missing.methods).not.toContain('prompts/get');
  });

  it('send: any request with --params, its result as the server sent it', async () => {
    const sent = await run(['send', 'resources/templates/list', '--params', '{}', ...era, demo.url]);
    expect(sent.code).toBe(EXIT.passed);
    expect(sent.json.resourceTemplates).toContainEqual(expect.objectContaining({ uriTemplate: 'demo://greetings/{name}' }));
    const destructive = await run(['send', 'tools/call', '--params', '{"name": "clear-notes"}', ...era, demo.url]);
    expect(destructive.code).toBe(EXIT.usage);
    expect(destructive.methods).not.toContain('tools/call');
  });

  it("send: an unknown method is the server's -32601 in JSON and in words that name the method, not the path (exit 1)", async () => {
    const unknown = await run(['send', 'no/such', ...era, demo.url]);
    expect(unknown.code).toBe(EXIT.failed);
    expect(unknown.json.error.code).toBe(-32601);
    expect(unknown.cli.stderr.join('\n')).not.toContain('Nothing answers MCP');
  });
});

describe('the CLI on a 2026-07-28 connection', () => {
  it('says ping is not part of the revision instead of an unexpected failure, and sends nothing for it', async () => {
    const ping = await run(['send', 'ping', '--era', '2026-07-28', demo.url]);
    expect(ping.code).toBe(EXIT.failed);
    expect(ping.cli.stderr.join('\n')).toContain('ping failed: ping is not part of MCP 2026-07-28, the revision this connection speaks');
    expect(ping.methods).not.toContain('ping');
  });
});

describe('the CLI subcommands, whatever the era', () => {
  it('against the 2026-07-28-only fixture: call mirrors an x-mcp-header argument into its Mcp-Param header', async () => {
    const url = `${modern()}/mcp`;
    const { code, json, cli } = await run(['call', 'greet', '--arg', 'name=Ada', '--arg', 'region=eu', url]);
    expect(code).toBe(EXIT.passed);
    expect(json.content[0].text).toBe('Hello, Ada in eu!');
    const callIndex = cli.sent.findIndex((m) => m.method === 'tools/call');
    expect(cli.headers[callIndex]?.get('mcp-param-region')).toBe('eu');
    const listed = await run(['list', url]);
    expect(listed.json.tools.map((t: { name: string }) => t.name)).toContain('greet');
  });

  it('--format text prints the content for a person, each line neutralised', async () => {
    const { code, cli } = await run(['call', 'echo', '--arg', 'message=line one\nline \u001b[2Jtwo', '--format', 'text', demo.url]);
    expect(code).toBe(EXIT.passed);
    expect(cli.stdout).toEqual(['line one', 'line \\u001b[2Jtwo']);
  });

  it('usage errors exit 2 before connecting: a bad --args, no server URL, an unknown list kind, send initialize', async () => {
    for (const argv of [
      ['call', 'echo', '--args', '[1]', demo.url],
      ['call', 'echo'],
      ['list', 'widgets', demo.url],
      ['send', 'initialize', demo.url],
      ['read', 'demo://docs/readme', '--format', 'yaml', demo.url],
    ]) {
      const { code, cli } = await run(argv);
      expect(code, argv.join(' ')).toBe(EXIT.usage);
      expect(cli.sent, argv.join(' ')).toEqual([]);
      expect(cli.stderr.join('\n'), argv.join(' ')).not.toBe('');
    }
  });

  it('--help describes each subcommand on stdout (exit 0)', async () => {
    for (const word of ['call', 'read', 'prompt', 'list', 'send', 'smoke']) {
      const { code, cli } = await run([word, '--help']);
      expect(code).toBe(EXIT.passed);
      expect(cli.stdout.join('\n')).toMatch(
        word === 'smoke' ? /lists its tools and calls each one/ : new RegExp(`cli -- ${word} \\[options\\]`),
      );
    }
  });

  it('exit 3 when nothing answers, 1 when the call outlives --timeout, 4 when the deadline passes', async () => {
    const closed = await run(['list', 'http://127.0.0.1:9/mcp']);
    expect(closed.code).toBe(EXIT.connect);
    expect(closed.cli.stderr[0]).toMatch(/^could not connect to http:\/\/127\.0\.0\.1:9\/mcp: /);

    const silent = `${hostile()}/s/silent/mcp`;
    for (const [limit, code] of [
      [['--timeout', '5s'], EXIT.failed],
      [['--deadline', '5s'], EXIT.deadline],
    ] as const) {
      const clock = createManualClock();
      const cli = startCli(['call', 'probe', ...limit, silent], { clock });
      await waitFor(() => cli.called().includes('probe'), 'the call to probe');
      clock.advance(5_000);
      expect(await cli.done).toBe(code);
      expect(cli.sent.map((m) => m.method)).toContain('notifications/cancelled');
      expect(cli.stdout).toEqual([]);
    }
  });
});
