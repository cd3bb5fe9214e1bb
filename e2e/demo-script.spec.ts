/**
 * Demo mode's script: a server's saved requests, stepped with one key. Each step shows the tool with its
 * form filled in, then its result (and its app). Screenshots at 1280×720, light and dark, go with the output.
 */
import type { Page } from '@playwright/test';
import { scanBothThemes, shootBothThemes } from './axe.ts';
import { chooseEra, expect, result, test } from './fixtures.ts';
import { APP_URL, DEMO_MCP_URL } from './servers/ports.ts';
import { nameOf, names } from './names.ts';

const SCRIPT = [
  {
    id: 's1',
    name: 'Say hello',
    tool: 'echo',
    arguments: { message: 'Hello from the script', shout: true },
    server: DEMO_MCP_URL,
    savedAt: 1,
  },
  { id: 's2', name: 'Sales in the south', tool: 'show-sales', arguments: { region: 'south' }, server: DEMO_MCP_URL, savedAt: 2 },
];

async function openWithScript(page: Page) {
  // Only the app's own page: the init script also runs in the apps' sandboxed frames, which have no storage.
  await page.addInitScript((saved) => {
    if (window.top === window) localStorage.setItem('mcp-lens.saved-requests', saved);
  }, JSON.stringify(SCRIPT));
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`${APP_URL}?url=${encodeURIComponent(DEMO_MCP_URL)}&demo=1`);
  await chooseEra(page, '2025 and older');
  await page.getByRole('button', { name: names.connection.connect, exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /Connected|Failed/ })).toContainText('Connected', { timeout: 30_000 });
}

const scriptStatus = (page: Page) => page.getByRole('region', { name: names.demo.script }).getByRole('status');

test('steps a two-step script with one key: the filled form, then the result and the app (light and dark)', async ({ page }, testInfo) => {
  await openWithScript(page);
  await expect(scriptStatus(page)).toHaveText('Script ready: 2 steps');
  await expect(page.getByRole('button', { name: names.demo.nextStep })).toHaveAttribute('aria-keyshortcuts', /ArrowRight/);

  // Step 1: the form, filled in, and nothing run yet.
  await page.keyboard.press('ArrowRight');
  await expect(scriptStatus(page)).toHaveText('Step 1 of 2 — Say hello');
  await expect(page.getByRole('heading', { name: 'Echo' })).toBeVisible();
  const form = page.locator('.tool-form');
  await expect(form.getByLabel(/^message/)).toHaveValue('Hello from the script');
  await expect(form.getByLabel(/^shout/)).toBeChecked();
  await expect(result(page)).not.toContainText('HELLO FROM THE SCRIPT');
  await shootBothThemes(page, testInfo, 'demo-script-form');
  // The script bar and the stage pass WCAG 2.2 AA in both themes (axe; the app's own frame is the server's).
  expect(await scanBothThemes(page, 'script bar and stage', ['.script-bar', '.feature-tabs'])).toEqual([]);

  // The same key runs it.
  await page.keyboard.press('PageDown');
  await expect(result(page)).toContainText('HELLO FROM THE SCRIPT');
  await expect(page.getByRole('region', { name: names.demo.activityStrip })).toContainText('→ tools/call');

  // Step 2, by the button: a tool with an app.
  await page.getByRole('button', { name: names.demo.nextStep }).click();
  await expect(scriptStatus(page)).toHaveText('Step 2 of 2 — Sales in the south');
  await expect(page.getByRole('heading', { name: 'Show sales (an MCP App)' })).toBeVisible();
  await expect(
    page
      .locator('.tool-form')
      .getByLabel(/^region/)
      .locator('option:checked'),
  ).toHaveText('south');
  await page.keyboard.press(' ');
  await expect(result(page)).toContainText('Sales for the south region');
  const app = page.frameLocator('iframe[title^="MCP App"]').frameLocator('iframe');
  await expect(app.getByRole('status')).toHaveText('Showing the tool result.');
  await shootBothThemes(page, testInfo, 'demo-script-result');

  await page.keyboard.press('ArrowRight');
  await expect(scriptStatus(page)).toHaveText('Script done: 2 steps');
});

test('the script follows the order set in the History tab, and keys typed in a field stay there', async ({ page }) => {
  await openWithScript(page);
  await page.getByRole('tab', { name: names.tabs.history }).click();
  await page.getByRole('button', { name: nameOf.moveUp('Sales in the south') }).click();
  await expect(page.getByRole('button', { name: nameOf.moveUp('Sales in the south') })).toBeDisabled();

  await page.getByRole('button', { name: names.demo.nextStep }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(scriptStatus(page)).toHaveText('Step 1 of 2 — Sales in the south');
  await expect(page.getByRole('tab', { name: names.tabs.tools })).toHaveAttribute('aria-selected', 'true');

  // → in a text field moves the caret, not the script.
  await page.getByRole('searchbox', { name: names.tools.searchTools }).press('ArrowRight');
  await expect(scriptStatus(page)).toHaveText('Step 1 of 2 — Sales in the south');
});
