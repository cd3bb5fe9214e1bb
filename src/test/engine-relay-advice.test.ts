import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { startDemoServer } from '../node/demo-server/server.ts';
import { explainNetworkFailure } from '../engine/errors/explain-error.ts';
import { AUDIT_COMMANDS, relayAdvice, relayCommand, RELAY_VERSION_HEADER } from '../shared/relay.ts';
import { LENS_VERSION as VERSION } from '../shared/version.ts';
import { discoverThrough, initializeThrough, runAdvisedRelay, type AdvisedRelay } from './relay-advice-run.ts';

// The advice a clone's app gives (its page says `clone`: npm start, npm run dev), run as it is worded, from
// the clone's folder: `npm run relay -- …` reaches a server without CORS, and a stdio server, in both eras.
// The single file a hosted copy serves is proved the same way in e2e/relay-file.spec.ts.

const CLONE = fileURLToPath(new URL('../..', import.meta.url));
const FIXTURE = fileURLToPath(new URL('./servers/relay-stdio-modern-fixture.ts', import.meta.url));
const APP = 'http://127.0.0.1:5173/';

let demo: Awaited<ReturnType<typeof startDemoServer>>;
const running: AdvisedRelay[] = [];
const start = async (command: string) => {
  const relay = await runAdvisedRelay(command, CLONE);
  running.push(relay);
  return relay;
};

beforeAll(async () => {
  demo = await startDemoServer({ port: 0, cors: false });
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((relay) => relay.stop()));
});
afterAll(async () => {
  await demo.close();
});

describe('the relay advice in a clone, run as given', () => {
  it('npm run relay -- <server> reaches a server without CORS, initialize and server/discover alike', async () => {
    const { command } = relayCommand('clone', APP, demo.url);
    expect(command).toBe(`npm run relay -- --lens ${APP} ${demo.url}`);
    const relay = await start(command);
    expect(relay.output()).toContain(`MCP Lens relay ${VERSION} for ${demo.url}`);
    const initialized = await initializeThrough(relay, 'http://127.0.0.1:5173');
    expect(initialized.status).toBe(200);
    expect(initialized.message).toMatchObject({ id: 1, result: { serverInfo: { name: expect.any(String) } } });
    // The page may read the answer, and which relay gave it.
    expect(initialized.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
    expect(initialized.headers.get(RELAY_VERSION_HEADER)).toBe(VERSION);
    const discovered = await discoverThrough(relay);
    expect(discovered.status).toBe(200);
    expect(discovered.message).toMatchObject({ id: 2, result: { supportedVersions: expect.arrayContaining(['2026-07-28']) } });
  });

  it('npm run relay -- -- <command> runs a stdio server, one era per relay as the SDK server keeps', async () => {
    const stdio = ['--', process.execPath, '--import', 'tsx', FIXTURE];
    const { command } = relayAdvice('clone', APP, stdio);
    expect(command).toBe(`npm run relay -- --lens ${APP} -- ${process.execPath} --import tsx ${FIXTURE}`);
    const first = await start(command);
    expect((await initializeThrough(first)).message).toMatchObject({
      id: 1,
      result: { serverInfo: { name: 'relay-stdio-modern-fixture' } },
    });
    await first.stop();
    const second = await start(command);
    expect((await discoverThrough(second)).message).toMatchObject({
      id: 2,
      result: { supportedVersions: expect.arrayContaining(['2026-07-28']) },
    });
  });
});

/** Runs one command as a person pastes it into a POSIX shell in the clone: its exit code and what it printed. */
async function runInClone(command: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)('sh', ['-c', command], { cwd: CLONE, timeout: 120_000 });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof failed.code === 'number' ? failed.code : -1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

describe("the command-line client the engine's messages name, run as given in a clone", () => {
  it('a server the browser cannot reach: the command it names lists and calls the server', async () => {
    const failed = await explainNetworkFailure(new TypeError('Failed to fetch'), demo.url, () =>
      Promise.reject(new TypeError('Failed to fetch')),
    );
    const command = /\((npm run cli -- \S+) in a clone of MCP Lens, npx mcp-lens cli \S+ from its package\)/.exec(failed.message)?.[1];
    expect(command).toBe(`npm run cli -- ${demo.url}`);
    const run = await runInClone(command!);
    // The demo server's always-fails tool is read-only, so the smoke run calls it and exits 1: it ran.
    expect(run.code, run.output).toBe(1);
    expect(run.output).toMatch(/call always-fails: isError[\s\S]*\d+ passed, 1 failed/);
  });

  it('a check a browser cannot make: the audit command it names runs the audit', async () => {
    const command = /^(npm run cli -- audit <url>) in a clone of MCP Lens, npx mcp-lens audit <url> from its package$/.exec(
      AUDIT_COMMANDS,
    )?.[1];
    expect(command).toBeDefined();
    const run = await runInClone(command!.replace('<url>', demo.url));
    // 0: no check failed, 1: one did; either way the audit ran and reported (the demo server has no CORS here).
    expect([0, 1], run.output).toContain(run.code);
    expect(run.output).toContain('dns-rebinding-protection');
  });
});
