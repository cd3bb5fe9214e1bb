/** Find and repeat (issue 14): list search, call history and saved requests, the command palette, and the log's power tools. */
import { execFileSync } from 'node:child_process';
import { connect, expect, messageLog, result, runTool, test } from './fixtures.ts';
import { DEMO_MCP_URL } from './servers/ports.ts';
import { nameOf, names } from './names.ts';

test('searches the tool list, with a count, and / focuses the search box', async ({ page }) => {
  await connect(page, DEMO_MCP_URL);
  await page.getByRole('tab', { name: names.tabs.tools }).click();
  const tools = page.getByRole('list', { name: names.tabs.tools });
  await expect(tools.getByRole('button', { name: 'echo', exact: true })).toBeVisible();
  const total = await tools.locator('.item-name').count();

  await page.getByRole('tab', { name: names.tabs.tools }).focus();
  await page.keyboard.press('/');
  const search = page.getByRole('searchbox', { name: names.tools.searchTools });
  await expect(search).toBeFocused();
  await page.keyboard.type('simplest');
  await expect(tools.locator('.item-name')).toHaveText(['echo']);
  await expect(page.getByRole('status').filter({ hasText: ' of ' })).toHaveText(`1 of ${total}`);
  await page.keyboard.press('Escape');
  await expect(search).toHaveValue('');
  await expect(tools.locator('.item-name')).toHaveCount(total);
});

test('re-runs a call from the history in one click, and keeps a saved request across a reload', async ({ page }) => {
  await connect(page, DEMO_MCP_URL);
  await runTool(page, 'echo', { args: { message: 'from history' } });
  await expect(result(page)).toContainText('from history');

  await page.getByRole('tab', { name: names.tabs.history }).click();
  const history = page.getByRole('region', { name: names.history.callHistory });
  await expect(history.getByRole('listitem')).toHaveCount(1);
  await history.getByRole('button', { name: 'Run echo again' }).click();
  await expect(history.getByRole('listitem')).toHaveCount(2);
  await history.getByRole('listitem').first().getByText('Arguments and result').click();
  await expect(history.getByRole('listitem').first()).toContainText('from history');

  await history.getByRole('listitem').first().getByRole('button', { name: names.history.saveRequest }).click();
  await history.getByRole('textbox', { name: names.history.requestName }).fill('Say it again');
  await history.getByRole('button', { name: names.savedServers.save, exact: true }).click();

  await connect(page, DEMO_MCP_URL);
  await page.getByRole('tab', { name: names.tabs.history }).click();
  const saved = page.getByRole('region', { name: names.history.savedRequests });
  await expect(saved.getByRole('listitem')).toHaveCount(1);
  await saved.getByRole('button', { name: nameOf.runSavedRequest('Say it again') }).click();
  await expect(history.getByRole('listitem')).toHaveCount(1);
  await expect(history.getByRole('listitem').first()).toContainText('echo');
});

test('the command palette reaches a tool, a tab and a command by keyboard, and gives focus back', async ({ page }) => {
  await connect(page, DEMO_MCP_URL);
  await page.getByRole('tab', { name: names.tabs.tools }).click();
  await expect(page.getByRole('list', { name: names.tabs.tools }).getByRole('button', { name: 'echo', exact: true })).toBeVisible();
  const tab = page.getByRole('tab', { name: names.tabs.tools });
  await tab.focus();

  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: names.palette.dialog });
  const box = palette.getByRole('combobox', { name: names.palette.search });
  await expect(box).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(palette).toHaveCount(0);
  await expect(tab).toBeFocused();

  await page.keyboard.press('Control+k');
  await page.keyboard.type('tool echo');
  const active = await box.getAttribute('aria-activedescendant');
  await expect(palette.locator(`[id="${active}"]`)).toHaveAttribute('aria-selected', 'true');
  await expect(palette.getByRole('option', { selected: true })).toContainText('echo');
  await page.keyboard.press('Enter');
  await expect(palette).toHaveCount(0);
  await expect(page.getByRole('list', { name: names.tabs.tools }).getByRole('button', { name: 'echo', exact: true })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await expect(page.getByRole('button', { name: names.tools.runTool })).toBeVisible();

  await page.keyboard.press('Control+k');
  await page.keyboard.type('prompts');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('tab', { name: names.tabs.prompts })).toHaveAttribute('aria-selected', 'true');

  // Disconnect is never preselected (e2e/palette.spec.ts): it takes a deliberate ↓ first.
  await page.keyboard.press('Control+k');
  await page.keyboard.type('disconnect');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: names.connection.connect, exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: names.connection.disconnect })).toBeDisabled();
});

test('filters the log by direction, kind and method, pins an entry, and copies a request as a curl that runs', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await connect(page, DEMO_MCP_URL);
  await runTool(page, 'echo', { args: { message: 'curl me' } });
  await expect(result(page)).toContainText('curl me');

  const log = messageLog(page);
  const rows = log.getByRole('listitem');
  await log.getByRole('combobox', { name: names.log.direction }).selectOption({ label: '→ Sent' });
  await log.getByRole('textbox', { name: names.log.method }).fill('tools/call');
  await expect(rows).toHaveCount(1);
  await log.getByRole('combobox', { name: names.log.kind }).selectOption({ label: 'Responses' });
  await expect(log).toContainText('No message matches the filters.');
  await log.getByRole('combobox', { name: names.log.direction }).selectOption({ label: 'Both ways' });
  await expect(rows).toHaveCount(1);
  await log.getByRole('combobox', { name: names.log.kind }).selectOption({ label: 'Any kind' });
  await expect(rows).toHaveCount(2);
  // The text filter narrows the same view.
  await log.getByRole('textbox', { name: names.log.filter }).fill('"id"');
  await expect(rows).toHaveCount(2);
  await log.getByRole('textbox', { name: names.log.filter }).fill('');

  await log.getByRole('combobox', { name: names.log.direction }).selectOption({ label: '→ Sent' });
  await expect(rows).toHaveCount(1);
  await rows.first().getByRole('button').click();
  const detail = log.getByRole('region', { name: names.log.selected });
  await detail.getByRole('button', { name: names.log.pin }).click();
  await log.getByRole('textbox', { name: names.log.method }).fill('');
  await log.getByRole('combobox', { name: names.log.direction }).selectOption({ label: '← Received' });
  const pinned = log.getByRole('list', { name: names.log.pinned });
  await expect(pinned).toContainText('tools/call');

  await detail.getByRole('button', { name: names.log.copyAsCurl }).click();
  await expect(detail.getByRole('status')).toHaveText('Copied as curl');
  const curl = await page.evaluate(() => navigator.clipboard.readText());
  expect(curl.toLowerCase()).toContain('content-type: application/json');
  expect(curl.toLowerCase()).toContain('accept: application/json, text/event-stream');
  expect(curl.toLowerCase()).toContain('mcp-method: tools/call');
  // The command is real: run it against the server and get the echo back.
  const output = execFileSync('sh', ['-c', curl], { encoding: 'utf8', timeout: 15_000 });
  expect(output).toContain('curl me');

  await detail.getByRole('button', { name: names.log.copyAsJson }).click();
  await expect(detail.getByRole('status')).toHaveText('Copied as JSON');
  const json = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as { method: string };
  expect(json.method).toBe('tools/call');

  await pinned.getByRole('button', { name: names.log.unpin }).click();
  await expect(pinned).toHaveCount(0);
});
