/**
 * Every question before something that may be destructive opens with the focus on its safe choice, so
 * Enter (or a held key) answers "Don’t run": the Tools tab, the Audit's tools to call, the Playground's
 * model call, and a call run again from the History tab. An app's call is in apps-hostile.spec.ts. reset-demo declares no annotations, so by the spec's
 * defaults it may be destructive and is asked about; a read-only tool never is.
 */
import { connect, expect, messageLog, test, showTab } from './fixtures.ts';
import { names, nameOf } from './names.ts';
import { DEMO_MCP_URL, FAKE_PROVIDER_ORIGIN } from './servers/ports.ts';

test.describe.configure({ timeout: 120_000 });

test('Tools tab: a tool without annotations asks first, the focus is on Don’t run, and Enter runs nothing', async ({ page }) => {
  await connect(page, DEMO_MCP_URL);
  await page.getByRole('button', { name: 'reset-demo' }).click();
  await page.getByRole('button', { name: names.tools.runTool }).click();
  const dialog = page.getByRole('dialog', { name: /Run reset-demo/ });
  await expect(dialog).toContainText('declares no annotations');
  await expect(dialog.getByRole('button', { name: names.tools.dontRun })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('region', { name: names.tools.result })).toContainText('Run the tool to see its result here.');
  await expect(messageLog(page)).not.toContainText('tools/call');
});

test('Audit tab: ticking a tool that may be destructive asks, with the focus on Don’t run; Enter leaves it unticked', async ({ page }) => {
  await connect(page, DEMO_MCP_URL);
  await showTab(page, names.tabs.audit);
  await page.locator('summary').filter({ hasText: names.audit.toolsToCall }).click();
  const tick = page.getByRole('list', { name: names.audit.toolList }).getByRole('checkbox', { name: 'reset-demo' });
  await tick.click();
  const dialog = page.getByRole('dialog', { name: /Run reset-demo/ });
  await expect(dialog.getByRole('button', { name: names.tools.dontRun })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(tick).not.toBeChecked();
});

test('Playground: the model’s call of a destructive tool asks, with the focus on Don’t run; Enter declines it', async ({ page }) => {
  await connect(page, DEMO_MCP_URL);
  await page.getByRole('tab', { name: names.tabs.playground }).click();
  await page.getByRole('combobox', { name: names.playground.provider }).selectOption({ label: 'OpenAI' });
  await page.getByRole('textbox', { name: names.playground.baseUrl }).fill(`${FAKE_PROVIDER_ORIGIN}/openai/v1`);
  await page.getByLabel(names.playground.apiKey).fill('sk-e2e-confirm-focus-key');
  const message = page.getByRole('textbox', { name: names.playground.message });
  await message.fill('please call clear-notes');
  await message.press('Enter');
  const dialog = page.getByRole('dialog', { name: /Run clear-notes/ });
  await expect(dialog).toContainText('destructive');
  await expect(dialog.getByRole('button', { name: names.tools.dontRun })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  const card = page
    .getByRole('region', { name: names.playground.conversation })
    .getByRole('article', { name: nameOf.toolCallCard('clear-notes') });
  await expect(card).toContainText('not run');
  await expect(messageLog(page)).not.toContainText('tools/call');
});

test('History: running a call again asks as the Tools tab does, with the focus on Don’t run; Enter runs nothing', async ({ page }) => {
  await connect(page, DEMO_MCP_URL);
  await page.getByRole('button', { name: 'reset-demo' }).click();
  await page.getByRole('button', { name: names.tools.runTool }).click();
  await page.getByRole('dialog').getByRole('button', { name: names.playground.runAnyway }).click();
  await expect(page.getByRole('region', { name: names.tools.result })).toContainText('Nothing was reset');

  await page.getByRole('tab', { name: names.tabs.history }).click();
  const history = page.getByRole('region', { name: names.history.callHistory });
  await expect(history.getByRole('listitem')).toHaveCount(1);
  await history.getByRole('button', { name: nameOf.runAgain('reset-demo') }).click();
  const dialog = page.getByRole('dialog', { name: /Run reset-demo/ });
  await expect(dialog).toContainText('declares no annotations');
  await expect(dialog.getByRole('button', { name: names.tools.dontRun })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(history.getByRole('listitem')).toHaveCount(1);

  // Run anyway runs it; a read-only tool's re-run would not ask.
  await history.getByRole('button', { name: nameOf.runAgain('reset-demo') }).click();
  await dialog.getByRole('button', { name: names.playground.runAnyway }).click();
  await expect(history.getByRole('listitem')).toHaveCount(2);
});
