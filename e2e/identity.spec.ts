/**
 * One connection, one identity (issue 34): the Server URL box, the switcher, the status, the palette and the
 * Connect again? question always name the connection they act on, and the bar keeps its host and port
 * visible beside the header and relay badges.
 */
import type { Page } from '@playwright/test';
import { connect, expect, openConnectionSettings, test } from './fixtures.ts';
import { nameOf, names } from './names.ts';
import { APP_URL, DEMO_MCP_URL, E2E_RELAY_TOKEN, EVERYTHING_MCP_URL, RELAY_HTTP_URL } from './servers/ports.ts';

const CONNECTED = { timeout: 30_000 };
const switcher = (page: Page) => page.getByRole('navigation', { name: names.workspace.connections });
const urlBox = (page: Page) => page.getByRole('textbox', { name: names.connection.serverUrl });
const connectButton = (page: Page) => page.getByRole('button', { name: names.connection.connect, exact: true });
const status = (page: Page) => page.getByRole('status').filter({ hasText: /Connected|Connecting|Disconnected|Failed/ });
const addressUrl = (page: Page) => new URL(page.url()).searchParams.get('url');
const hostAndPath = (url: string) => `${new URL(url).host}${new URL(url).pathname}`;
const DEMO = 'MCP Lens Demo Server';

test('a URL typed while connected opens as its own connection; the first keeps its URL, its name and its Connect', async ({
  page,
}, testInfo) => {
  await connect(page, DEMO_MCP_URL);
  await urlBox(page).fill(EVERYTHING_MCP_URL);
  await connectButton(page).click();

  // The question says what changed and where each answer goes.
  const question = page.getByRole('group', { name: names.connection.connectAgain });
  await expect(question).toContainText(`The URL changed from ${DEMO_MCP_URL} to ${EVERYTHING_MCP_URL}.`);
  await expect(question.getByRole('button', { name: nameOf.reconnectHereTo(hostAndPath(EVERYTHING_MCP_URL)) })).toBeVisible();
  const openNew = question.getByRole('button', { name: nameOf.openNewConnectionTo(hostAndPath(EVERYTHING_MCP_URL)) });
  await expect(openNew).toBeFocused();
  await question.screenshot({ path: testInfo.outputPath('connect-again-url-changed.png') });
  await openNew.click();

  // The new connection is on screen, with its own URL in the box and the address.
  await expect(switcher(page).getByRole('button', { name: /, connected$/ })).toHaveCount(2, CONNECTED);
  const everything = switcher(page).getByRole('button', { name: /^Everything/ });
  await expect(everything).toHaveAttribute('aria-current', 'true');
  await expect(urlBox(page)).toHaveValue(EVERYTHING_MCP_URL);
  await expect.poll(() => addressUrl(page)).toBe(EVERYTHING_MCP_URL);

  // The first connection shows its own server again: the draft left with the new connection.
  const demo = switcher(page).getByRole('button', { name: nameOf.connectionButton(DEMO, 'connected') });
  await demo.click();
  await expect(urlBox(page)).toHaveValue(DEMO_MCP_URL);
  await expect.poll(() => addressUrl(page)).toBe(DEMO_MCP_URL);
  await expect(status(page)).toContainText(`Connected (${DEMO})`);

  // Disconnect keeps its name; Connect goes back to its own server.
  await page.getByRole('button', { name: names.connection.disconnect }).click();
  await expect(switcher(page).getByRole('button', { name: nameOf.connectionButton(DEMO, 'not connected') })).toBeVisible();
  await expect(urlBox(page)).toHaveValue(DEMO_MCP_URL);
  await connectButton(page).click();
  await expect(switcher(page).getByRole('button', { name: nameOf.connectionButton(DEMO, 'connected') })).toBeVisible(CONNECTED);
  await expect(everything).toHaveAccessibleName(/^Everything.*, connected$/);

  // Nothing changed: the question says so, and a second connection to the same server is numbered.
  await connectButton(page).click();
  await expect(question).toContainText(`Already connected to ${DEMO_MCP_URL}.`);
  await question.getByRole('button', { name: nameOf.openNewConnectionTo(hostAndPath(DEMO_MCP_URL)) }).click();
  const second = switcher(page).getByRole('button', { name: nameOf.connectionButton(`${DEMO} · 2`, 'connected') });
  await expect(second).toHaveAttribute('aria-current', 'true', CONNECTED);
  await expect(status(page)).toContainText(`Connected (${DEMO} · 2)`);
  await page.locator('.app-header').screenshot({ path: testInfo.outputPath('toolbar-second-connection.png') });
  await switcher(page).screenshot({ path: testInfo.outputPath('switcher-numbered.png') });

  // The palette names the others as the switcher does.
  await page.keyboard.press('Control+k');
  await page.keyboard.type('switch to');
  const palette = page.getByRole('dialog');
  await expect(palette.locator('.palette-scope')).toHaveText(`On ${DEMO} · 2`);
  await expect(palette.getByRole('option', { name: new RegExp(`^${nameOf.switchTo(DEMO)}\\b(?! ·)`) })).toBeVisible();
  await expect(palette.getByRole('option', { name: /^Switch to Everything/ })).toBeVisible();
  await expect(palette.getByRole('option', { name: /Switch to .*· 2/ })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Its exports carry its name.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: names.workspace.saveSession }).click();
  expect((await downloading).suggestedFilename()).toMatch(/^mcp-lens-mcp-lens-demo-server-2-[\dT-]+\.mcplens\.json$/);
});

