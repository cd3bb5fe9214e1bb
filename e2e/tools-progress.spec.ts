/** Progress, Cancel, tasks and list_changed, in the browser. */
import { connect, expect, test } from './fixtures.ts';
import { DEMO_MCP_URL, EVERYTHING_MCP_URL } from './servers/ports.ts';
import { names } from './names.ts';

test('shows progress with its message, and Cancel tells the server to stop', async ({ page }) => {
  // notifications/cancelled is the 2025 way; 2026-07-28 closes the stream (e2e/eras.spec.ts).
  await connect(page, DEMO_MCP_URL, { era: '2025 and older' });
  await page.getByRole('button', { name: 'long-running-task' }).click();
  await page.getByLabel(/^steps/).fill('10');
  await page.getByLabel(/^stepMs/).fill('400');
  await page.getByRole('button', { name: names.tools.runTool }).click();
  const result = page.getByRole('region', { name: names.tools.result });
  const bar = result.getByRole('progressbar', { name: 'Tool progress' });
  await expect(bar).toHaveAttribute('max', '10');
  await expect(result).toContainText(/of 10 · Finished step \d+ of 10\./);
  await result.page().getByRole('button', { name: names.connection.cancel }).click();
  await expect(result).toContainText('You cancelled — the server was told to stop (notifications/cancelled)');
  await expect(page.getByRole('region', { name: names.log.region })).toContainText('notifications/cancelled');
});

test('runs a task-required tool as a task, shows its status, and lists it on the Tasks tab', async ({ page }) => {
  await connect(page, EVERYTHING_MCP_URL);
  await page.getByRole('button', { name: 'simulate-research-query' }).click();
  await expect(page.getByRole('checkbox', { name: /Run as task/ })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: /Run as task/ })).toBeDisabled();
  await page.getByLabel(/^topic/).fill('optics');
  await page.getByRole('button', { name: names.tools.runTool }).click();
  const result = page.getByRole('region', { name: names.tools.result });
  await expect(result).toContainText(/working.*(Gathering sources|Analyzing content)/);
  await expect(result).toContainText('Research Report: optics', { timeout: 15_000 });
  await expect(result).toContainText('completed');
  const log = page.getByRole('region', { name: names.log.region });
  await expect(log).toContainText('tasks/get');
  await expect(log).toContainText('tasks/result');

  await page.getByRole('tab', { name: names.tabs.tasks }).click();
  const table = page.getByRole('table', { name: names.tabs.tasks });
  await expect(table).toContainText('completed');
  await expect(table).toContainText('5 min');
  await expect(page.getByRole('tabpanel')).toContainText('tasks/list, 1 page');
  await table
    .getByRole('button', { name: /^Show result of task/ })
    .first()
    .click();
  await expect(page.getByRole('region', { name: names.tools.result })).toContainText('Research Report: optics');
});

test('cancels a running task from the Tasks tab', async ({ page }) => {
  await connect(page, EVERYTHING_MCP_URL);
  await page.getByRole('button', { name: 'simulate-research-query' }).click();
  await page.getByLabel(/^topic/).fill('to be cancelled');
  await page.getByRole('button', { name: names.tools.runTool }).click();
  await expect(page.getByRole('region', { name: names.tools.result })).toContainText('working');
  await page.getByRole('tab', { name: names.tabs.tasks }).click();
  const table = page.getByRole('table', { name: names.tabs.tasks });
  await table
    .getByRole('button', { name: /^Cancel task/ })
    .first()
    .click();
  await expect(table).toContainText('cancelled');
  await expect(page.getByRole('region', { name: names.log.region })).toContainText('tasks/cancel');
});

test('refreshes the tool list on list_changed and says how many pages came', async ({ page }) => {
  // A 2025 session has a bonus tool of its own; the demo server's 2026-07-28 state is shared by every client.
  await connect(page, DEMO_MCP_URL, { era: '2025 and older' });
  await expect(page.getByRole('tabpanel')).toContainText(/\d+ tools · 1 page/);
  await expect(page.getByRole('button', { name: 'roll-dice' })).toHaveCount(0);
  await page.getByRole('button', { name: 'toggle-bonus-tool' }).click();
  await page.getByRole('button', { name: names.tools.runTool }).click();
  await expect(page.getByRole('button', { name: 'roll-dice' })).toBeVisible();
  await expect(page.getByRole('region', { name: names.layout.notifications })).toContainText('notifications/tools/list_changed');
  await page.getByRole('button', { name: names.tools.runTool }).click();
  await expect(page.getByRole('button', { name: 'roll-dice' })).toHaveCount(0);
});
