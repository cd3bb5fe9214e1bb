/** The Resources tab against the demo server and server-everything: every content shape, templates, subscriptions. */
import type { Page } from '@playwright/test';
import { connect, expect, test, type EraLabel } from './fixtures.ts';
import { DEMO_MCP_URL, EVERYTHING_MCP_URL } from './servers/ports.ts';
import { names } from './names.ts';

async function openResources(page: Page, url: string, options: { era?: EraLabel } = {}) {
  await connect(page, url, options);
  await page.getByRole('tab', { name: names.tabs.resources }).click();
  await expect(page.getByRole('list', { name: names.tabs.resources })).toBeVisible();
}

const contents = (page: Page) => page.getByRole('region', { name: 'Resource contents' });

test('lists resources with their metadata and renders Markdown safely', async ({ page }) => {
  await openResources(page, DEMO_MCP_URL);
  const list = page.getByRole('list', { name: names.tabs.resources });
  await expect(list).toContainText('demo://docs/guide.md');
  await expect(list).toContainText('priority 0.8');
  await expect(list).toContainText('1.0 KB');

  await list.getByRole('button', { name: 'guide', exact: true }).click();
  const body = contents(page);
  await expect(body.getByRole('heading', { name: 'Inspector guide' })).toBeVisible();
  // Raw HTML is text, never markup; the javascript: link is not a link; the remote image is not fetched.
  await expect(body).toContainText("<script>alert('no')</script>");
  await expect(body.locator('script')).toHaveCount(0);
  await expect(body.getByRole('link', { name: 'A safe link' })).toHaveAttribute(
    'href',
    'https://modelcontextprotocol.io/specification/2025-11-25',
  );
  await expect(body.getByRole('link', { name: 'A javascript: link' })).toHaveCount(0);
  await expect(body.locator('img')).toHaveCount(0);
  await expect(body).toContainText('[image not loaded: A remote image that must not be fetched]');

  await body.getByRole('button', { name: 'Source' }).click();
  await expect(body.locator('pre').first()).toContainText('# Inspector guide');
});

test('pretty-prints JSON, shows images and audio, and offers other blobs as a download', async ({ page }) => {
  await openResources(page, DEMO_MCP_URL);
  const list = page.getByRole('list', { name: names.tabs.resources });

  await list.getByRole('button', { name: 'config', exact: true }).click();
  await expect(contents(page)).toContainText('"retries": 3,');

  await list.getByRole('button', { name: 'two-images', exact: true }).click();
  await expect(contents(page).getByRole('img')).toHaveCount(2);
  await expect(contents(page).getByRole('img').first()).toHaveJSProperty('complete', true);

  await list.getByRole('button', { name: 'tone', exact: true }).click();
  await expect(contents(page).locator('audio')).toHaveCount(1);

  await list.getByRole('button', { name: 'sample-bin', exact: true }).click();
  const download = contents(page).getByRole('link', { name: 'Download sample.bin' });
  await expect(download).toHaveAttribute('download', 'sample.bin');
  await expect(download).toHaveAttribute('href', /^blob:/);
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toBe('sample.bin');
});

test('shows HTML as source, and only on request in a sandboxed frame', async ({ page }) => {
  await openResources(page, DEMO_MCP_URL);
  await page.getByRole('list', { name: names.tabs.resources }).getByRole('button', { name: 'hello-page', exact: true }).click();
  await expect(contents(page).locator('pre')).toContainText('<script>');
  await expect(contents(page).locator('iframe')).toHaveCount(0);
  await contents(page).getByRole('button', { name: 'Sandboxed preview' }).click();
  const frame = contents(page).locator('iframe');
  await expect(frame).toHaveAttribute('sandbox', '');
  await expect(frame).toHaveAttribute('src', /^blob:/);
  await expect(page.frameLocator('iframe').getByRole('heading', { name: 'An HTML resource' })).toBeVisible();
  await expect(page).toHaveTitle('MCP Lens');
});

