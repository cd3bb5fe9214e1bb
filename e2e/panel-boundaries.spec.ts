/**
 * A server whose every field has the wrong type (scenario `wrong-types`): no panel fails, every tab still
 * opens, every message it sent is in the Message log, and Disconnect still works. (A panel that does fail
 * says so alone, with Try again: src/ui/common/PanelBoundary.test.tsx, since no real data reaches a
 * throwing view any more.)
 */
import type { Page } from '@playwright/test';
import { expect, openApp, showTab, test } from './fixtures.ts';
import { hostileUrl } from './servers/ports.ts';
import { names } from './names.ts';

const panelFailed = (page: Page) => page.getByRole('alert').filter({ hasText: 'could not be shown' });

test('a server sending wrong types everywhere leaves every panel, the log and Disconnect working', async ({ page }) => {
  await openApp(page, hostileUrl('wrong-types'));
  await page.getByRole('button', { name: names.connection.connect, exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /Connected|Failed/ })).toContainText('Connected');

  const tools = page.getByRole('list', { name: names.tabs.tools });
  await tools.getByRole('button', { name: 'probe', exact: true }).click();
  await page.getByRole('button', { name: names.tools.runTool }).click();
  const result = page.getByRole('region', { name: names.tools.result, exact: true });
  await expect(result).toBeVisible();

  await expect(result).toContainText('content');
  // Each of the seven odd notifications is in the log, whatever its shape.
  const log = page.getByRole('region', { name: names.log.region });
  const filter = log.getByRole('textbox', { name: names.log.filter });
  for (const n of [1, 2, 3, 4, 5, 6, 7]) {
    await filter.fill(`oddshape${n}`);
    await expect(log.locator('.log-row')).toHaveCount(1);
  }
  await filter.fill('');

  for (const tab of ['Resources', 'Prompts', 'Tasks', 'History', 'Roots', 'Logs', 'Tools']) {
    await showTab(page, tab);
    await expect(page.getByRole('tabpanel')).toBeVisible();
    await expect(panelFailed(page)).toHaveCount(0);
  }
  await page.getByRole('tab', { name: names.tabs.logs, exact: true }).click();
  await expect(page.getByRole('list', { name: names.serverLogs.list })).toContainText('oddshape7 after the odd ones');

  await page.getByRole('tab', { name: names.tabs.tools, exact: true }).click();
  await tools.getByRole('button', { name: 'ok', exact: true }).click();
  await page.getByRole('button', { name: names.tools.runTool }).click();
  await expect(result).toContainText('ok from wrong-types');

  await page.getByRole('button', { name: names.connection.disconnect, exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /Disconnected/ })).toBeVisible();
  await expect(panelFailed(page)).toHaveCount(0);
});
