/** Session files: save a live session, open it later read-only, and refuse files that are not one. */
import { readFile } from 'node:fs/promises';
import { connect, expect, openApp, test } from './fixtures.ts';
import { DEMO_MCP_URL } from './servers/ports.ts';
import { names } from './names.ts';

test('saves a session to a file and browses it later, read-only, like a live one', async ({ page }, testInfo) => {
  // A 2025 session: the file keeps its session id, which the replay shows.
  await connect(page, DEMO_MCP_URL, { era: '2025 and older' });
  await page.getByRole('button', { name: 'echo', exact: true }).click();
  await page.getByRole('button', { name: 'JSON' }).click();
  await page.getByRole('textbox', { name: 'Arguments (JSON)' }).fill('{"message":"saved for later"}');
  await page.getByRole('button', { name: names.tools.runTool }).click();
  await expect(page.getByRole('region', { name: names.tools.result })).toContainText('saved for later');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: names.workspace.saveSession }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^mcp-lens-.*\.mcplens\.json$/);
  const path = testInfo.outputPath('session.mcplens.json');
  await download.saveAs(path);
  const saved = JSON.parse(await readFile(path, 'utf8'));
  expect(saved).toMatchObject({ format: 'mcp-lens-session', version: 2 });

  // Later, in a fresh app with no server connected.
  await openApp(page);
  await page.getByLabel('Session file to open').setInputFiles(path);
  const banner = page.getByRole('region', { name: 'Saved session' });
  await expect(banner).toContainText('read-only');
  await expect(page.getByRole('main')).toContainText('MCP Lens Demo Server');
  const results = page.getByRole('region', { name: 'Saved results' });
  await expect(results).toContainText('saved for later');

  const log = page.getByRole('region', { name: names.log.region });
  await expect(log).toContainText('tools/call');
  await log.getByRole('textbox', { name: names.log.filter }).fill('tools/call');
  await log.getByText('tools/call').first().click();
  await expect(log).toContainText('"message": "saved for later"');

  // The HTTP view came along, linked to the messages it carried.
  await log.getByRole('button', { name: names.http.showExchange }).click();
  const http = page.getByRole('region', { name: 'HTTP exchanges' });
  await expect(http).toBeVisible();
  const detail = http.getByRole('region', { name: 'Selected HTTP exchange' });
  await expect(detail).toContainText('POST');
  await expect(detail).toContainText('Session id');
  await detail.getByRole('button', { name: /→ request tools\/call/ }).click();
  await expect(page.getByRole('region', { name: names.log.region })).toBeVisible();

  await banner.getByRole('button', { name: 'Close saved session' }).click();
  await expect(banner).toBeHidden();
  await expect(page.getByRole('region', { name: names.log.region })).toContainText('No messages yet');
});

test('explains why a file cannot be opened', async ({ page }, testInfo) => {
  await openApp(page);
  const input = page.getByLabel('Session file to open');

  await input.setInputFiles({
    name: 'broken.mcplens.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"format":"mcp-lens-session","version":1,"log":{'),
  });
  await expect(page.getByRole('alert')).toContainText('broken.mcplens.json: This file is not valid JSON');

  const future = { format: 'mcp-lens-session', version: 99 };
  await input.setInputFiles({ name: 'future.mcplens.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(future)) });
  await expect(page.getByRole('alert')).toContainText('saved by a newer MCP Lens (format version 99');
  void testInfo;
});

test('the HTTP view shows each exchange and links to the messages it carried', async ({ page }) => {
  await connect(page, DEMO_MCP_URL, { era: '2025 and older' });
  await page.getByRole('button', { name: names.http.http, exact: true }).click();
  const http = page.getByRole('region', { name: 'HTTP exchanges' });
  await expect(http.getByRole('button', { name: /POST.*200/ }).first()).toBeVisible();
  await http
    .getByRole('button', { name: /POST.*200/ })
    .first()
    .click();
  const detail = http.getByRole('region', { name: 'Selected HTTP exchange' });
  await expect(detail).toContainText('Request headers');
  await expect(detail).toContainText('Response headers');
  await expect(detail).toContainText('mcp-session-id');
  await detail.getByRole('button', { name: /→ request initialize/ }).click();
  const log = page.getByRole('region', { name: names.log.region });
  await expect(log.getByRole('region', { name: names.log.selected })).toContainText('"method": "initialize"');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: names.http.http, exact: true }).click();
  await http.getByRole('button', { name: names.http.exportHar }).click();
  const har = JSON.parse(await readFile(await (await downloading).path(), 'utf8'));
  expect(har.log.version).toBe('1.2');
  expect(har.log.entries.length).toBeGreaterThan(1);
});
