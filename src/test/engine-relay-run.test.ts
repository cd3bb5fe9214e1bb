/**
 * The relay as a function (runRelay, on the command framework), as npx and main.ts call it: it prints its
 * address, the CLI (the smoke run and a scripted call) reaches the demo server through it with the token from
 * the environment, and aborting its signal stops it with 0. A bad command line or token is exit 2, with nothing started.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { EXIT } from '../node/command/exit-codes.ts';
import { startDemoServer, type RunningDemoServer } from '../node/demo-server/index.ts';
import { runRelay } from '../node/relay/run-relay.ts';
import { RELAY_TOKEN_HEADER } from '../shared/relay.ts';
import { startCli } from './support/cli-harness.ts';
import { waitFor } from './support/wait-for.ts';

const TOKEN = 'T'.repeat(40) + '_-9';

let demo: RunningDemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0 });
});
afterAll(() => demo.close());

function relay(argv: string[], env: Record<string, string> = {}) {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const stop = new AbortController();
  const done = runRelay(argv, { env, stdout: (t) => stdout.push(t), stderr: (t) => stderr.push(t), signal: stop.signal });
  return { done, stdout, stderr, stop: () => stop.abort() };
}

describe('runRelay', () => {
  it('serves until its signal aborts, and the CLI lists the demo server through it', async () => {
    const running = relay(['--port', '0', demo.url], { MCP_LENS_RELAY_TOKEN: TOKEN });
    await waitFor(() => running.stdout.some((line) => line.includes('Or connect to')), 'the relay printed its address');
    const address = /Or connect to (\S+) with the header/.exec(running.stdout.join('\n'))![1]!;
    expect(address).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    // The link asks the app to connect, the token and the server it fronts (never its query) in the fragment.
    const link = new URL(/Open this link[^\n]*\n\s*(\S+)/.exec(running.stdout.join('\n'))![1]!);
    expect(Object.fromEntries(link.searchParams)).toEqual({ url: address, connect: '1' });
    expect(Object.fromEntries(new URLSearchParams(link.hash.slice(1)))).toEqual({ 'relay-token': TOKEN, 'relay-runs': demo.url });

    const cli = startCli(['--no-call', address], { env: { MCP_LENS_RELAY_TOKEN: TOKEN } });
    expect(await cli.done).toBe(EXIT.passed);
    expect(cli.headers.length).toBeGreaterThan(0);
    expect(cli.headers.every((h) => h.get(RELAY_TOKEN_HEADER) === TOKEN)).toBe(true);

    // A scripted call takes the same route, the token from the environment on each of its requests.
    const call = startCli(['call', 'echo', '--arg', 'message=through the relay', address], { env: { MCP_LENS_RELAY_TOKEN: TOKEN } });
    expect(await call.done).toBe(EXIT.passed);
    expect(JSON.parse(call.stdout.join('\n'))).toMatchObject({ content: [{ type: 'text', text: 'through the relay' }], verdict: 'ok' });
    expect(call.called()).toEqual(['echo']);
    expect(call.headers.every((h) => h.get(RELAY_TOKEN_HEADER) === TOKEN)).toBe(true);

    running.stop();
    expect(await running.done).toBe(EXIT.passed);
  });

  it.each([
    [['--port', 'x', 'http://127.0.0.1:1/mcp'], {}, '--port "x" is not a port'],
    [['--nope', 'http://127.0.0.1:1/mcp'], {}, 'Unknown option --nope'],
    [['http://127.0.0.1:1/mcp'], { MCP_LENS_RELAY_TOKEN: 'short' }, 'MCP_LENS_RELAY_TOKEN must be 43 base64url characters'],
  ])('refuses %j with exit 2, starting nothing', async (argv, env, message) => {
    const run = relay(argv, env);
    expect(await run.done).toBe(EXIT.usage);
    expect(run.stdout).toEqual([]);
    expect(run.stderr.join('\n')).toContain(message);
  });
});