test('a saved server opens under its saved name', async ({ page }) => {
  await connect(page, DEMO_MCP_URL);
  await openConnectionSettings(page);
  await page.getByRole('button', { name: names.connection.saveServer }).click();
  const form = page.getByRole('form', { name: names.connection.saveServer });
  await form.getByRole('textbox', { name: names.savedServers.formName }).fill('Staging demo');
  await form.getByRole('button', { name: names.savedServers.save, exact: true }).click();

  await page.getByRole('button', { name: names.workspace.addConnection }).click();
  await page.getByRole('button', { name: nameOf.connectToSaved('Staging demo') }).click();
  await expect(switcher(page).getByRole('button', { name: /, connected$/ })).toHaveCount(2, CONNECTED);
  // Both connections are to the saved server: both carry its name, the second numbered.
  await expect(switcher(page).getByRole('button', { name: nameOf.connectionButton('Staging demo · 2', 'connected') })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await expect(switcher(page).getByRole('button', { name: nameOf.connectionButton('Staging demo', 'connected') })).toBeVisible();
});

for (const scheme of ['light', 'dark'] as const) {
  test(`the Server URL keeps its host and port beside the header and relay badges at 1280 px, ${scheme}`, async ({ page }, testInfo) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(`${APP_URL}?url=${encodeURIComponent(RELAY_HTTP_URL)}#relay-token=${E2E_RELAY_TOKEN}`);
    await connectButton(page).click();
    await expect(status(page)).toContainText('Connected', CONNECTED);
    await expect(status(page)).toContainText('via local relay');
    await expect(page.getByRole('button', { name: /^Connection settings · 1 header/ })).toBeVisible();
    // The whole URL fits its box: nothing of the host or port scrolls out of sight.
    const box = urlBox(page);
    await expect(box).toHaveValue(RELAY_HTTP_URL);
    const fits = await box.evaluate((input: HTMLInputElement) => input.scrollWidth <= input.clientWidth);
    expect(fits).toBe(true);
    // The bar stays one row: the status did not wrap under it.
    const [urlTop, statusTop] = await Promise.all([box.boundingBox(), status(page).boundingBox()]);
    expect(Math.abs(urlTop!.y + urlTop!.height / 2 - (statusTop!.y + statusTop!.height / 2))).toBeLessThan(8);
    await page.locator('.app-header').screenshot({ path: testInfo.outputPath(`connection-bar-relay-${scheme}.png`) });
    await page.screenshot({ path: testInfo.outputPath(`connection-bar-relay-1280-${scheme}.png`) });
  });
}
