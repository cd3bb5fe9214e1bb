/**
 * The command palette by keyboard alone (issue 21): it opens on recent and most-used commands, never
 * preselects a destructive one, finds saved calls, saved servers and tools, and after a choice focus goes
 * where the choice leads.
 */
import type { Page } from '@playwright/test';
import { connect, expect, openConnectionSettings, runTool, result, test } from './fixtures.ts';
import { DEMO_MCP_URL } from './servers/ports.ts';
import { nameOf, names } from './names.ts';

// Several connects and tab switches each: on two loaded cores that is more than one default timeout.
test.slow();

const palette = (page: Page) => page.getByRole('dialog', { name: names.palette.dialog });
const status = (page: Page) => page.getByRole('status').filter({ hasText: /Connected|Failed|Connecting|Disconnected/ });
const focusedIn = (page: Page, selector: string) =>
  expect.poll(() => page.evaluate((inside) => document.activeElement?.closest(inside) !== null, selector));

test('Ctrl-K, Enter never disconnects; Disconnect takes a deliberate choice', async ({ page }) => {
  await connect(page, DEMO_MCP_URL);
  await page.keyboard.press('Control+k');
  await expect(palette(page).getByRole('option', { selected: true })).not.toContainText('Disconnect');
  await page.keyboard.press('Enter');
  await expect(palette(page)).toHaveCount(0);
  await expect(status(page)).toContainText('Connected');

  await page.keyboard.press('Control+k');
  await page.keyboard.type('disconnect');
  await expect(palette(page).getByRole('option', { name: /Disconnect/ })).toBeVisible();
  await expect(palette(page).getByRole('option', { selected: true })).toHaveCount(0);
  await page.keyboard.press('Enter');
  await expect(palette(page).getByRole('status')).toContainText('Nothing is selected');
  await expect(status(page)).toContainText('Connected');
  await page.keyboard.press('ArrowDown');
  await expect(palette(page).getByRole('option', { selected: true })).toContainText('Disconnect');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: names.connection.connect, exact: true })).toBeVisible();
  // Focus lands on the Server URL, where the next step starts, not on <body>.
  await expect(page.getByRole('textbox', { name: names.connection.serverUrl })).toBeFocused();
});

test('finds a tool and a tab, focus follows the choice, and the palette opens on what was used', async ({ page }) => {
  await connect(page, DEMO_MCP_URL);
  await expect(page.getByRole('list', { name: names.tabs.tools }).getByRole('button', { name: 'echo', exact: true })).toBeVisible();

  await page.keyboard.press('Control+k');
  await page.keyboard.type('tool echo');
  await expect(palette(page).getByRole('option', { selected: true })).toContainText('echo');
  await page.keyboard.press('Enter');
  await expect(palette(page)).toHaveCount(0);
  await focusedIn(page, 'section.tool-detail').toBe(true);
  await expect(page.getByRole('button', { name: names.tools.runTool })).toBeVisible();

  await page.keyboard.press('Control+k');
  await page.keyboard.type('History');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('tab', { name: names.tabs.history })).toBeFocused();

  await page.keyboard.press('Control+k');
  const recent = palette(page).getByRole('group', { name: 'Recent' });
  await expect(recent.getByRole('option')).toHaveText([/History/, /echo/]);
  await expect(palette(page).getByRole('option', { selected: true })).toContainText('History');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('tab', { name: names.tabs.history })).toBeFocused();
});

test('finds a saved call and a saved server, each leading to its next step', async ({ page }) => {
  await connect(page, DEMO_MCP_URL);
  await runTool(page, 'echo', { args: { message: 'palette' } });
  await expect(result(page)).toContainText('palette');
  await page.getByRole('tab', { name: names.tabs.history }).click();
  const history = page.getByRole('region', { name: names.history.callHistory });
  await history.getByRole('listitem').first().getByRole('button', { name: names.history.saveRequest }).click();
  await history.getByRole('textbox', { name: names.history.requestName }).fill('Echo from the palette');
  await history.getByRole('button', { name: names.savedServers.save, exact: true }).click();
  await page.getByRole('tab', { name: names.tabs.tools }).click();

  await page.keyboard.press('Control+k');
  await page.keyboard.type('echo from');
  await expect(palette(page).getByRole('option', { selected: true })).toContainText('Saved call');
  await page.keyboard.press('Enter');
  const run = page.getByRole('button', { name: nameOf.runSavedRequest('Echo from the palette') });
  await expect(run).toBeFocused();

  await openConnectionSettings(page);
  await page.getByRole('button', { name: names.connection.saveServer }).click();
  const form = page.getByRole('form', { name: names.connection.saveServer });
  await form.getByRole('textbox', { name: names.savedServers.formName }).fill('Palette demo');
  await form.getByRole('button', { name: names.savedServers.save, exact: true }).click();
  await page.keyboard.press('Control+k');
  await page.keyboard.type('palette demo');
  // Connecting elsewhere would end this session: listed, marked, and not preselected.
  const option = palette(page).getByRole('option', { name: /Connect to Palette demo/ });
  await expect(option).toContainText('Saved server · ends or replaces');
  await expect(palette(page).getByRole('option', { selected: true })).toHaveCount(0);
  await page.keyboard.press('Escape');
});
