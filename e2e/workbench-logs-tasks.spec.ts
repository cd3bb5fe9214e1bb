/**
 * Issue 21, the log and lists: rows name what they carry and can be copied, task polling folds into one row,
 * windowed list rows never intersect (seeded with long names and wrapping badges), Refresh asks the server.
 */
import type { Locator, Page } from '@playwright/test';
import { connect, expect as baseExpect, test } from './fixtures.ts';
import { DEMO_MCP_URL, EVERYTHING_MCP_URL, hostileUrl } from './servers/ports.ts';
import { names } from './names.ts';

const expect = baseExpect.configure({ timeout: 15_000 });

/**
 * Every rendered row's box, whether its content fits inside it (nothing clipped below, nothing stacked), and the
 * badges cut part-way by their row (a badge is shown whole or left out, never cut mid-word).
 */
async function rowsOf(list: Locator) {
  return list.evaluate((element) =>
    [...element.querySelectorAll(':scope > li')].map((row) => {
      const box = row.getBoundingClientRect();
      const cutBadges = [...row.querySelectorAll(':is(.hint-badges, .item-badges) > .badge')].filter((badge) => {
        const shown = badge.parentElement!.getBoundingClientRect();
        const own = badge.getBoundingClientRect();
        const overlaps = own.left < shown.right - 0.5 && own.top < shown.bottom - 0.5;
        const whole = own.right <= shown.right + 0.5 && own.bottom <= shown.bottom + 0.5;
        return overlaps && !whole;
      }).length;
      return {
        top: box.top,
        bottom: box.bottom,
        left: box.left,
        right: box.right,
        fits: row.scrollHeight <= row.clientHeight + 1,
        cutBadges,
      };
    }),
  );
}

async function expectNoOverlap(page: Page, name: string) {
  const list = page.getByRole('list', { name, exact: true });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  const rows = await rowsOf(list);
  expect(rows.length).toBeGreaterThan(3);
  for (const [index, row] of rows.entries()) {
    expect(row.fits, `${name} row ${index} content fits its row`).toBe(true);
    expect(row.cutBadges, `${name} row ${index} shows no badge cut part-way`).toBe(0);
    for (const other of rows.slice(index + 1)) {
      const intersect = row.top < other.bottom - 0.5 && other.top < row.bottom - 0.5 && row.left < other.right && other.left < row.right;
      expect(intersect, `${name} rows ${index} and another intersect`).toBe(false);
    }
  }
}

for (const size of [
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
]) {
  test(`list rows never intersect at ${size.width} px, whatever the names and badges`, async ({ page }) => {
    await page.setViewportSize(size);
    await connect(page, hostileUrl('long-rows'));
    await expectNoOverlap(page, 'Tools');
    await page.getByRole('tab', { name: names.tabs.resources }).click();
    await expectNoOverlap(page, 'Resources');
    await page.getByRole('tab', { name: names.tabs.prompts }).click();
    await expectNoOverlap(page, 'Prompts');
  });
}

test("server-everything's tools never overlap at 1280 px", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await connect(page, EVERYTHING_MCP_URL);
  await expectNoOverlap(page, 'Tools');
});

test('log rows name the tool, the filter finds its response, and a received message can be copied', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await connect(page, DEMO_MCP_URL);
  await page.getByRole('button', { name: 'echo', exact: true }).click();
  await page.getByLabel(/^message/).fill('hello lens');
  await page.getByRole('button', { name: names.tools.runTool }).click();
  await expect(page.getByRole('region', { name: names.tools.result })).toContainText('hello lens');

  const log = page.getByRole('region', { name: names.log.region });
  await log.getByRole('textbox', { name: names.log.filter }).fill('echo');
  const rows = log.getByRole('listitem');
  await expect(rows.filter({ hasText: 'tools/call · echo' })).toHaveCount(2);
  const response = rows.filter({ hasText: '↳ tools/call · echo' });
  await expect(response).toHaveCount(1);
  await response.getByRole('button').first().click();
  const detail = page.getByRole('region', { name: names.log.selected });
  await expect(detail).toContainText('received response · tools/call · echo');
  await detail.getByRole('button', { name: names.log.copyAsJson }).click();
  await expect(detail.getByRole('status')).toHaveText('Copied as JSON');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(JSON.parse(copied)).toMatchObject({ jsonrpc: '2.0', result: { content: [{ type: 'text' }] } });
  // Received messages are not re-sent, so no curl.
  await expect(detail.getByRole('button', { name: names.log.copyAsCurl })).toHaveCount(0);
});

