/** The 2026-07-28 tasks extension in the browser, against the demo server's deploy-preview. */
import { connect, expect as baseExpect, test } from './fixtures.ts';
import { DEMO_MCP_URL } from './servers/ports.ts';
import { names } from './names.ts';

// The task works for a few seconds on each side of the question: give a loaded machine room.
const expect = baseExpect.configure({ timeout: 15_000 });

test('a tool call the server turns into a task: its status, its question in a dialog, its result, and the Tasks tab', async ({ page }) => {
  await connect(page, DEMO_MCP_URL);
  await page.getByRole('button', { name: 'deploy-preview' }).click();
  await page.getByRole('button', { name: names.tools.runTool }).click();
  const result = page.getByRole('region', { name: names.tools.result });
  await expect(result).toContainText('Running as a task');
  await expect(result).toContainText('working');

  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('The preview is built. Where should it go?');
  // The question names its task, and once: the request it came during (tasks/get) already names it.
  const said = (await dialog.textContent()) ?? '';
  const taskId = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/.exec(said)?.[0];
  expect(taskId, said).toBeDefined();
  expect(said.split(taskId!).length - 1).toBe(1);
  await dialog.getByLabel('Environment').selectOption('preview');
  await dialog.getByRole('button', { name: names.serverRequests.accept }).click();
  await expect(dialog).toBeHidden();

  await expect(result).toContainText(/Preview .* is live on preview/);
  await expect(result).toContainText('completed');
  const log = page.getByRole('region', { name: names.log.region });
  await expect(log).toContainText('tasks/update');
  await expect(log).toContainText('tasks/get');

  await page.getByRole('tab', { name: names.tabs.tasks }).click();
  await expect(page.getByRole('tabpanel')).toContainText('the tasks extension has no tasks/list');
  const table = page.getByRole('table', { name: names.tabs.tasks });
  await expect(table).toContainText('completed');
  await table.getByRole('button', { name: /^Show result of task/ }).click();
  await expect(page.getByRole('tabpanel').getByRole('region', { name: names.tools.result })).toContainText('is live on preview');
});
