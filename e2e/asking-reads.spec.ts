/**
 * A prompt and a resource whose server asks the person first (the demo server's `ask-for-topic` and
 * `demo://ask/greeting.txt`), in both eras: the view says it waits for the person while the dialog is
 * open, and the answer reaches the result.
 */
import { connect, expect, test } from './fixtures.ts';
import { DEMO_MCP_URL } from './servers/ports.ts';
import { names } from './names.ts';

for (const era of ['2025 and older', '2026-07-28'] as const) {
  test.describe(`${era}`, () => {
    test('a prompt that asks for a topic waits for the person, then shows the messages', async ({ page }) => {
      await connect(page, DEMO_MCP_URL, { era });
      await page.getByRole('tab', { name: names.tabs.prompts }).click();
      await page.getByRole('list', { name: names.tabs.prompts }).getByRole('button', { name: 'ask-for-topic', exact: true }).click();
      await page.getByRole('form', { name: 'Prompt arguments' }).getByRole('button', { name: 'Get prompt' }).click();

      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText('What should the prompt be about?');
      await expect(page.getByRole('status').filter({ hasText: 'waiting for you to answer' })).toContainText(
        "The request's timeout is paused until you answer.",
      );
      await dialog.getByRole('textbox', { name: /Topic/ }).fill('owls');
      await dialog.getByRole('button', { name: names.serverRequests.accept }).click();
      await expect(page.getByRole('region', { name: 'Prompt messages' })).toContainText('Tell me about owls.');
      await expect(page.getByRole('status').filter({ hasText: 'waiting for you to answer' })).toHaveCount(0);
    });

    test('a resource that asks for a name waits for the person, then shows the contents', async ({ page }) => {
      await connect(page, DEMO_MCP_URL, { era });
      await page.getByRole('tab', { name: names.tabs.resources }).click();
      await page.getByRole('list', { name: names.tabs.resources }).getByRole('button', { name: 'greeting-for-you', exact: true }).click();

      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText('Who is reading?');
      await expect(page.getByRole('status').filter({ hasText: 'waiting for you to answer' })).toBeVisible();
      await dialog.getByRole('textbox', { name: /Your name/ }).fill('Ada');
      await dialog.getByRole('button', { name: names.serverRequests.accept }).click();
      await expect(page.getByRole('region', { name: 'Resource contents' })).toContainText('Hello, Ada.');
    });
  });
}