test('fills a template with completions that use the other variable, and reads it', async ({ page }) => {
  await openResources(page, DEMO_MCP_URL);
  await page.getByRole('list', { name: names.tools.resourceTemplates }).getByRole('button', { name: 'file', exact: true }).click();
  const form = page.getByRole('form', { name: 'Template variables' });

  await form.getByRole('combobox', { name: /folder/ }).fill('re');
  const folders = page.getByRole('listbox', { name: 'Suggestions for folder' });
  await expect(folders.getByRole('option')).toHaveText(['reports', 'recipes']);
  await expect(page.locator('.completion-footer')).toContainText('2 of 2');
  await folders.getByRole('option', { name: 'recipes' }).click();
  await expect(form.getByRole('combobox', { name: /folder/ })).toHaveValue('recipes');

  const file = form.getByRole('combobox', { name: /file/ });
  await file.focus();
  await expect(page.getByRole('listbox', { name: 'Suggestions for file' }).getByRole('option')).toHaveText([
    'bread.txt',
    'pancakes.txt',
    'soup.txt',
  ]);
  await file.fill('s');
  await expect(page.getByRole('listbox', { name: 'Suggestions for file' }).getByRole('option')).toHaveText(['soup.txt']);
  await file.press('ArrowDown');
  await file.press('Enter');
  await expect(file).toHaveValue('soup.txt');
  await expect(form.getByRole('status', { name: 'Expanded URI' })).toHaveText('demo://files/recipes/soup.txt');

  await form.getByRole('button', { name: names.richResults.readResource }).click();
  await expect(contents(page)).toContainText('Contents of recipes/soup.txt.');
});

test('subscribes to a changing resource: updates are marked, re-read and in the timeline', async ({ page }) => {
  // resources/subscribe on a 2025 session, whose ticker starts at 0; 2026-07-28 listens instead (e2e/eras.spec.ts).
  await openResources(page, DEMO_MCP_URL, { era: '2025 and older' });
  const list = page.getByRole('list', { name: names.tabs.resources });
  await list.getByRole('button', { name: 'ticker', exact: true }).click();
  await expect(contents(page)).toContainText('"ticks": 0');
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(list).toContainText('subscribed');
  await expect(page.getByRole('status').filter({ hasText: 'Updated' })).toBeVisible({ timeout: 10_000 });
  await expect(contents(page)).toContainText('"ticks": 1', { timeout: 10_000 });
  await expect(page.getByRole('region', { name: names.layout.notifications })).toContainText('Updated: demo://live/ticker');
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(list).not.toContainText('subscribed');
});

test('server-everything: static documents, templates with completion, text and blob reads', async ({ page }) => {
  await openResources(page, EVERYTHING_MCP_URL);
  const list = page.getByRole('list', { name: names.tabs.resources });
  await expect(list).toContainText('demo://resource/static/document/');
  const templates = page.getByRole('list', { name: names.tools.resourceTemplates });
  await expect(templates).toContainText('demo://resource/dynamic/text/{resourceId}');

  await templates.getByRole('button', { name: /text/i }).first().click();
  const id = page.getByRole('form', { name: 'Template variables' }).getByRole('combobox', { name: /resourceId/ });
  // The server suggests the typed id back: nothing to add, so no list covers the form.
  await id.fill('3');
  await expect(id).toHaveAttribute('aria-expanded', 'false');
  await page.getByRole('button', { name: names.richResults.readResource }).click();
  await expect(contents(page)).toContainText('Resource 3: This is a plaintext resource');

  await templates.getByRole('button', { name: /blob/i }).first().click();
  await page
    .getByRole('form', { name: 'Template variables' })
    .getByRole('combobox', { name: /resourceId/ })
    .fill('2');
  await page.getByRole('button', { name: names.richResults.readResource }).click();
  await expect(contents(page).getByRole('link', { name: /^Download/ })).toHaveAttribute('href', /^blob:/);
});

test('server-everything: a subscribed resource is marked when toggle-subscriber-updates sends updates', async ({ page }) => {
  await openResources(page, EVERYTHING_MCP_URL);
  const list = page.getByRole('list', { name: names.tabs.resources });
  await list.getByRole('listitem').first().getByRole('button').first().click();
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(list.getByText('subscribed', { exact: true })).toBeVisible();

  await page.getByRole('tab', { name: names.tabs.tools }).click();
  await page.getByRole('button', { name: 'toggle-subscriber-updates', exact: true }).click();
  await page.getByRole('button', { name: names.tools.runTool }).click();
  await expect(page.getByRole('region', { name: names.tools.result })).toBeVisible();
  await expect(page.getByRole('region', { name: names.layout.notifications })).toContainText('notifications/resources/updated', {
    timeout: 15_000,
  });

  await page.getByRole('tab', { name: names.tabs.resources }).click();
  await expect(page.getByRole('list', { name: names.tabs.resources }).getByText(/^updated/)).toBeVisible();
  // Stop the updates again, so the session ends as it began.
  await page.getByRole('tab', { name: names.tabs.tools }).click();
  await page.getByRole('button', { name: 'toggle-subscriber-updates', exact: true }).click();
  await page.getByRole('button', { name: names.tools.runTool }).click();
  await expect(page.getByRole('region', { name: names.tools.result })).toContainText(/stopped|disabled|off/i);
});
