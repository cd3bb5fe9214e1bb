/** The Logs tab and ping: server log messages with a level filter, logging/setLevel, and round-trip time. */
import { connect, expect, openServerDetails, result, runTool, test } from './fixtures.ts';
import { DEMO_MCP_URL, EVERYTHING_MCP_URL } from './servers/ports.ts';
import { names } from './names.ts';

test('collects server log messages, filters them by level, and sets the server level', async ({ page }) => {
  // logging/setLevel is the 2025 way; a 2026-07-28 server gets a level per request (e2e/era.spec.ts).
  await connect(page, DEMO_MCP_URL, { era: '2025 and older' });
  await page.getByRole('tab', { name: names.tabs.logs }).click();
  await expect(page.getByRole('tabpanel')).toContainText('No log messages from the server yet.');
  await page.getByRole('combobox', { name: names.serverLogs.level }).selectOption('debug');
  await expect(page.getByRole('combobox', { name: names.serverLogs.level })).toHaveValue('debug');

  await runTool(page, 'long-running-task');
  await expect(result(page)).toBeVisible();
  await expect(page.getByRole('region', { name: names.tools.result })).toContainText('Completed 5 steps', { timeout: 15_000 });
  await page.getByRole('tab', { name: names.tabs.logs }).click();
  const list = page.getByRole('list', { name: names.serverLogs.list });
  await expect(list.getByRole('listitem')).toHaveCount(7);
  await expect(list).toContainText('long-running-task');
  await expect(list).toContainText('Finished step 1 of 5.');
  // A row is one line; choosing it shows the whole message below the list.
  await list.getByRole('button', { name: /Finished step 1 of 5\./ }).click();
  await expect(page.getByRole('region', { name: names.serverLogs.message })).toContainText('Finished step 1 of 5.');
  await page.getByRole('region', { name: names.serverLogs.message }).getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('region', { name: names.serverLogs.message })).toHaveCount(0);

  await page.getByRole('combobox', { name: names.serverLogs.showAtLeast }).selectOption('warning');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('Halfway there (step 3 of 5).');
  await expect(page.getByRole('tabpanel')).toContainText('1 of 7 messages');

  // At "error" the server sends nothing for the next run.
  await page.getByRole('combobox', { name: names.serverLogs.showAtLeast }).selectOption('debug');
  await page.getByRole('combobox', { name: names.serverLogs.level }).selectOption('error');
  await expect(page.getByRole('combobox', { name: names.serverLogs.level })).toHaveValue('error');
  await runTool(page, 'long-running-task');
  await expect(result(page)).toBeVisible();
  await expect(page.getByRole('region', { name: names.tools.result })).toContainText('Completed 5 steps', { timeout: 15_000 });
  await page.getByRole('tab', { name: names.tabs.logs }).click();
  await expect(page.getByRole('list', { name: names.serverLogs.list }).getByRole('listitem')).toHaveCount(7);

  await page.getByRole('button', { name: names.serverLogs.clear }).click();
  await expect(page.getByRole('tabpanel')).toContainText('No log messages from the server yet.');
});

test('pings the server and shows the round-trip time', async ({ page }) => {
  // Only the 2025 era has ping.
  await connect(page, DEMO_MCP_URL, { era: '2025 and older' });
  await openServerDetails(page);
  await page.getByRole('button', { name: 'Ping' }).click();
  await expect(page.getByRole('status', { name: 'Ping result' })).toHaveText(/^\d+ ms round trip/);
  await expect(page.getByRole('region', { name: names.log.region })).toContainText('ping');
});

test('server-everything: simulated logging arrives in the Logs tab at the level asked for', async ({ page }) => {
  await connect(page, EVERYTHING_MCP_URL);
  await page.getByRole('tab', { name: names.tabs.logs }).click();
  await page.getByRole('combobox', { name: names.serverLogs.level }).selectOption('debug');
  await expect(page.getByRole('combobox', { name: names.serverLogs.level })).toHaveValue('debug');
  await runTool(page, 'toggle-simulated-logging');
  await expect(result(page)).toBeVisible();
  await page.getByRole('tab', { name: names.tabs.logs }).click();
  const list = page.getByRole('list', { name: names.serverLogs.list });
  await expect(list.getByRole('listitem').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('region', { name: names.layout.notifications })).toContainText('notifications/message');
  await runTool(page, 'toggle-simulated-logging');
  await expect(result(page)).toBeVisible();
});
