/** The Playground against the demo server, with the fake provider in both wire formats. */
import { connect, expect, messageLog, test } from './fixtures.ts';
import { names, nameOf } from './names.ts';
import { DEMO_MCP_URL, FAKE_PROVIDER_ORIGIN } from './servers/ports.ts';
import type { Page } from '@playwright/test';

const KEY = 'sk-e2e-playground-key-42';

// Each test is a connect plus a few model round trips through a worker: on two loaded cores, over a minute.
test.describe.configure({ timeout: 150_000 });

async function openPlayground(page: Page, preset: 'OpenAI' | 'Anthropic', key = KEY) {
  await page.getByRole('tab', { name: names.tabs.playground }).click();
  await page.getByRole('combobox', { name: names.playground.provider }).selectOption({ label: preset });
  const format = preset === 'OpenAI' ? 'openai' : 'anthropic';
  await page.getByRole('textbox', { name: names.playground.baseUrl }).fill(`${FAKE_PROVIDER_ORIGIN}/${format}/v1`);
  await page.getByLabel(names.playground.apiKey).fill(key);
}

async function ask(page: Page, text: string) {
  const message = page.getByRole('textbox', { name: names.playground.message });
  await message.fill(text);
  await message.press('Enter');
}

test('asks the model, sees the tool card and the answer, follows the card to the Message log, and stops mid-stream', async ({ page }) => {
  await connect(page, DEMO_MCP_URL);
  await openPlayground(page, 'OpenAI');
  await ask(page, 'hello from the playground');

  const conversation = page.getByRole('region', { name: names.playground.conversation });
  const card = conversation.getByRole('article', { name: nameOf.toolCallCard('echo') });
  await expect(card).toContainText('done');
  await expect(card).toContainText('hello from the playground');
  await expect(conversation).toContainText('The tool answered: hello from the playground');
  await expect(conversation).toContainText(/\d+ in \/ \d+ out tokens/);
  // The key went to the worker: the field is empty again and says a key is held.
  await expect(page.getByLabel(names.playground.apiKey)).toHaveValue('');
  await expect(page.getByRole('button', { name: names.playground.forgetKey })).toBeVisible();

  await card.getByRole('button', { name: names.playground.showInLog }).click();
  await expect(page.getByRole('region', { name: names.log.selected })).toContainText('tools/call');
  await expect(messageLog(page)).toContainText('tools/call');

  // Shift+Enter is a new line, not a send.
  const message = page.getByRole('textbox', { name: names.playground.message });
  await message.fill('please stall');
  await message.press('Shift+Enter');
  await expect(message).toHaveValue('please stall\n');
  await message.press('Enter');
  await expect(conversation).toContainText('word2');
  await page.getByRole('button', { name: names.playground.stop, exact: true }).click();
  await expect(conversation).toContainText('stopped');
  await expect(page.getByRole('button', { name: names.playground.send, exact: true })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);

  await page.getByRole('button', { name: names.playground.restart, exact: true }).click();
  await expect(conversation.getByRole('article')).toHaveCount(0);
});

test('Anthropic, 2025 era: a destructive tool asks first, and a refused key is explained in words', async ({ page }, testInfo) => {
  // The first test runs Auto, which is 2026-07-28 on the demo server; this one pins the 2025 era.
  await connect(page, DEMO_MCP_URL, { era: '2025 and older' });
  await openPlayground(page, 'Anthropic');
  await ask(page, 'please call clear-notes');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('destructive');
  // What the model's call will send is shown before it runs (the fake model names the tool with no arguments).
  await expect(dialog.getByLabel(names.tools.argumentsItWillSend)).toHaveText('{}');
  await page.screenshot({ path: testInfo.outputPath('playground-confirm-light.png') });
  await dialog.getByRole('button', { name: names.playground.allowForConversation }).click();
  const conversation = page.getByRole('region', { name: names.playground.conversation });
  await expect(conversation.getByRole('article', { name: nameOf.toolCallCard('clear-notes') })).toContainText('done');
  await expect(conversation).toContainText('The tool answered: Deleted');

  // Allowed for this conversation: not asked again.
  await ask(page, 'again call clear-notes');
  await expect(conversation.getByRole('article', { name: nameOf.toolCallCard('clear-notes') })).toHaveCount(2);
  await expect(conversation.getByRole('article', { name: nameOf.toolCallCard('clear-notes') }).nth(1)).toContainText('done');
  await expect(dialog).toHaveCount(0);

  await page.getByLabel(names.playground.apiKey).fill('sk-bad');
  await ask(page, 'hello');
  await expect(page.getByRole('alert')).toContainText('refused the key (HTTP 401)');
  await expect(page.getByRole('alert')).not.toContainText('sk-bad');
});

test('a tool result that breaks its outputSchema is marked broken on its card, as the Tools tab marks it', async ({ page }) => {
  await connect(page, DEMO_MCP_URL);
  await openPlayground(page, 'OpenAI');
  await ask(page, 'please call broken-output');
  const card = page
    .getByRole('region', { name: names.playground.conversation })
    .getByRole('article', { name: nameOf.toolCallCard('broken-output') });
  await expect(card.getByRole('note')).toContainText('broken result');
  await expect(card.getByRole('note')).toContainText('/count must be integer');
});
