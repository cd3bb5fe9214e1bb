/** Issue 40, the last mile at 1280×720: a log you can read in full, an HTTP view that names every exchange. */
import type { Page, TestInfo } from '@playwright/test';
import { useTheme } from './axe.ts';
import { connect, expect, messageLog, openApp, runTool, test, type EraLabel } from './fixtures.ts';
import { names } from './names.ts';
import { DEMO_MCP_URL, NO_CORS_MCP_URL } from './servers/ports.ts';

test.describe.configure({ timeout: 180_000 });

/** The page at 1280×720 and 1440×900, light and dark, kept with the test's output; left at 1280×720, light. */
async function shoot(page: Page, testInfo: TestInfo, name: string) {
  for (const [width, height] of [
    [1440, 900],
    [1280, 720],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const scheme of ['dark', 'light'] as const) {
      await useTheme(page, scheme);
      const path = testInfo.outputPath(`${name}-${width}x${height}-${scheme}.png`);
      await page.screenshot({ path });
      await testInfo.attach(`${name}-${width}x${height}-${scheme}`, { path, contentType: 'image/png' });
    }
  }
}

/** Whether an element's text is cut: it is wider than the box that shows it. */
const cut = (element: { evaluate<T>(fn: (node: HTMLElement) => T): Promise<T> }) =>
  element.evaluate((node) => node.scrollWidth > node.clientWidth + 1);

for (const era of ['2026-07-28', '2025 and older'] as const satisfies readonly EraLabel[]) {
  test(`at 1280×720 (${era}) the log names method and tool in full, and the HTTP view names the method of each exchange`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await connect(page, `${DEMO_MCP_URL}?api_key=e2e-secret-value`, { era });
    await runTool(page, 'long-running-task', { args: { steps: 3, stepMs: 50 } });
    await expect(page.getByRole('region', { name: names.tools.result })).toContainText('Completed', { timeout: 30_000 });
    const log = messageLog(page);
    const call = log.locator('.log-row').filter({ hasText: 'tools/call · long-running-task' }).first();
    await expect(call).toBeVisible();
    expect(await cut(call.locator('.log-method'))).toBe(false);
    for (const method of ['notifications/progress', 'notifications/message']) {
      const row = log.locator('.log-row').filter({ hasText: method }).first();
      await expect(row).toBeVisible();
      expect(await cut(row.locator('.log-method'))).toBe(false);
    }
    if (era === '2026-07-28') await shoot(page, testInfo, 'log');

    // Opened, the answer's detail leaves eight rows of the log in view and its actions on one line.
    const answer = log.locator('.log-row').filter({ hasText: '↳ tools/call · long-running-task' }).last();
    await answer.locator('.log-row-button').click();
    const detail = log.getByRole('region', { name: names.log.selected });
    await expect(detail).toBeVisible();
    const scroller = await log.locator('.log-scroller').boundingBox();
    expect(scroller!.height).toBeGreaterThanOrEqual(8 * 24);
    const actions = await detail
      .locator('.log-detail-actions .button')
      .evaluateAll((buttons) => buttons.map((button) => Math.round(button.getBoundingClientRect().top)));
    expect(new Set(actions).size).toBe(1);
    if (era === '2026-07-28') await shoot(page, testInfo, 'log-detail');

    await page.getByRole('button', { name: names.http.http, exact: true }).click();
    const http = page.getByRole('region', { name: 'HTTP exchanges' });
    const rows = http.locator('.http-row');
    await expect(rows.filter({ hasText: 'tools/call · long-running-task' }).first()).toBeVisible();
    await expect(rows.filter({ hasText: 'tools/list' }).first()).toBeVisible();
    // The masked query credential reads as the mask, not as percent-encoded bytes.
    await expect(rows.filter({ hasText: '?api_key=••••' }).first()).toBeVisible();
    await expect(http).not.toContainText('%E2%80%A2');
    await expect(http).not.toContainText('e2e-secret-value');
    // Every POST names what it carried.
    const posts = rows.filter({ hasText: 'POST' });
    for (let index = 0; index < (await posts.count()); index++) {
      await expect(posts.nth(index).locator('.http-mcp-method')).not.toBeEmpty();
    }
    await shoot(page, testInfo, `http-${era === '2026-07-28' ? '2026' : '2025'}`);
  });
}

