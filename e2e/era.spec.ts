/**
 * Speaking 2026-07-28 beside 2025: the Protocol setting, what the server panel says about the era and
 * why, and what the 2026-07-28 wire adds to the log, the HTTP view and the Logs tab.
 */
import { readFile, writeFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { connect, expect, openApp, openConnectionSettings, openServerDetails, test, showTab } from './fixtures.ts';
import { EVERYTHING_MCP_URL, MODERN_MCP_URL } from './servers/ports.ts';
import { names } from './names.ts';

test('Protocol defaults to Auto, remembers a change across a reload, and shows the era this origin spoke', async ({ page }) => {
  await openApp(page, EVERYTHING_MCP_URL);
  await openConnectionSettings(page);
  const protocol = page.getByRole('combobox', { name: names.connection.protocol });
  await expect(protocol).toHaveValue('auto');
  await expect(protocol.locator('option')).toHaveText(['Auto', '2026-07-28', '2025 and older']);

  // server-everything speaks 2025: Auto finds that out without a settings change.
  await page.getByRole('button', { name: names.connection.connect, exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /Connected|Failed/ })).toContainText('Connected');
  await openConnectionSettings(page);
  await expect(protocol).toHaveAccessibleDescription('last: 2025');

  await protocol.selectOption('2026-07-28');
  await expect(protocol).not.toHaveAccessibleDescription('last: 2025');
  await page.reload();
  await openConnectionSettings(page);
  await expect(page.getByRole('combobox', { name: names.connection.protocol })).toHaveValue('modern');
  await page.getByRole('combobox', { name: names.connection.protocol }).selectOption('Auto');
  await expect(page.getByRole('combobox', { name: names.connection.protocol })).toHaveAccessibleDescription('last: 2025');
});

test('server panel on a 2025 server (server-everything, Auto): the 2025 era and why', async ({ page }) => {
  await connect(page, EVERYTHING_MCP_URL);
  await openServerDetails(page);
  const panel = page.locator('.server-panel');
  await expect(panel.locator('.era-badge')).toHaveText('2025 era');
  await expect(panel.locator('.era-reason')).toContainText('server/discover got HTTP');
  await expect(panel.locator('.era-reason')).toContainText('so MCP Lens connected with the 2025 initialize handshake');
  await expect(panel).toContainText('2025-11-25');
  await expect(page.getByRole('button', { name: 'Ping' })).toBeEnabled();
  // A 2025 server gets no discover result, and no deprecation badges.
  await expect(panel.getByText('Discover result')).toHaveCount(0);
  await page.getByRole('tab', { name: names.tabs.logs }).click();
  await expect(page.getByRole('combobox', { name: names.serverLogs.level })).toBeVisible();
  await expect(page.getByText('deprecated in 2026-07-28')).toHaveCount(0);
});

test('server panel on a 2026-07-28 server: era, versions, no session by design, no ping, the discover result', async ({ page }) => {
  await connect(page, MODERN_MCP_URL);
  await openServerDetails(page);
  const panel = page.locator('.server-panel');
  await expect(panel.getByRole('heading', { name: /Modern fixture/ })).toBeVisible();
  await expect(panel.locator('.era-badge')).toHaveText('2026-07-28 (stateless)');
  await expect(panel.locator('.era-reason')).toHaveText("server/discover answered with 2026-07-28 among the server's supported versions.");
  await expect(panel).toContainText('supports 2026-07-28');
  await expect(panel.locator('.server-no-session')).toContainText('2026-07-28 is stateless');

  const ping = page.getByRole('button', { name: 'Ping' });
  await expect(ping).toBeDisabled();
  await expect(ping).toHaveAccessibleDescription('Ping is not in 2026-07-28');

  const discover = panel.locator('details', { hasText: 'Discover result' });
  await expect(discover).not.toHaveAttribute('open', '');
  await discover.locator('summary').click();
  await expect(discover.locator('pre')).toContainText('"supportedVersions"');
  // Like the discover result, the server info is written only when opened (a hostile one can be megabytes).
  const info = panel.locator('details', { hasText: 'Server info' });
  await info.locator('summary').click();
  await expect(info.locator('pre')).toContainText('lens-modern-fixture');
});

test('Logs on a 2026-07-28 server: a level per request, info by default, Off sends none', async ({ page }) => {
  await connect(page, MODERN_MCP_URL);
  await page.getByRole('tab', { name: names.tabs.logs }).click();
  const level = page.getByRole('combobox', { name: 'Log level per request' });
  await expect(level).toHaveValue('info');
  await expect(page.getByRole('tabpanel')).toContainText('deprecated in 2026-07-28');
  await expect(level.locator('option').first()).toHaveText('Off');

  await runGreet(page, 'Ada');
  await page.getByRole('tab', { name: names.tabs.logs }).click();
  const list = page.getByRole('list', { name: names.serverLogs.list });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('greeting Ada');

  await level.selectOption('Off');
  await expect(level).toHaveValue('off');
  await runGreet(page, 'Grace');
  await page.getByRole('tab', { name: names.tabs.logs }).click();
  await expect(list.getByRole('listitem')).toHaveCount(1);

  await showTab(page, names.tabs.roots);
  await expect(page.getByRole('tabpanel')).toContainText('deprecated in 2026-07-28');
});

