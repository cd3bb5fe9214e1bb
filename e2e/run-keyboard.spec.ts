/** The run flow by keyboard: Ctrl/⌘+Enter runs the form, the Result takes focus, and a live region says how it went. */
import type { Page } from '@playwright/test';
import { connect, expect, messageLog, openTool, result, test } from './fixtures.ts';
import { DEMO_MCP_URL } from './servers/ports.ts';
import { names } from './names.ts';

const announcer = (page: Page) => page.locator('.call-announcer');

test('Ctrl+Enter runs the tool form, focus goes to the Result, and the result and the log agree on its time', async ({ page }) => {
  await connect(page, DEMO_MCP_URL);
  await openTool(page, 'echo');
  await page.getByLabel(/^message/).fill('by keyboard');
  await page.getByLabel(/^message/).press('Control+Enter');

  await expect(result(page)).toContainText('by keyboard');
  await expect(result(page)).toBeFocused();
  await expect(announcer(page)).toHaveText(/^echo succeeded in \d+ ms\.$/);
  await expect(announcer(page)).toHaveAttribute('aria-live', 'polite');

  // One time for a call: the result card shows the Message log's latency for the same request.
  const shown = (await result(page).locator('.result-status .muted').innerText()).split(' · ')[0]!;
  const announced = /in (\d+ ms)\./.exec((await announcer(page).innerText()) ?? '')![1];
  expect(announced).toBe(shown);
  await expect(
    messageLog(page)
      .locator('.log-latency')
      .filter({ hasText: new RegExp(`^${shown}$`) })
      .first(),
  ).toBeVisible();
});

test('Ctrl+Enter also runs the selected tool from the list, and gets the selected prompt', async ({ page }) => {
  await connect(page, DEMO_MCP_URL);
  await openTool(page, 'get-forecast');
  // Focus is on the tool's name in the list, not in its form: the run key still runs the selected tool (once
  // its form is on screen; the form loads with the Tools tab's chunk).
  await expect(page.getByRole('button', { name: names.tools.runTool })).toBeEnabled();
  await page.getByRole('button', { name: 'get-forecast', exact: true }).press('Control+Enter');
  await expect(result(page)).toContainText('Lisbon');
  await expect(result(page)).toBeFocused();

  await page.getByRole('tab', { name: names.tabs.prompts }).click();
  const prompt = page.getByRole('list', { name: names.tabs.prompts }).getByRole('button', { name: 'content-gallery', exact: true });
  await prompt.click();
  await expect(page.getByRole('button', { name: 'Get prompt' })).toBeEnabled();
  await prompt.press('Control+Enter');
  await expect(page.getByRole('region', { name: 'Prompt messages' })).toContainText('Here is one of everything.');
});

test('the live region says a call is running, and how a failed call failed', async ({ page }) => {
  await connect(page, DEMO_MCP_URL);
  await openTool(page, 'long-running-task');
  await page.getByRole('button', { name: 'JSON', exact: true }).click();
  await page.getByRole('textbox', { name: 'Arguments (JSON)' }).fill(JSON.stringify({ steps: 20, stepMs: 1500 }));
  await page.getByRole('textbox', { name: 'Arguments (JSON)' }).press('Meta+Enter');
  await expect(announcer(page)).toHaveText('Running long-running-task…');
  await expect(result(page)).toBeFocused();
  await page.getByRole('button', { name: names.connection.cancel, exact: true }).click();
  await expect(announcer(page)).toHaveText('long-running-task cancelled.');

  await openTool(page, 'echo');
  await page.getByRole('button', { name: 'JSON', exact: true }).click();
  // Arguments the server refuses: the call fails, and the live region says why.
  await page.getByRole('textbox', { name: 'Arguments (JSON)' }).fill('{"message": 42}');
  await page.getByRole('textbox', { name: 'Arguments (JSON)' }).press('Control+Enter');
  await expect(result(page)).toBeFocused();
  await expect(announcer(page)).toHaveText(/^echo (failed: .+|returned an error in \d+ ms\.)$/);
});

test('Ctrl+Enter gets a prompt', async ({ page }) => {
  await connect(page, DEMO_MCP_URL);
  await page.getByRole('tab', { name: names.tabs.prompts }).click();
  await page.getByRole('list', { name: names.tabs.prompts }).getByRole('button', { name: 'write-haiku', exact: true }).click();
  const form = page.getByRole('form', { name: 'Prompt arguments' });
  const topic = form.getByRole('combobox', { name: /topic/ }).or(form.getByRole('textbox', { name: /topic/ }));
  await topic.fill('sea');
  await topic.press('Control+Enter');
  await expect(page.getByRole('region', { name: 'Prompt messages' })).toContainText('haiku about sea');
});
