/**
 * `npm start` in a clone starts a server from an MCP client's config as `npx mcp-lens` does (issue 36):
 * `npm start -- --config <file> --server <name>` reads the entry, runs it behind the relay with the entry's
 * environment (and `-e` over it), serves the app with that relay named as the launched server, and prints the
 * link that opens the app connected. startLocal is the function `npm start` runs (src/node/start.ts).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterEach, describe, expect, it } from 'vitest';

import { EXIT } from '../node/command/exit-codes.ts';
import { startLocal } from '../node/start-local.ts';
import { LAUNCH_META, readRelayFragment } from '../shared/relay.ts';
import { initializeThrough } from './relay-advice-run.ts';
import { waitFor } from './support/wait-for.ts';

const FIXTURE = fileURLToPath(new URL('./servers/relay-stdio-fixture.ts', import.meta.url));

const folders: string[] = [];
const stops: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  await Promise.all(stops.splice(0).map((stop) => stop()));
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function folder(): string {
  const made = mkdtempSync(join(tmpdir(), 'mcp-lens-start-'));
  folders.push(made);
  return made;
}

/** A built app's stand-in: the page the static server serves, with a head for its meta tags. */
function dist(): string {
  const root = folder();
  writeFileSync(join(root, 'index.html'), '<!doctype html><html><head><title>MCP Lens</title></head><body></body></html>');
  return `${root}/`;
}

function start(argv: string[]) {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const stop = new AbortController();
  const done = startLocal(
    { env: { ...process.env, PORT: '0' }, stdout: (t) => stdout.push(t), stderr: (t) => stderr.push(t), signal: stop.signal },
    argv,
    {
      dist: dist(),
    },
  );
  stops.push(() => (stop.abort(), done));
  return { done, stdout, stderr };
}

describe('npm start -- --config <file> --server <name>', () => {
  it("starts the named stdio entry behind the relay with its environment, -e over it, and a link the app's page connects", async () => {
    const dir = folder();
    const fromConfig = join(dir, 'spawns-config');
    const fromFlag = join(dir, 'spawns-flag');
    const config = join(dir, 'mcp.json');
    writeFileSync(
      config,
      JSON.stringify({
        mcpServers: {
          other: { command: 'false' },
          fixture: { command: process.execPath, args: ['--import', 'tsx', FIXTURE], env: { RELAY_FIXTURE_SPAWNS: fromConfig, KEPT: '1' } },
        },
      }),
    );

    const run = start(['--config', config, '--server', 'fixture']);
    await waitFor(() => run.stdout.some((line) => line.startsWith('MCP Lens, connected to it: ')), 'the link');
    const link = new URL(
      run.stdout.find((line) => line.startsWith('MCP Lens, connected to it: '))!.slice('MCP Lens, connected to it: '.length),
    );
    const relayUrl = link.searchParams.get('url')!;
    expect(link.searchParams.get('connect')).toBe('1');
    const token = readRelayFragment(link.hash)!;
    expect(token).not.toBeNull();

    // The page names that relay as the launched server, so the link connects without asking.
    const page = await (await fetch(link.origin + link.pathname)).text();
    expect(page).toContain(`<meta name="${LAUNCH_META}" content="${relayUrl}">`);
    const initialized = await initializeThrough(
      { url: relayUrl, token, link: link.href, output: () => '', stop: async () => {} },
      link.origin,
    );
    expect(initialized.message).toMatchObject({ id: 1, result: { serverInfo: { name: 'relay-stdio-fixture' } } });
    await waitFor(() => readSpawns(fromConfig).length === 1, "the child's start recorded where the entry's env says");

    // -e sets the child's environment over the entry's.
    const second = start(['-e', `RELAY_FIXTURE_SPAWNS=${fromFlag}`, '--config', config, '--server', 'fixture']);
    await waitFor(() => second.stdout.some((line) => line.startsWith('MCP Lens, connected to it: ')), 'the second link');
    await waitFor(() => readSpawns(fromFlag).length === 1, 'the child started with the -e value');
    expect(readSpawns(fromConfig)).toHaveLength(1);
  });

  it.each([
    [['--config', 'mcp.json'], '--config mcp.json needs --server <name>'],
    [['--server', 'x'], '--server names a server in a config file'],
    [['--config', 'missing.json', '--server', 'x'], 'Could not read missing.json: there is no such file.'],
    [['--config', 'CONFIG', '--server', 'nope'], 'no server "nope"'],
    [['--config', 'CONFIG', '--server', 'x', '--', 'node'], 'Give either a command after -- or --config with --server, not both.'],
    [['stray'], "give a stdio server's command after --, or --config <file> --server <name>"],
  ])('refuses %j with exit 2, starting nothing', async (argv, message) => {
    const config = join(folder(), 'mcp.json');
    writeFileSync(config, JSON.stringify({ mcpServers: { x: { command: 'node' } } }));
    const run = start(argv.map((word) => (word === 'CONFIG' ? config : word)));
    expect(await run.done).toBe(EXIT.usage);
    expect(run.stderr.join('\n')).toContain(message);
    expect(run.stdout).toEqual([]);
  });

  it('prints its usage, with the config options, for --help', async () => {
    const run = start(['--help']);
    expect(await run.done).toBe(EXIT.passed);
    expect(run.stdout.join('\n')).toMatch(/--config <file>[\s\S]*--server <name>[\s\S]*--via-relay/);
  });
});

function readSpawns(file: string): string[] {
  try {
    return readFileSync(file, 'utf8').split('\n').filter(Boolean);
  } catch {
    return [];
  }
}
