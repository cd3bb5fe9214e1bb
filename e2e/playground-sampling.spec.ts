/**
 * "Answer with <model>" in the sampling dialog, against the demo server's sample-with-tools in both eras (a
 * 2025 sampling/createMessage and a 2026-07-28 input round) with the fake provider: the model's draft is
 * edited and approved, auto-approve answers alone while it is shown, and without a key the button says how
 * to set a model up.
 */
import type { Page } from '@playwright/test';
import { connect, expect, runTool, test, type EraLabel } from './fixtures.ts';
import { names, nameOf } from './names.ts';
import { DEMO_MCP_URL, FAKE_PROVIDER_ORIGIN } from './servers/ports.ts';

test.describe.configure({ timeout: 150_000 });

const MODEL = 'claude-sonnet-4-5';

async function setUpProvider(page: Page) {
  await page.getByRole('tab', { name: names.tabs.playground }).click();
  await page.getByRole('combobox', { name: names.playground.provider }).selectOption({ label: 'Anthropic' });
  await page.getByRole('textbox', { name: names.playground.baseUrl }).fill(`${FAKE_PROVIDER_ORIGIN}/anthropic/v1`);
  await page.getByLabel(names.playground.apiKey).fill('sk-e2e-sampling-key');
  await page.getByLabel(names.playground.apiKey).blur();
  await expect(page.getByRole('button', { name: names.playground.forgetKey })).toBeVisible();
}

const toolResult = (page: Page) => page.getByRole('region', { name: names.tools.result });

for (const era of ['2025 and older', '2026-07-28'] as EraLabel[]) {
  test(`${era}: Answer with the model fills the reply, which the person edits and approves`, async ({ page }) => {
    await connect(page, DEMO_MCP_URL, { era });
    await runTool(page, 'sample-with-tools');
    const dialog = page.getByRole('dialog');
    // No provider yet: the button says how to set one up, and takes the person there.
    await dialog.getByRole('button', { name: names.sampling.setUpModel }).click();
    await expect(page.getByRole('tab', { name: names.tabs.playground })).toHaveAttribute('aria-selected', 'true');
    await setUpProvider(page);

    await dialog.getByRole('button', { name: nameOf.answerWith(MODEL) }).click();
    const reply = dialog.getByLabel('Reply text');
    await expect(reply).toHaveValue('Fake answer to “What is the weather in Lisbon?”.');
    await expect(dialog.getByLabel('Model', { exact: true })).toHaveValue(MODEL);
    await reply.fill(`Edited: sunny (${era}).`);
    await dialog.getByRole('button', { name: names.serverRequests.approve }).click();
    await page.getByRole('tab', { name: names.tabs.tools }).click();
    await expect(toolResult(page)).toContainText('The reply used no tool.');
    await expect(toolResult(page)).toContainText(`Edited: sunny (${era}).`);
  });
}

test('auto-approve answers sampling with the model while it is on, and says so on every tab', async ({ page }) => {
  await connect(page, DEMO_MCP_URL, { era: '2026-07-28' });
  await setUpProvider(page);
  await runTool(page, 'sample-with-tools');
  const dialog = page.getByRole('dialog');
  // Ticked, it answers the waiting request at once: the dialog goes (so click, not check, which re-reads it).
  await dialog.getByRole('checkbox', { name: names.sampling.autoApprove }).click();
  await expect(toolResult(page)).toContainText('Fake answer to');
  const status = page.getByRole('status').filter({ hasText: 'Auto-approve is on' });
  await expect(status).toContainText(MODEL);

  // The next request is answered without a dialog.
  await runTool(page, 'sample-with-tools');
  await expect(toolResult(page)).toContainText('The reply used no tool.');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.screenshot({ path: 'test-results/play3a-auto-approve-light.png' });
  await page.getByRole('button', { name: names.sampling.turnOffAutoApprove }).click();
  await expect(status).toHaveCount(0);
});
