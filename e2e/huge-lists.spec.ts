/**
 * Data volume: 10,000 tools in one answer, a cursor that never ends, and session files that are crafted or
 * huge. The page stays usable: lists render a window of rows, paging stops with "Load more", and a bad file
 * opens with what was wrong left out.
 */
import { writeFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { connect, expect, openApp, openServerDetails, test } from './fixtures.ts';
import { HOST, hostileUrl } from './servers/ports.ts';
import { names } from './names.ts';

/** The longest main-thread task from now on, for the test's annotations (a figure, not an assertion). */
async function watchLongTasks(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const state = window as unknown as { __longest: number };
    state.__longest = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) state.__longest = Math.max(state.__longest, entry.duration);
    }).observe({ type: 'longtask' });
  });
  return () => page.evaluate(() => (window as unknown as { __longest: number }).__longest);
}

test('10,000 tools render as a window of rows, and the keyboard still reaches every one', async ({ page }, testInfo) => {
  await openApp(page);
  const longest = await watchLongTasks(page);
  await page.getByRole('textbox', { name: names.connection.serverUrl }).fill(hostileUrl('huge-tools'));
  await page.getByRole('button', { name: names.connection.connect, exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /Connected|Failed/ })).toContainText('Connected');
  const tools = page.getByRole('list', { name: names.tabs.tools });
  await expect(page.getByText('10000 tools')).toBeVisible();
  await expect(tools.getByRole('button', { name: 'tool-0', exact: true })).toBeVisible();
  // Only a window of the 10,000 is in the page.
  expect(await tools.getByRole('listitem').count()).toBeLessThan(100);

  await tools.getByRole('button', { name: 'tool-0', exact: true }).focus();
  await page.keyboard.press('End');
  await expect(tools.getByRole('button', { name: 'tool-9999', exact: true })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(tools.getByRole('button', { name: 'tool-9998', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: names.tools.runTool })).toBeVisible();
  await expect(tools.getByRole('listitem').filter({ has: page.getByRole('button', { name: 'tool-9998', exact: true }) })).toHaveAttribute(
    'aria-posinset',
    '9999',
  );
  testInfo.annotations.push({ type: 'longest main-thread task (ms)', description: String(await longest()) });
});

test('a cursor that never ends stops after 20 pages, says so, and loads more on request', async ({ page }) => {
  await connect(page, hostileUrl('endless-cursor'));
  const note = page.getByRole('note').filter({ hasText: 'Stopped after 20 pages; the server has more.' });
  await expect(note).toBeVisible();
  await expect(page.getByText('40 tools')).toBeVisible();
  await note.getByRole('button', { name: names.tools.loadMore }).click();
  await expect(page.getByText('80 tools')).toBeVisible();
  const tools = page.getByRole('list', { name: names.tabs.tools });
  await tools.getByRole('button', { name: 'page-0-a', exact: true }).focus();
  await page.keyboard.press('End');
  await expect(tools.getByRole('button', { name: 'page-39-b', exact: true })).toBeFocused();
});

const ICON_URL = `http://${HOST}:9/never-fetched.png`;

/** A file whose fields have the wrong types everywhere, naming icons on another host. */
function craftedFile() {
  const message = (seq: number, message: unknown) => ({
    id: `m${seq}`,
    type: 'message',
    entry: {
      seq,
      time: 1_700_000_000_000 + seq,
      direction: seq % 2 ? 'out' : 'in',
      kind: seq % 2 ? 'request' : 'response',
      rpcId: 1,
      message,
    },
  });
  return {
    format: 'mcp-lens-session',
    version: 2,
    savedAt: '2026-12-01T00:00:00.000Z',
    app: { name: 'MCP Lens', version: '0.1.0' },
    connection: { url: {}, transport: 'auto', headerNames: [null, 5] },
    server: {
      url: 'http://127.0.0.1:9/mcp',
      transport: 'streamable-http',
      era: 'legacy',
      eraReason: 5,
      protocolVersion: '2025-11-25',
      server: { name: 'Crafted server', version: '1', icons: [{ src: ICON_URL }] },
      capabilities: { tools: {} },
    },
    lists: {
      'tools/list': { pages: 1, items: [{ name: 'crafted-tool', inputSchema: { type: 'object' }, icons: [{ src: ICON_URL }] }, 5, null] },
    },
    results: [
      {
        time: 1,
        tool: 'crafted-tool',
        arguments: {},
        outcome: { content: 'a string', isError: false, outputSchemaErrors: 'a string', durationMs: 1 },
      },
      null,
    ],
    http: {
      evicted: 0,
      exchanges: [{ seq: 1, time: 1, method: 'POST', url: 'http://127.0.0.1:9/mcp', requestHeaders: [null, 5], durationMs: 1 }, 5],
    },
    log: {
      evicted: 0,
      items: [
        message(1, { jsonrpc: '2.0', id: 1, method: 'tools/list' }),
        message(2, { jsonrpc: '2.0', id: 1, result: 'not an object' }),
        5,
        null,
      ],
    },
  };
}

