/** The log under a flood: every message kept or counted, rows windowed, filtering and big results. */
import { connect, expect, test, runTool as runToolWith } from './fixtures.ts';
import { FLOOD_MCP_URL } from './servers/ports.ts';
import { names } from './names.ts';

const run = (page: Parameters<typeof runToolWith>[0], tool: string, args: unknown) => runToolWith(page, tool, { args });

test('keeps every notification of a flood, renders only the rows on screen, and filters them', async ({ page }) => {
  test.setTimeout(120_000);
  await connect(page, FLOOD_MCP_URL);
  await run(page, 'flood', { count: 5000, perSecond: 5000 });
  await expect(page.getByRole('region', { name: names.tools.result })).toContainText('sent 5000', { timeout: 90_000 });

  const timeline = page.getByRole('region', { name: names.layout.notifications });
  await expect(timeline.locator('.panel-header')).toContainText('5000');
  const log = page.getByRole('region', { name: names.log.region });
  // Windowed: a few dozen rows in the DOM for thousands of entries.
  expect(await log.locator('.log-row').count()).toBeLessThan(150);
  await expect(log.locator('.log-row').last()).toBeVisible();

  await log.getByRole('textbox', { name: names.log.filter }).fill('"flood 4321"');
  await expect(log.locator('.log-count')).toHaveText(/^1\//);
  await log.locator('.log-row-button').first().click();
  await expect(log.getByRole('region', { name: names.log.selected })).toContainText('flood 4321');
  await log.getByRole('button', { name: names.http.showExchange }).click();
  const detail = page.getByRole('region', { name: 'Selected HTTP exchange' });
  await expect(detail).toContainText('SSE events');
  await expect(detail).toContainText('5001');
});

test('follows new messages until scrolled up, then waits for Jump to latest', async ({ page }) => {
  test.setTimeout(120_000);
  await connect(page, FLOOD_MCP_URL);
  const log = page.getByRole('region', { name: names.log.region });
  const scroller = log.locator('.log-scroller');
  await run(page, 'flood', { count: 500, perSecond: 5000 });
  await expect(page.getByRole('region', { name: names.tools.result })).toContainText('sent 500');
  // Pinned to the newest row: the answer to the call is on screen.
  await expect(log.locator('.log-row').filter({ hasText: 'tools/call' }).last()).toBeInViewport();
  await expect(log.getByRole('button', { name: names.log.jumpToLatest })).toHaveCount(0);

  await scroller.evaluate((element) => (element.scrollTop = 0));
  await expect(log.getByRole('button', { name: names.log.jumpToLatest })).toBeVisible();
  await run(page, 'flood', { count: 300, perSecond: 5000 });
  await expect(page.getByRole('region', { name: names.tools.result })).toContainText('sent 300');
  // Still reading the top: new rows did not pull the view down.
  expect(await scroller.evaluate((element) => element.scrollTop)).toBe(0);

  await log.getByRole('button', { name: names.log.jumpToLatest }).click();
  await expect(log.getByRole('button', { name: names.log.jumpToLatest })).toHaveCount(0);
  expect(await scroller.evaluate((element) => element.scrollHeight - element.scrollTop - element.clientHeight)).toBeLessThan(24);
});

test('shows a 10 MB text result without laying it all out', async ({ page }) => {
  test.setTimeout(120_000);
  await connect(page, FLOOD_MCP_URL);
  await run(page, 'big', { kind: 'text', bytes: 10 * 1024 * 1024 });
  const result = page.getByRole('region', { name: names.tools.result });
  await expect(result).toContainText('Success', { timeout: 60_000 });
  await expect(result).toContainText('Showing 64.0 KB of 10.0 MB');
  await result.getByRole('button', { name: /Show 256\.0 KB more/ }).click();
  await expect(result).toContainText('Showing 320.0 KB of 10.0 MB');
});

test('shows a 3 MB image result, decoded in slices and checked by its header', async ({ page }) => {
  test.setTimeout(120_000);
  await connect(page, FLOOD_MCP_URL);
  await run(page, 'big', { kind: 'image', bytes: 3 * 1024 * 1024 });
  const result = page.getByRole('region', { name: names.tools.result });
  await expect(result.getByRole('img')).toBeVisible({ timeout: 60_000 });
  await expect(result).not.toContainText('Not shown');
});
