/**
 * A saved session's Tools, Resources and Prompts tabs, rebuilt from the file and browsable read-only; and
 * the tabs themselves, which keep what was typed or chosen when switching between them.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { connect, expect, openApp, openServerDetails, test } from './fixtures.ts';
import { DEMO_MCP_URL } from './servers/ports.ts';
import { names } from './names.ts';

const REASON = 'Replay is read-only — connect to run.';

async function saveTo(page: Page, path: string) {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: names.workspace.saveSession }).click();
  await (await downloading).saveAs(path);
}

test('a saved session rebuilds Tools, Resources and Prompts, browsable but read-only', async ({ page }, testInfo) => {
  await connect(page, DEMO_MCP_URL);
  await page.getByRole('button', { name: 'echo', exact: true }).click();
  await page.getByRole('button', { name: 'JSON' }).click();
  await page.getByRole('textbox', { name: 'Arguments (JSON)' }).fill('{"message":"replayed words"}');
  await page.getByRole('button', { name: names.tools.runTool }).click();
  await expect(page.getByRole('region', { name: names.tools.result })).toContainText('replayed words');

  await page.getByRole('tab', { name: names.tabs.resources }).click();
  await page.getByRole('list', { name: names.tabs.resources }).getByRole('button', { name: 'guide', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Resource contents' }).getByRole('heading', { name: 'Inspector guide' })).toBeVisible();
  await page.getByRole('list', { name: names.tools.resourceTemplates }).getByRole('button', { name: 'file', exact: true }).click();
  const variables = page.getByRole('form', { name: 'Template variables' });
  await variables.getByRole('combobox', { name: /folder/ }).fill('recipes');
  await variables.getByRole('combobox', { name: /file/ }).fill('soup.txt');
  await variables.getByRole('combobox', { name: /file/ }).press('Escape');
  await expect(variables.getByRole('status', { name: 'Expanded URI' })).toHaveText('demo://files/recipes/soup.txt');
  await variables.getByRole('button', { name: names.richResults.readResource }).click();
  await expect(page.getByRole('region', { name: 'Resource contents' })).toContainText('Contents of recipes/soup.txt.');

  await page.getByRole('tab', { name: names.tabs.prompts }).click();
  await page.getByRole('list', { name: names.tabs.prompts }).getByRole('button', { name: 'write-haiku', exact: true }).click();
  await page.getByRole('combobox', { name: /topic/ }).fill('autumn');
  await page.getByRole('button', { name: 'Get prompt' }).click();
  await expect(page.getByRole('region', { name: 'Prompt messages' })).toContainText('haiku about autumn');

  const path = testInfo.outputPath('replay.mcplens.json');
  await saveTo(page, path);

  // Later, in a fresh app with no server connected.
  await openApp(page);
  await page.getByLabel('Session file to open').setInputFiles(path);
  await expect(page.getByRole('region', { name: 'Saved session' })).toContainText('read-only');
  await expect(page.getByRole('tab')).toHaveText(['Tools', 'Resources', 'Prompts']);

  // Tools: the list as it was, the results of the session, and a tool's form and schema — Run disabled, with why.
  await expect(page.getByRole('region', { name: 'Saved results' })).toContainText('replayed words');
  const tools = page.getByRole('list', { name: names.tabs.tools });
  await expect(tools.getByRole('button', { name: 'add-note', exact: true })).toBeVisible();
  await tools.getByRole('button', { name: 'echo', exact: true }).click();
  const run = page.getByRole('button', { name: names.tools.runTool });
  await expect(run).toBeDisabled();
  await expect(run).toHaveAccessibleDescription(REASON);
  await expect(page.getByRole('region', { name: 'Echo' }).getByText(REASON)).toBeVisible();
  await openServerDetails(page);
  await expect(page.getByRole('button', { name: 'Ping' })).toBeDisabled();
  await expect(page.getByRole('region', { name: names.tools.result })).toContainText('replayed words');
  await page.getByText('Input schema').click();
  await expect(page.getByRole('region', { name: names.tools.result })).toHaveCount(1);
  await page.getByRole('button', { name: 'JSON' }).click();
  await expect(page.getByRole('textbox', { name: 'Arguments (JSON)' })).toHaveValue(/replayed words/);

  // Resources: the recorded contents of what was read; nothing is read again.
  await page.getByRole('tab', { name: names.tabs.resources }).click();
  await page.getByRole('list', { name: names.tabs.resources }).getByRole('button', { name: 'guide', exact: true }).click();
  const contents = page.getByRole('region', { name: 'Resource contents' });
  await expect(contents.getByRole('heading', { name: 'Inspector guide' })).toBeVisible();
  await expect(contents.getByRole('button', { name: 'Read again' })).toBeDisabled();
  await page.getByRole('list', { name: names.tabs.resources }).getByRole('button', { name: 'sample-bin', exact: true }).click();
  await expect(contents).toContainText('This resource was not read in the saved session.');
  // A read through a template: listed apart, and shown again when the template expands to it.
  const alsoRead = page.getByRole('list', { name: 'Also read in this session' });
  await alsoRead.getByRole('button', { name: 'demo://files/recipes/soup.txt' }).click();
  await expect(contents).toContainText('Contents of recipes/soup.txt.');
  await page.getByRole('list', { name: names.tools.resourceTemplates }).getByRole('button', { name: 'file', exact: true }).click();
  const savedVariables = page.getByRole('form', { name: 'Template variables' });
  await expect(savedVariables.getByRole('button', { name: names.richResults.readResource })).toBeDisabled();
  await savedVariables.getByRole('textbox', { name: /folder/ }).fill('recipes');
  await savedVariables.getByRole('textbox', { name: /file/ }).fill('soup.txt');
  await expect(page.getByRole('region', { name: 'Resource contents' })).toContainText('Contents of recipes/soup.txt.');

  // Prompts: the recorded get, with the arguments it was got with.
  await page.getByRole('tab', { name: names.tabs.prompts }).click();
  await page.getByRole('list', { name: names.tabs.prompts }).getByRole('button', { name: 'write-haiku', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Prompt messages' })).toContainText('haiku about autumn');
  await expect(page.getByRole('form', { name: 'Prompt arguments' }).getByRole('textbox', { name: /topic/ })).toHaveValue('autumn');
  await expect(page.getByRole('button', { name: 'Get prompt' })).toBeDisabled();

  // Back to Tools: still on echo, as left.
  await page.getByRole('tab', { name: names.tabs.tools }).click();
  await expect(page.getByRole('region', { name: names.tools.result })).toContainText('replayed words');
  await expect(page.getByRole('button', { name: names.tools.runTool })).toHaveCount(1);

  // The HTTP view came with its bodies as they crossed the wire; HAR export uses them.
  await page.getByRole('button', { name: names.http.http, exact: true }).click();
  const http = page.getByRole('region', { name: 'HTTP exchanges' });
  const downloading = page.waitForEvent('download');
  await http.getByRole('button', { name: names.http.exportHar }).click();
  const har = JSON.parse(await readFile(await (await downloading).path(), 'utf8')) as {
    log: { entries: Array<{ request: { postData?: { text: string } }; response: { content: { text: string; comment?: string } } }> };
  };
  const call = har.log.entries.find((entry) => entry.request.postData?.text.includes('"tools/call"'));
  expect(call?.request.postData?.text).toContain('replayed words');
  expect(call?.response.content.text).toContain('replayed words');
  expect(call?.response.content.comment).toBeUndefined();
});

test('switching tabs keeps a half-filled form and a chosen resource', async ({ page }) => {
  await connect(page, DEMO_MCP_URL);
  await page.getByRole('button', { name: 'echo', exact: true }).click();
  await page.getByRole('button', { name: 'JSON' }).click();
  await page.getByRole('textbox', { name: 'Arguments (JSON)' }).fill('{"message":"half-typ');

  await page.getByRole('tab', { name: names.tabs.resources }).click();
  await expect(page.getByRole('tabpanel')).toHaveCount(1);
  await expect(page.getByRole('button', { name: names.tools.runTool })).toHaveCount(0);
  await page.getByRole('list', { name: names.tabs.resources }).getByRole('button', { name: 'guide', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Resource contents' })).toContainText('Inspector guide');

  await page.getByRole('tab', { name: names.tabs.tools }).click();
  await expect(page.getByRole('textbox', { name: 'Arguments (JSON)' })).toHaveValue('{"message":"half-typ');
  await expect(page.getByRole('button', { name: names.tools.runTool })).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'Resource contents' })).toHaveCount(0);

  // Keyboard: arrows move between tabs, and the panel each tab controls is the one shown.
  const tab = page.getByRole('tab', { name: names.tabs.tools });
  await tab.focus();
  await page.keyboard.press('ArrowRight');
  const resources = page.getByRole('tab', { name: names.tabs.resources });
  await expect(resources).toBeFocused();
  await expect(resources).toHaveAttribute('aria-selected', 'true');
  const panelId = await resources.getAttribute('aria-controls');
  await expect(page.getByRole('tabpanel')).toHaveAttribute('id', panelId!);
  await expect(page.getByRole('tabpanel')).toHaveAccessibleName('Resources');
  await expect(page.getByRole('region', { name: 'Resource contents' })).toContainText('Inspector guide');
});