test('Refresh sends tools/list again, and the freshness badge counts down', async ({ page }) => {
  await connect(page, DEMO_MCP_URL);
  const badge = page.getByRole('tabpanel', { name: names.tabs.tools }).getByText(/^fresh for \d+ s/);
  await expect(badge).toBeVisible();
  const first = Number((await badge.textContent())!.match(/(\d+) s/)![1]);
  await expect.poll(async () => Number((await badge.textContent())!.match(/(\d+) s/)![1])).toBeLessThan(first);
  const log = page.getByRole('region', { name: names.log.region });
  const before = await log.getByRole('listitem').filter({ hasText: 'tools/list' }).count();
  await page.getByRole('button', { name: 'Refresh' }).click();
  // Its request and its response, each a row of its own.
  const afterRefresh = before + 2;
  await expect.poll(() => log.getByRole('listitem').filter({ hasText: 'tools/list' }).count()).toBe(afterRefresh);
  // Back on the tab within the server's time, the list is asked for again and the engine answers from its
  // cache: the badge says so, and no new tools/list goes to the server.
  await page.getByRole('tab', { name: names.tabs.prompts }).click();
  await page.getByRole('tab', { name: names.tabs.tools }).click();
  await expect(page.getByRole('tabpanel', { name: names.tabs.tools }).getByText(/^from cache · fresh for \d+ s/)).toBeVisible();
  expect(await log.getByRole('listitem').filter({ hasText: 'tools/list' }).count()).toBe(afterRefresh);
});

test('a task: its polls fold into one log row, and the Tasks tab names its tool', async ({ page }) => {
  await connect(page, DEMO_MCP_URL);
  await page.getByRole('button', { name: 'deploy-preview' }).click();
  await page.getByRole('button', { name: names.tools.runTool }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Environment').selectOption('preview');
  await dialog.getByRole('button', { name: names.serverRequests.accept }).click();
  const result = page.getByRole('region', { name: names.tools.result });
  await expect(result).toContainText('completed');

  const log = page.getByRole('region', { name: names.log.region });
  const group = log.getByRole('listitem').filter({ hasText: /tasks\/get · .*×\d+/ });
  await expect(group).toHaveCount(1);
  await expect(group).toContainText('last: completed');
  const polls = Number((await group.textContent())!.match(/×(\d+)/)![1]);
  expect(polls).toBeGreaterThan(1);
  // One row, however many polls; expanded, every poll is back in place.
  const toggle = group.getByRole('button', { name: /^Show polls of task/ });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  // Folded, one row stood for every poll; unfolded, each poll's request (and answer) has its own row again.
  await expect
    .poll(() =>
      log
        .getByRole('listitem')
        .filter({ hasText: /tasks\/get/ })
        .count(),
    )
    .toBeGreaterThanOrEqual(polls);

  await page.getByRole('tab', { name: names.tabs.tasks }).click();
  const table = page.getByRole('table', { name: names.tabs.tasks });
  await expect(table.getByRole('rowheader')).toContainText('deploy-preview');
  await expect(table.getByRole('rowheader')).toContainText(/[0-9a-f-]{8,}/);
  await expect(table.getByRole('cell').nth(1)).toHaveText(/^\d\d:\d\d:\d\d\.\d\d\d$/);
});
