/** The Prompts tab: required arguments, completion with context, and messages of every content type. */
import type { Page } from '@playwright/test';
import { connect, expect, test } from './fixtures.ts';
import { DEMO_MCP_URL, EVERYTHING_MCP_URL } from './servers/ports.ts';
import { names } from './names.ts';

async function openPrompt(page: Page, url: string, name: string) {
  await connect(page, url);
  await page.getByRole('tab', { name: names.tabs.prompts }).click();
  await page.getByRole('list', { name: names.tabs.prompts }).getByRole('button', { name, exact: true }).click();
  return page.getByRole('form', { name: 'Prompt arguments' });
}

const messages = (page: Page) => page.getByRole('region', { name: 'Prompt messages' });

test('marks required arguments, completes with context, and renders the conversation by role', async ({ page }) => {
  const form = await openPrompt(page, DEMO_MCP_URL, 'review-code');
  await expect(form.getByText('(required)', { exact: true })).toHaveCount(2);
  await expect(form.getByText('(optional)', { exact: true })).toHaveCount(1);

  // A required argument left empty: the form says so and sends nothing.
  await form.getByRole('button', { name: 'Get prompt' }).click();
  await expect(form.getByRole('combobox', { name: /language/ })).toHaveJSProperty('validity.valueMissing', true);
  await expect(messages(page)).not.toContainText('message');

  await form.getByRole('combobox', { name: /language/ }).fill('ru');
  await page.getByRole('listbox', { name: 'Suggestions for language' }).getByRole('option', { name: 'rust' }).click();
  await form.getByRole('combobox', { name: /framework/ }).focus();
  await expect(page.getByRole('listbox', { name: 'Suggestions for framework' }).getByRole('option')).toHaveText(['axum', 'serde', 'tokio']);
  await form.getByRole('combobox', { name: /framework/ }).press('Escape');
  await form
    .getByRole('textbox', { name: /code/ })
    .or(form.getByRole('combobox', { name: /code/ }))
    .fill('fn main() {}');
  // The server has nothing to suggest for code: said in the form's flow, so the button below stays clickable
  // (a popup there covered it, and the first click only closed the popup).
  await expect(form.getByRole('status').filter({ hasText: 'No suggestions for this value' })).toBeVisible();
  await form.getByRole('button', { name: 'Get prompt' }).click({ timeout: 30_000 });

  const result = messages(page);
  await expect(result).toContainText('3 messages');
  await expect(result.getByRole('listitem', { name: 'Message 1 from user' })).toContainText('Please review this rust code:');
  await expect(result.getByRole('listitem', { name: 'Message 2 from assistant' })).toContainText('correctness first');
});

test('shows every content type a prompt message can carry', async ({ page }) => {
  const form = await openPrompt(page, DEMO_MCP_URL, 'content-gallery');
  await form
    .getByRole('combobox', { name: /caption/ })
    .or(form.getByRole('textbox', { name: /caption/ }))
    .fill('One of each');
  await form.getByRole('button', { name: 'Get prompt' }).click();
  const result = messages(page);
  await expect(result).toContainText('6 messages');
  await expect(result.getByRole('listitem', { name: 'Message 1 from user' })).toContainText('One of each');
  await expect(result.getByRole('listitem', { name: 'Message 2 from assistant' }).getByRole('img')).toBeVisible();
  await expect(result.getByRole('listitem', { name: 'Message 3 from user' }).locator('audio')).toHaveCount(1);
  await expect(result.getByRole('listitem', { name: 'Message 4 from assistant' })).toContainText('Inspector guide');
  await expect(result.getByRole('listitem', { name: 'Message 5 from user' })).toContainText('{"embedded":true}');
  await expect(result.getByRole('listitem', { name: 'Message 6 from assistant' })).toContainText('demo://images/lens.png');
});

test('server-everything: completable-prompt narrows names by department; args-prompt needs its city', async ({ page }) => {
  const form = await openPrompt(page, EVERYTHING_MCP_URL, 'completable-prompt');
  await form.getByRole('combobox', { name: /department/ }).fill('Eng');
  await page.getByRole('listbox', { name: 'Suggestions for department' }).getByRole('option', { name: 'Engineering' }).click();
  await form.getByRole('combobox', { name: /name/ }).focus();
  await expect(page.getByRole('listbox', { name: 'Suggestions for name' }).getByRole('option')).toHaveText(['Alice', 'Bob', 'Charlie']);
  await page.getByRole('listbox', { name: 'Suggestions for name' }).getByRole('option', { name: 'Bob' }).click();
  await form.getByRole('button', { name: 'Get prompt' }).click();
  await expect(messages(page)).toContainText('Please promote Bob to the head of the Engineering team.');

  await page.getByRole('list', { name: names.tabs.prompts }).getByRole('button', { name: 'args-prompt', exact: true }).click();
  const args = page.getByRole('form', { name: 'Prompt arguments' });
  await args.getByRole('combobox', { name: /city/ }).fill('Lisbon');
  await args.getByRole('button', { name: 'Get prompt' }).click();
  await expect(messages(page)).toContainText("What's weather in Lisbon?");
});
