/**
 * WCAG 2.2 AA, as axe-core checks it, on every tab in both themes: connected to the demo server, with a
 * tool run so the result, the message log and the notification timeline have content to check.
 *
 * One connected page serves every scan: each state (a tab, the HTTP view, an open elicitation dialog) is
 * scanned with every rule in the light theme and with the colour rules in the dark one (e2e/axe.ts).
 */
import { scanBothThemes, useTheme } from './axe.ts';
import { connect, expect, showTab, test } from './fixtures.ts';
import { DEMO_MCP_URL } from './servers/ports.ts';
import { names } from './names.ts';

const TABS = ['Tools', 'Resources', 'Prompts', 'Tasks', 'Logs', 'Roots', 'Authorization'];

test('no WCAG 2.2 AA violations on any tab, in the light and the dark theme', async ({ page }) => {
  // axe takes seconds per scan on a loaded two-core machine, and this runs sixteen (at load 20, over 8 minutes).
  test.setTimeout(600_000);
  // 2025: the server's question is a server request, which the timeline tags.
  await connect(page, DEMO_MCP_URL, { era: '2025 and older' });
  await useTheme(page, 'light');
  const found: string[] = [];
  // Traffic to check: a call with log messages and a result, and a question from the server.
  await page.getByRole('button', { name: 'long-running-task' }).click();
  await page.getByRole('button', { name: names.tools.runTool }).click();
  await expect(page.getByRole('region', { name: names.tools.result, exact: true })).toContainText('Completed 5 steps');
  await expect(page.getByRole('region', { name: names.layout.notifications })).toContainText('Halfway there');
  await page.getByRole('button', { name: 'ask-every-field' }).click();
  await page.getByRole('button', { name: names.tools.runTool }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  found.push(...(await scanBothThemes(page, 'Elicitation dialog')));
  await dialog.getByRole('button', { name: names.serverRequests.decline }).click();
  await expect(page.getByRole('region', { name: names.tools.result, exact: true })).toContainText('Elicitation answered: decline');
  await expect(page.getByRole('region', { name: names.layout.notifications }).locator('.timeline-tag').first()).toBeVisible();

  for (const name of TABS) {
    // Authorization may be in the More tabs menu at 1280 px; showTab picks it from there.
    await showTab(page, name);
    await expect(page.getByRole('tabpanel')).toBeVisible();
    found.push(...(await scanBothThemes(page, name)));
  }
  await page.getByRole('button', { name: names.http.http, exact: true }).click();
  await expect(page.getByRole('region', { name: 'HTTP exchanges' })).toBeVisible();
  found.push(...(await scanBothThemes(page, 'HTTP view')));
  expect(found).toEqual([]);
});
