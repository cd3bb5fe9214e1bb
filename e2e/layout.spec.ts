/** Layout a first-time user tripped over: what must stay in view, and what must not cover what. */
import type { Locator } from '@playwright/test';
import { connect, expect, test } from './fixtures.ts';
import { DEMO_MCP_URL } from './servers/ports.ts';
import { names } from './names.ts';

const overlaps = async (a: Locator, b: Locator) => {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (!x || !y) return false;
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
};

// Sixteen runs before each test: on a loaded two-core machine that alone can take a minute.
test.describe.configure({ timeout: 180_000 });

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await connect(page, DEMO_MCP_URL, { era: '2025 and older' });
  await page.getByRole('button', { name: 'echo' }).click();
  // Enough traffic that neither list fits its pane.
  for (let run = 0; run < 16; run++) {
    await page.getByRole('button', { name: names.tools.runTool }).click();
    await expect(page.getByRole('region', { name: names.log.region }).locator('.log-row')).not.toHaveCount(0);
    await expect(page.getByRole('button', { name: names.tools.runTool })).toBeEnabled();
  }
});

test('"Show HTTP exchange" shows the list with the chosen exchange in view, not a blank pane', async ({ page }) => {
  const log = page.getByRole('region', { name: names.log.region });
  await log.locator('.log-scroller').evaluate((element) => (element.scrollTop = 0));
  // The first message (the row above it is the "New connection" line, which has no exchange).
  await log.locator('.log-row:not(.log-note) .log-row-button').first().click();
  await page.getByRole('button', { name: names.http.showExchange }).click();
  const http = page.getByRole('region', { name: 'HTTP exchanges' });
  const chosen = http.locator('.http-row-button[aria-current="true"]');
  await expect(chosen).toBeInViewport();
  await expect(chosen).toContainText('POST');
});

test('"Jump to latest" sits below the log, covering no column', async ({ page }) => {
  const log = page.getByRole('region', { name: names.log.region });
  await log.locator('.log-scroller').evaluate((element) => (element.scrollTop = 0));
  const jump = log.getByRole('button', { name: names.log.jumpToLatest });
  await expect(jump).toBeVisible();
  const latencies = log.locator('.log-row .log-latency');
  for (let index = 0; index < (await latencies.count()); index++) {
    expect(await overlaps(jump, latencies.nth(index))).toBe(false);
  }
});

test('the feature tabs stay in view down a long tool, and the server card folds away', async ({ page }) => {
  const tools = page.getByRole('tab', { name: names.tabs.tools, exact: true });
  await page.locator('.main-pane').evaluate((element) => (element.scrollTop = element.scrollHeight));
  await expect(tools).toBeInViewport();
  // Connected, the card starts folded to one line; it opens and folds again.
  const details = page.getByRole('button', { name: names.connection.serverDetails });
  await expect(details).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByText('Capabilities', { exact: true })).toBeHidden();
  await details.click();
  await expect(details).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText('Capabilities', { exact: true })).toBeVisible();
  await details.click();
  await expect(details).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByText('Capabilities', { exact: true })).toBeHidden();
  await page.locator('.main-pane').evaluate((element) => (element.scrollTop = 0));
  // Folded, the card leaves the tool's own heading in the first screen.
  await expect(page.getByRole('heading', { name: 'Echo' })).toBeInViewport();
  // The folded call settings take one line, not a blank band.
  const settings = page.locator('.call-settings');
  expect((await settings.boundingBox())!.height).toBeLessThan(60);
});

test('collapsed Call settings is one line, an HTTP method keeps clear of its status, and Connect is not the next step once connected', async ({
  page,
}) => {
  // Folded, the settings are their summary line and no more: no blank band above the tool list.
  const settings = page.locator('details.call-settings');
  await expect(settings).not.toHaveAttribute('open');
  expect((await settings.boundingBox())!.height).toBeLessThan(60);

  // "DELETE", the longest method, runs into no status.
  await page.getByRole('button', { name: names.connection.disconnect, exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Disconnected' })).toBeVisible();
  await page.getByRole('button', { name: names.http.http, exact: true }).click();
  const deleted = page
    .locator('.http-row')
    .filter({ has: page.locator('.http-method', { hasText: 'DELETE' }) })
    .first();
  await expect(deleted).toBeVisible();
  expect(await overlaps(deleted.locator('.http-method'), deleted.locator('.http-status'))).toBe(false);
  const posted = page
    .locator('.http-row')
    .filter({ has: page.locator('.http-method', { hasText: 'POST' }) })
    .first();
  expect(await overlaps(posted.locator('.http-method'), posted.locator('.http-status'))).toBe(false);

  // Connected, Connect would end this session and start another: it is no longer the primary button.
  await connect(page, DEMO_MCP_URL, { era: '2026-07-28' });
  await expect(page.getByRole('button', { name: names.connection.connect, exact: true })).not.toHaveClass(/button-primary/);
  // The longest pinned era on the Settings button still leaves the toolbar one row: the status beside the URL.
  const middle = (box: { y: number; height: number } | null) => box!.y + box!.height / 2;
  const url = await page.getByRole('textbox', { name: names.connection.serverUrl }).boundingBox();
  const status = await page.getByRole('status').filter({ hasText: 'Connected' }).boundingBox();
  expect(Math.abs(middle(status) - middle(url))).toBeLessThan(8);
  await page.getByRole('button', { name: names.connection.disconnect, exact: true }).click();
  await expect(page.getByRole('button', { name: names.connection.connect, exact: true })).toHaveClass(/button-primary/);
});