test('from the URL to a result to its row in the log, without the mouse, and no console error on load', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.setViewportSize({ width: 1280, height: 720 });
  await openApp(page, DEMO_MCP_URL);
  const url = page.getByRole('textbox', { name: names.connection.serverUrl });
  await expect(url).toHaveValue(DEMO_MCP_URL);
  expect(errors, 'console errors on a clean load').toEqual([]);

  // ⚙ Settings: its fields come next in Tab order, and Escape on its button closes it with focus kept there.
  const settings = page.getByRole('button', { name: names.connection.settings });
  await settings.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('group', { name: names.connection.settings })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('group', { name: names.connection.settings }).locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Shift+Tab');
  await expect(settings).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('group', { name: names.connection.settings })).toBeHidden();
  await expect(settings).toBeFocused();

  await url.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: /Connected|Failed/ })).toContainText('Connected', { timeout: 30_000 });
  // The search picks the only match with Enter, and focus lands on the tool's first field.
  await expect(page.getByRole('searchbox', { name: names.tools.searchTools })).toBeVisible();
  // The feature tabs, not the URL box (where "/" is typed), have focus after Connect.
  await expect(page.getByRole('tab', { name: names.tabs.tools, exact: true })).toBeFocused();
  await page.keyboard.press('/');
  await expect(page.getByRole('searchbox', { name: names.tools.searchTools })).toBeFocused();
  await page.keyboard.type('echo');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Echo' })).toBeVisible();
  await expect(page.locator('.tools-detail-pane :focus')).toHaveCount(1);
  await page.keyboard.press('Control+Enter');
  await expect(page.getByRole('region', { name: names.tools.result })).toContainText('Hello, MCP!');

  // A palette command takes focus to the log, which is one Tab stop; End goes to the newest row, the answer.
  await page.keyboard.press('Control+k');
  // A command's label lives with the command (src/app/palette/command-registry.ts), not in names.ts.
  await page.keyboard.type('Go to the message log');
  await page.keyboard.press('Enter');
  const log = messageLog(page);
  await expect(log.getByRole('list', { name: names.log.list })).toBeFocused();
  await page.keyboard.press('End');
  await expect(log.locator('.log-row-button:focus')).toContainText('↳ tools/call · echo');
  await expect(log.getByRole('region', { name: names.log.selected })).toContainText('tools/call · echo');
  expect(await log.locator('.log-row-button[tabindex="0"]').count()).toBe(1);
});

test('a failed Connect is told in the page body, not under the toolbar, and the log keeps its height', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await openApp(page, NO_CORS_MCP_URL);
  await page.getByRole('button', { name: names.connection.connect, exact: true }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Could not connect', { timeout: 30_000 });
  await expect(page.locator('.app-header [role="alert"]')).toHaveCount(0);
  await expect(page.locator('.main-pane [role="alert"]')).toHaveCount(1);
  expect((await page.locator('.app-header').boundingBox())!.height).toBeLessThan(60);
  expect((await messageLog(page).boundingBox())!.height).toBeGreaterThan(300);
  // Beside the wider traffic column the feature tabs take one row at 1280 px, every tab and the "More tabs"
  // button (which holds the rest) whole and inside the pane.
  const tabs = page.getByRole('tablist', { name: names.featureTabs.list }).getByRole('tab');
  const more = page.getByRole('button', { name: names.featureTabs.more });
  const boxes = [
    ...(await tabs.evaluateAll((all) => all.map((tab) => tab.getBoundingClientRect().toJSON() as DOMRect))),
    (await more.boundingBox())!,
  ].map((box) => ({ top: box.y, right: box.x + box.width }));
  expect(boxes.length).toBeGreaterThan(5);
  expect(new Set(boxes.map((box) => Math.round(box.top))).size).toBe(1);
  const pane = (await page.locator('.feature-tabs').boundingBox())!;
  for (const box of boxes) expect(box.right).toBeLessThanOrEqual(pane.x + pane.width);
  for (const tab of await tabs.all()) expect(await cut(tab)).toBe(false);
  await shoot(page, testInfo, 'connect-failure');
});

test("a Markdown resource's relative link reads the resource it names, and the page stays where it is", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await connect(page, DEMO_MCP_URL);
  await page.getByRole('tab', { name: names.tabs.resources }).click();
  const list = page.getByRole('list', { name: names.tabs.resources });
  // Every card's badges sit inside the card, not cut off at its bottom.
  await expect(list.getByRole('button', { name: 'guide', exact: true })).toBeVisible();
  const cut = await list.locator('li.item').evaluateAll(
    (items) =>
      items.filter((item) => {
        const badges = item.querySelector('.item-badges');
        return badges !== null && badges.getBoundingClientRect().bottom > item.getBoundingClientRect().bottom + 0.5;
      }).length,
  );
  expect(cut).toBe(0);
  await list.getByRole('button', { name: 'guide', exact: true }).click();
  const body = page.getByRole('region', { name: 'Resource contents' }).first();
  const relative = body.getByRole('button', { name: 'A relative link' });
  await expect(relative).toHaveAttribute('title', 'Read demo://docs/readme in MCP Lens');
  const before = page.url();
  await relative.click();
  const linked = body.getByRole('region', { name: 'Resource contents' });
  await expect(linked).toContainText('A small MCP server that exists to be inspected');
  expect(page.url()).toBe(before);
  await shoot(page, testInfo, 'markdown-resource');
  await body.getByRole('button', { name: names.tools.closeLinkedResource }).click();
  await expect(linked).toHaveCount(0);
});

test('a Markdown tool result has the Source / Rendered switch a Markdown resource has', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await connect(page, DEMO_MCP_URL);
  await runTool(page, 'echo', {
    args: { message: '# Weekly report\n\n- **ok**: 3 checks\n- see [the spec](https://modelcontextprotocol.io)' },
  });
  const shown = page.getByRole('region', { name: names.tools.result });
  // Source first: as the server sent it.
  await expect(shown).toContainText('# Weekly report');
  await shown.getByRole('button', { name: 'Rendered' }).click();
  await expect(shown.getByRole('heading', { name: 'Weekly report' })).toBeVisible();
  await expect(shown.getByRole('link', { name: 'the spec' })).toHaveAttribute('href', /^https:\/\/modelcontextprotocol\.io\/?$/);
  await shown.getByRole('button', { name: 'Source' }).click();
  await expect(shown).toContainText('# Weekly report');
});
