/**
 * The nginx recipe on the wire: a real nginx (Debian's, which .ci/run installs) serves a built folder with
 * `hosting/nginx.conf`, and each path must carry what the project's static server sends. Without nginx the
 * test says so and is skipped, except on CI, where a missing nginx is a failure of the setup.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startStaticServer } from '../static-server/server.ts';
import { hostingRecipes } from './hosting-recipes.ts';
import { builtHeaders, fakeBuild, PATHS, policyHeaders, type HeaderMap } from './hosting-fixture.ts';

const nginx = ['/usr/sbin/nginx', 'nginx'].find((bin) => spawnSync(bin, ['-v']).status === 0);
if (!nginx && process.env.CI) throw new Error('nginx is missing: .ci/run installs Debian’s nginx-light for the hosting test.');
if (!nginx) console.warn('hosting-nginx.test.ts: nginx is not installed here, so the nginx recipe is checked by parsing only.');

let dir: string;
let child: ChildProcess | undefined;
let base: string;
let expected: Map<string, HeaderMap>;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

/** Polls until nginx answers; the deadline only turns a failed start into a readable error (its log is in `dir`). */
async function untilServing(url: string, deadlineMs: number): Promise<void> {
  const giveUpAt = Date.now() + deadlineMs;
  while ((await fetch(url).catch(() => undefined))?.ok !== true) {
    if (Date.now() > giveUpAt || child?.exitCode !== null) throw new Error(`nginx did not serve ${url}; see ${join(dir, 'error.log')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  if (!nginx) return;
  dir = await mkdtemp(join(tmpdir(), 'lens-nginx-'));
  const root = join(dir, 'dist');
  const entries = await fakeBuild(root);
  const reference = await startStaticServer({ root });
  expected = await builtHeaders(reference.url);
  await reference.close();

  const port = await freePort();
  // The recipe's server block, pointed at the fake build and a free loopback port; one process, no daemon,
  // every temporary path inside `dir`, so it runs as any user.
  const recipe = hostingRecipes(entries)['hosting/nginx.conf'];
  const site = recipe.replace(/listen \d+;/, `listen 127.0.0.1:${port};`).replace(/root \S+;/, `root ${root};`);
  const temp = (name: string) => `${name} ${join(dir, name)};`;
  const conf = [
    'daemon off;',
    'master_process off;',
    `pid ${join(dir, 'nginx.pid')};`,
    `error_log ${join(dir, 'error.log')};`,
    'events {}',
    'http {',
    '  access_log off;',
    ...['client_body_temp_path', 'proxy_temp_path', 'fastcgi_temp_path', 'uwsgi_temp_path', 'scgi_temp_path'].map(temp),
    site,
    '}',
  ].join('\n');
  await writeFile(join(dir, 'nginx.conf'), conf);
  child = spawn(nginx, ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: 'ignore' });
  base = `http://127.0.0.1:${port}/`;
  await untilServing(base, 60_000);
}, 90_000);

afterAll(async () => {
  child?.kill('SIGTERM');
  if (dir) await rm(dir, { recursive: true, force: true });
});

it.skipIf(!nginx)('nginx with hosting/nginx.conf sends each path the static server’s headers', async () => {
  for (const path of PATHS) expect(await policyHeaders(new URL(path.slice(1), base).href), path).toEqual(expected.get(path));
});