test('a crafted session file opens with what was wrong left out, and nothing it names is fetched', async ({ page }) => {
  const fetched: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('never-fetched')) fetched.push(request.url());
  });
  await openApp(page);
  await page.getByLabel('Session file to open').setInputFiles({
    name: 'crafted.mcplens.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(craftedFile())),
  });
  await expect(page.getByRole('region', { name: 'Saved session' })).toContainText('read-only');
  const log = page.getByRole('region', { name: names.log.region });
  await expect(log).toContainText('log items of the wrong shape; left out');
  await expect(page.getByRole('button', { name: 'crafted-tool', exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Icon not shown: Icons named in a saved session are not loaded.' }).first()).toBeVisible();
  // The app is whole: the connection bar and the tabs are still there.
  await expect(page.getByRole('tab', { name: names.tabs.tools })).toBeVisible();
  await expect(page.getByRole('textbox', { name: names.connection.serverUrl })).toBeVisible();
  expect(fetched).toEqual([]);
});

test('a 50,000-message file with 5,000 tools, a 500 KB name and an 8 MB note opens, cut with markers', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const longName = 'N'.repeat(500 * 1024);
  const file = {
    format: 'mcp-lens-session',
    version: 2,
    savedAt: '2026-12-01T00:00:00.000Z',
    app: { name: 'MCP Lens', version: '0.1.0' },
    connection: { url: 'http://127.0.0.1:9/mcp', transport: 'auto', headerNames: [] },
    server: {
      url: 'http://127.0.0.1:9/mcp',
      transport: 'streamable-http',
      era: 'legacy',
      eraReason: 'Pinned.',
      protocolVersion: '2025-11-25',
      server: { name: longName, version: '1', icons: [] },
      capabilities: { tools: {} },
    },
    lists: {
      'tools/list': {
        pages: 1,
        items: Array.from({ length: 5000 }, (_, index) => ({
          name: `big-tool-${index}`,
          description: 'd',
          inputSchema: { type: 'object' },
        })),
      },
    },
    results: [],
    http: { evicted: 0, exchanges: [] },
    log: {
      evicted: 0,
      items: [
        { id: 'huge-note', type: 'note', seq: 1, time: 1, level: 'info', text: 'x'.repeat(8 * 1024 * 1024) },
        ...Array.from({ length: 50_000 }, (_, index) => ({
          id: `m${index}`,
          type: 'message',
          entry: {
            seq: index,
            time: 1 + index,
            direction: 'in',
            kind: 'notification',
            method: 'notifications/message',
            message: { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: `line ${index}` } },
          },
        })),
      ],
    },
  };
  await openApp(page);
  const longest = await watchLongTasks(page);
  // From disk: a buffer would be decoded by Playwright's script in the page, a long task of the test's own.
  const path = testInfo.outputPath('huge.mcplens.json');
  await writeFile(path, JSON.stringify(file));
  await page.getByLabel('Session file to open').setInputFiles(path);
  await expect(page.getByRole('region', { name: 'Saved session' })).toContainText('read-only', { timeout: 60_000 });
  await expect(page.getByText('5000 tools')).toBeVisible();
  expect(await page.getByRole('list', { name: names.tabs.tools }).getByRole('listitem').count()).toBeLessThan(100);
  // The server info is written only when opened (a hostile one can be megabytes): opened, it shows the name cut.
  await openServerDetails(page);
  const info = page.locator('.server-panel details', { hasText: 'Server info' });
  await info.locator('summary').click();
  await expect(info).toContainText(/…\[truncated \d+ chars\]/);
  // The notes lead the log, which follows its newest entry: find them by filter.
  const log = page.getByRole('region', { name: names.log.region });
  await log.getByRole('textbox', { name: names.log.filter }).fill('overlong');
  await expect(log).toContainText('overlong texts were cut');
  testInfo.annotations.push({ type: 'longest main-thread task (ms)', description: String(await longest()) });
});
