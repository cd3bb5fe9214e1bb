/** The 2026-07-28 tasks extension in the browser, against the demo server's deploy-preview. */
import { connect, expect as baseExpect, test } from './fixtures.ts';
import { DEMO_MCP_URL } from './servers/ports.ts';

// The task works for a few seconds on each side of the question: give a loaded machine room.
const expect = baseExpect.configure({ timeout: 15_000 });

test('a tool call the server turns into a task: its status, its question in a dialog, its result, and the Tasks tab', async ({ page }) => {
  await connect(page, DEMO_MCP_URL);
  await page.getByRole('button', { name: 'deploy-preview' }).click();
  await page.getByRole('button', { name: 'Run tool' }).click();
  const result = page.getByRole('region', { name: 'Result' });
  await expect(result).toContainText('Running as a task');
  await expect(result).toContainText('working');

  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('The preview is built. Where should it go?');
  await expect(dialog).toContainText('for task');
  await dialog.getByLabel('Environment').selectOption('preview');
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await expect(dialog).toBeHidden();

  await expect(result).toContainText(/Preview .* is live on preview/);
  await expect(result).toContainText('completed');
  const log = page.getByRole('region', { name: 'Message log' });
  await expect(log).toContainText('tasks/update');
  await expect(log).toContainText('tasks/get');

  await page.getByRole('tab', { name: 'Tasks' }).click();
  await expect(page.getByRole('tabpanel')).toContainText('the tasks extension has no tasks/list');
  const table = page.getByRole('table', { name: 'Tasks' });
  await expect(table).toContainText('completed');
  await table.getByRole('button', { name: /^Show result of task/ }).click();
  await expect(page.getByRole('tabpanel').getByRole('region', { name: 'Result' })).toContainText('is live on preview');
});
