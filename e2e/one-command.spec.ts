/**
 * The one command for a stdio server in a clone, `npm start -- -- <command>` (issue 36), as a person meets it:
 * the link it prints opens a page that connects at once, without the question a relay's link gets from any
 * other page, because the page's own server started that relay and says so (`LAUNCH_META`). startLocal is
 * the function `npm start` runs; the package's `npx mcp-lens -- <command>` serves the same tag
 * (scripts/check-package.mjs checks it there).
 */
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { startLocal } from '../src/node/start-local.ts';
import { expect, openServerDetails, test } from './fixtures.ts';
import { names } from './names.ts';

const REPOSITORY = fileURLToPath(new URL('..', import.meta.url));
const FIXTURE = join(REPOSITORY, 'src/test/servers/relay-stdio-modern-fixture.ts');
const TSX = pathToFileURL(join(REPOSITORY, 'node_modules/tsx/dist/loader.mjs')).href;
const LINK_LINE = 'MCP Lens, connected to it: ';

test('npm start -- -- <command>: its link opens the app connected to the stdio server, without asking', async ({ page }) => {
  const printed: string[] = [];
  const stop = new AbortController();
  const done = startLocal(
    {
      env: { ...process.env, PORT: '0' },
      stdout: (text) => printed.push(text),
      stderr: (text) => printed.push(text),
      signal: stop.signal,
    },
    ['--', process.execPath, '--import', TSX, FIXTURE],
    { dist: join(REPOSITORY, 'dist/') },
  );
  try {
    await expect.poll(() => printed.find((line) => line.startsWith(LINK_LINE)), { timeout: 60_000 }).toBeDefined();
    const link = printed.find((line) => line.startsWith(LINK_LINE))!.slice(LINK_LINE.length);
    await page.goto(link);
    await expect(page.getByRole('status').filter({ hasText: /Connected|Failed/ })).toContainText('Connected', { timeout: 30_000 });
    await expect(page.getByRole('region', { name: names.links.request })).toHaveCount(0);
    expect(page.url()).not.toContain('relay-token');
    await openServerDetails(page);
    await expect(page.locator('.server-panel')).toContainText('relay-stdio-modern-fixture');
  } finally {
    stop.abort();
    await done;
  }
});
