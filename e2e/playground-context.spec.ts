/** The Playground's context (prompts, resources), MCP Apps in tool cards, demo mode's conversation script, and a saved conversation reopened read-only. */
import { connect, expect, messageLog, openApp, test } from './fixtures.ts';
import { names, nameOf } from './names.ts';
import { DEMO_MCP_URL, FAKE_PROVIDER_ORIGIN } from './servers/ports.ts';
import type { Page } from '@playwright/test';

test.describe.configure({ timeout: 150_000 });

async function openPlayground(page: Page) {
  await page.getByRole('tab', { name: names.tabs.playground }).click();
  await page.getByRole('textbox', { name: names.playground.baseUrl }).fill(`${FAKE_PROVIDER_ORIGIN}/openai/v1`);
  await page.getByLabel(names.playground.apiKey).fill('sk-e2e-context-key');
}

async function ask(page: Page, text: string) {
  const message = page.getByRole('textbox', { name: names.playground.message });
  await message.fill(text);
  await message.press('Enter');
}

test('a resource as context reaches the model and the log; an app renders in its card; the script steps; the file reopens read-only', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await connect(page, DEMO_MCP_URL);
  await openPlayground(page);
  const conversation = page.getByRole('region', { name: names.playground.conversation });

  await page.getByRole('button', { name: names.playground.addContext }).click();
  await page.getByRole('combobox', { name: names.playground.contextResource }).selectOption({ value: 'demo://docs/readme' });
  await page.getByRole('button', { name: names.playground.attachResource }).click();
  const chips = page.getByRole('list', { name: names.playground.context });
  await expect(chips).toContainText('demo://docs/readme');
  await expect(messageLog(page)).toContainText('resources/read');

  // The fake model echoes the first user message, which carries the context in front of it.
  await ask(page, 'hello with context');
  const echo = conversation.getByRole('article', { name: nameOf.toolCallCard('echo') });
  await expect(echo).toContainText('MCP Lens demo server');
  await page.screenshot({ path: testInfo.outputPath('playground-context-light.png') });

  await page.getByRole('button', { name: nameOf.removeContext('demo://docs/readme') }).click();
  await expect(chips).toHaveCount(0);

  await ask(page, 'please call show-sales');
  const sales = conversation.getByRole('article', { name: nameOf.toolCallCard('show-sales') });
  await expect(sales.getByRole('region', { name: names.apps.region })).toBeVisible();

  // The conversation becomes the demo script: → shows the prompt, → sends it.
  await page.getByRole('button', { name: names.playground.useAsScript }).click();
  await page.getByRole('button', { name: names.workspace.demoMode }).click();
  const bar = page.getByRole('region', { name: names.playground.conversationScript });
  await expect(bar).toContainText('2 prompts');
  // → steps the script wherever the focus is not typing or in an arrow-key widget (the tabs are one).
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('textbox', { name: names.playground.message })).toHaveValue('hello with context');
  await page.getByRole('button', { name: names.playground.nextPrompt }).click();
  await expect(bar).toContainText('Prompt 1 of 2 sent');
  await expect(conversation.getByRole('article', { name: nameOf.toolCallCard('echo') })).toHaveCount(2);
  await expect(conversation.getByRole('article', { name: nameOf.toolCallCard('echo') }).nth(1)).toContainText('done');
  await page.screenshot({ path: testInfo.outputPath('playground-demo-light.png') });
  await page.getByRole('button', { name: names.workspace.demoMode }).click();

  const path = testInfo.outputPath('playground.mcplens.json');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: names.workspace.saveSession }).click();
  await (await downloading).saveAs(path);

  await openApp(page);
  await page.getByLabel('Session file to open').setInputFiles(path);
  await page.getByRole('tab', { name: names.tabs.playground }).click();
  const saved = page.getByRole('region', { name: nameOf.savedConversation(1) });
  await expect(saved.getByRole('article', { name: nameOf.toolCallCard('show-sales') })).toBeVisible();
  await expect(saved).toContainText('hello with context');
  // Read-only: no composer, and the app is not run again.
  await expect(page.getByRole('textbox', { name: names.playground.message })).toHaveCount(0);
  await expect(saved.getByRole('region', { name: names.apps.region })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('playground-saved-light.png') });
});

test('2025 era: a prompt with its arguments as context (dark)', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await connect(page, DEMO_MCP_URL, { era: '2025 and older' });
  await openPlayground(page);
  await page.getByRole('button', { name: names.playground.addContext }).click();
  await page.getByRole('combobox', { name: names.playground.contextPrompt }).selectOption({ value: 'write-haiku' });
  await page.getByRole('textbox', { name: /^topic/ }).fill('lenses');
  await page.getByRole('button', { name: names.playground.attachPrompt }).click();
  await expect(page.getByRole('list', { name: names.playground.context })).toContainText('write-haiku(topic=lenses');
  await expect(messageLog(page)).toContainText('prompts/get');
  await ask(page, 'go');
  await expect(page.getByRole('article', { name: nameOf.toolCallCard('echo') })).toContainText('lenses');
  await page.screenshot({ path: testInfo.outputPath('playground-context-dark.png') });
});

test('in demo mode with no conversation script, the Playground tab renders and offers no script', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await connect(page, DEMO_MCP_URL);
  await page.getByRole('button', { name: names.workspace.demoMode }).click();
  await page.getByRole('tab', { name: names.tabs.playground }).click();
  // Before, the script bar's selector made a new empty list on every render and React gave up (#185).
  await expect(page.getByRole('textbox', { name: names.playground.message })).toBeVisible();
  await expect(page.getByRole('button', { name: names.playground.nextPrompt })).toHaveCount(0);
});