test('the Message log labels the era probe and keeps the request _meta envelope collapsed', async ({ page }) => {
  await connect(page, MODERN_MCP_URL);
  const log = page.getByRole('region', { name: names.log.region });
  const probe = log.getByRole('button', { name: /request era probe server\/discover/ });
  await expect(probe).toBeVisible();
  await expect(log.getByRole('button', { name: /response era probe server\/discover/ })).toBeVisible();

  await probe.click();
  const detail = log.getByRole('region', { name: names.log.selected });
  const meta = detail.locator('details.log-meta');
  await expect(meta.locator('summary')).toContainText('Request _meta');
  await expect(meta.locator('summary')).toContainText('protocolVersion');
  await expect(meta).not.toHaveAttribute('open', '');
  await expect(detail.locator('> pre.code-block')).not.toContainText('io.modelcontextprotocol/clientInfo');
  await meta.locator('summary').click();
  await expect(meta.locator('pre')).toContainText('"io.modelcontextprotocol/protocolVersion": "2026-07-28"');

  await log.getByRole('button', { name: /response era probe server\/discover/ }).click();
  await expect(detail.locator('.log-result-type')).toHaveText('resultType complete');
  // Each message starts with its _meta collapsed, whatever the previous one had open.
  await expect(detail.locator('details.log-meta summary')).toContainText('Result _meta');
  await expect(detail.locator('details.log-meta')).not.toHaveAttribute('open', '');
});

test('a saved session shows the era it was recorded with, and one from an older MCP Lens shows it as unknown', async ({
  page,
}, testInfo) => {
  await connect(page, MODERN_MCP_URL);
  const path = testInfo.outputPath('modern.mcplens.json');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: names.workspace.saveSession }).click();
  await (await downloading).saveAs(path);

  await openApp(page);
  await page.getByLabel('Session file to open').setInputFiles(path);
  await openServerDetails(page);
  await expect(page.locator('.era-badge')).toHaveText('2026-07-28 (stateless)');
  await expect(page.getByRole('button', { name: 'Ping' })).toHaveAccessibleDescription('Ping is not in 2026-07-28');

  // As saved before the era existed: no era, no reason, no discover result.
  const file = JSON.parse(await readFile(path, 'utf8')) as { server: Record<string, unknown> };
  for (const key of ['era', 'eraReason', 'supportedVersions', 'discover']) delete file.server[key];
  const older = testInfo.outputPath('older.mcplens.json');
  await writeFile(older, JSON.stringify(file));
  await openApp(page);
  await page.getByLabel('Session file to open').setInputFiles(older);
  await openServerDetails(page);
  await expect(page.locator('.era-badge')).toHaveText('era unknown');
  await expect(page.locator('.server-panel')).toContainText('did not record the protocol era');
  await expect(page.getByRole('button', { name: 'Ping' })).toHaveAccessibleDescription('Replay is read-only — connect to run.');
});

test('the HTTP view lists the Mcp-* headers and decodes a Base64 value', async ({ page }) => {
  await connect(page, MODERN_MCP_URL);
  await page.getByRole('tab', { name: names.tabs.tools }).click();
  await page.getByRole('button', { name: /^grüße/ }).click();
  await page.getByRole('button', { name: names.tools.runTool }).click();
  await expect(page.getByRole('region', { name: names.tools.result })).toContainText('Grüß Gott!');

  await page.getByRole('button', { name: names.http.http, exact: true }).click();
  const http = page.getByRole('region', { name: 'HTTP exchanges' });
  await http.locator('.http-row', { hasText: 'tools/call' }).last().getByRole('button').click();
  const headers = http.getByRole('region', { name: 'MCP headers' });
  await expect(headers.getByRole('row', { name: /mcp-method/i })).toContainText('tools/call');
  await expect(headers.getByRole('row', { name: /mcp-protocol-version/i })).toContainText('2026-07-28');
  const name = headers.getByRole('row', { name: /mcp-name/i });
  await expect(name).toContainText('grüße');
  await expect(name).toContainText('Base64-decoded');
  await expect(name).toContainText('raw =?base64?Z3LDvMOfZQ==?=');
  // Opened before any message's detail was, the exchange's detail takes its share of the pane, not all of it:
  // the list stays in view beside it, with the chosen exchange.
  await expect(http.locator('.http-row-button[aria-current="true"]')).toBeInViewport();
});

async function runGreet(page: Page, who: string) {
  await page.getByRole('tab', { name: names.tabs.tools }).click();
  await page.getByRole('button', { name: /^greet/ }).click();
  await page.getByLabel(/^name/).fill(who);
  await page.getByRole('button', { name: names.tools.runTool }).click();
  await expect(page.getByRole('region', { name: names.tools.result })).toContainText(`Hello, ${who}!`);
}
