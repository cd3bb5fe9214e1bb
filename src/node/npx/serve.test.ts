import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { RunningStaticServer } from '../static-server/server.ts';
import { CSP } from '../static-server/csp.ts';
import { serveApp, type ServeEffects } from './serve.ts';

let dir: string;
const servers: RunningStaticServer[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-lens-npx-'));
  await mkdir(join(dir, 'app'));
  await writeFile(join(dir, 'app', 'index.html'), '<!doctype html><title>app</title>');
  await writeFile(join(dir, 'relay.mjs'), 'beside the app, never served');
});

afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  await rm(dir, { recursive: true, force: true });
});

/** Effects that record what the person would see, and a browser that opens as told. */
function effects(opens: boolean) {
  const log: string[] = [];
  const warnings: string[] = [];
  const opened: string[] = [];
  const value: ServeEffects = {
    appRoot: join(dir, 'app'),
    log: (line) => log.push(line),
    warn: (line) => warnings.push(line),
    openBrowser: (url) => {
      opened.push(url);
      return Promise.resolve(opens);
    },
  };
  return { value, log, warnings, opened };
}

describe('npx mcp-lens', () => {
  it('serves the app with its headers and prints its address, and what the relay needs to open it', async () => {
    const seen = effects(true);
    const server = await serveApp({ port: 0, host: '127.0.0.1', open: false }, seen.value);
    servers.push(server);
    const page = await fetch(server.url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe(CSP);
    expect((await fetch(new URL('../relay.mjs', server.url))).status).toBe(404);
    expect(seen.log[0]).toBe(`MCP Lens: ${server.url}`);
    // Port 0 is not 5173, so the relay's default link would miss it: the person is told how to point it here.
    expect(seen.log[1]).toContain(`mcp-lens relay --lens ${server.url}`);
    expect(seen.warnings).toEqual([]);
    expect(seen.opened).toEqual([]);
  });

  it('opens the browser when asked, and says to open the address by hand when that fails', async () => {
    const opening = effects(true);
    servers.push(await serveApp({ port: 0, host: '127.0.0.1', open: true }, opening.value));
    await expect.poll(() => opening.opened).toHaveLength(1);
    expect(opening.warnings).toEqual([]);

    const failing = effects(false);
    const server = await serveApp({ port: 0, host: 'localhost', open: true }, failing.value);
    servers.push(server);
    await expect.poll(() => failing.warnings).toEqual([`Could not open a browser; open ${server.url} yourself.`]);
  });

  it('warns before listening where other machines can reach it, and prints a loopback address to open', async () => {
    const seen = effects(true);
    const server = await serveApp({ port: 0, host: '0.0.0.0', open: true }, seen.value);
    servers.push(server);
    expect(seen.warnings[0]).toMatch(/^Warning: listening on 0\.0\.0\.0, where other machines can load MCP Lens, over plain HTTP/);
    expect(seen.log[0]).toMatch(/^MCP Lens: http:\/\/127\.0\.0\.1:\d+\/$/);
    await expect.poll(() => seen.opened).toEqual([seen.log[0]!.slice('MCP Lens: '.length)]);
  });

  it('lets a taken port fail as it is, for the command to explain', async () => {
    const first = servers[0]!;
    const port = Number(new URL(first.url).port);
    await expect(serveApp({ port, host: '127.0.0.1', open: false }, effects(true).value)).rejects.toMatchObject({ code: 'EADDRINUSE' });
  });
});
