/**
 * The feature tab bar in one row at every width (issue 38 leftovers): the tabs that do not fit are in a "More
 * tabs" menu button after the row, the active tab is always in the row, and arrow keys still go through every
 * feature.
 */
import type { Locator, Page, TestInfo } from '@playwright/test';
import { scanBothThemes, useTheme } from './axe.ts';
import { connect, expect, showTab, test } from './fixtures.ts';
import { names } from './names.ts';
import { DEMO_MCP_URL } from './servers/ports.ts';

test.describe.configure({ timeout: 120_000 });

const tablist = (page: Page) => page.getByRole('tablist', { name: names.featureTabs.list });
const more = (page: Page) => page.getByRole('button', { name: names.featureTabs.more });
const menu = (page: Page) => page.getByRole('menu', { name: names.featureTabs.more });

/** The tops of the row's tabs and of the More button (when there is one): one value is one row. */
async function rowTops(page: Page): Promise<Set<number>> {
  const tops = await tablist(page)
    .getByRole('tab')
    .evaluateAll((tabs) => tabs.map((tab) => Math.round(tab.getBoundingClientRect().top)));
  if (await more(page).isVisible()) tops.push(Math.round((await more(page).boundingBox())!.y));
  return new Set(tops);
}

/** Nothing of the bar past the pane's right edge, and no horizontal scrolling in the pane. */
async function insidePane(page: Page): Promise<void> {
  const pane = (await page.locator('.feature-tabs').boundingBox())!;
  const rights = await page
    .locator('.feature-tablist [role="tab"], .more-tabs > .more-tabs-button')
    .evaluateAll((all) => all.map((element) => element.getBoundingClientRect().right));
  for (const right of rights) expect(right).toBeLessThanOrEqual(pane.x + pane.width + 0.5);
  expect(await page.locator('.main-pane').evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
}

async function shoot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  for (const scheme of ['dark', 'light'] as const) {
    await useTheme(page, scheme);
    const { width, height } = page.viewportSize()!;
    const path = testInfo.outputPath(`${name}-${width}x${height}-${scheme}.png`);
    await page.screenshot({ path });
    await testInfo.attach(`${name}-${width}x${height}-${scheme}`, { path, contentType: 'image/png' });
  }
}

const expectShown = async (page: Page, tab: Locator) => {
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await expect(tab).toBeFocused();
  await expect(page.getByRole('tabpanel')).toHaveCount(1);
};

test('one row at every width: all tabs at 1600×900, the rest in a keyboard menu at 1280×720 and in a narrow pane, the active tab always in the row', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1600, height: 900 });
  await connect(page, DEMO_MCP_URL);
  await expect(tablist(page).getByRole('tab')).toHaveCount(13);
  await expect(more(page)).toHaveCount(0);
  expect((await rowTops(page)).size).toBe(1);
  await insidePane(page);
  await shoot(page, testInfo, 'all-tabs');

  // Narrowed to a laptop's 1280×720, the last tabs go to the menu, the row stays one line.
  await page.setViewportSize({ width: 1280, height: 720 });
  await expect(more(page)).toBeVisible();
  expect((await rowTops(page)).size).toBe(1);
  await insidePane(page);
  const shownAtFirst = await tablist(page).getByRole('tab').count();
  expect(shownAtFirst).toBeLessThan(13);

  // ← → Home End go through every feature: End reaches the last one, from the menu into the row.
  const tools = page.getByRole('tab', { name: names.tabs.tools, exact: true });
  await tools.focus();
  await page.keyboard.press('End');
  const contract = page.getByRole('tab', { name: names.tabs.contract, exact: true });
  await expectShown(page, contract);
  expect((await rowTops(page)).size).toBe(1);
  await page.keyboard.press('ArrowRight');
  await expectShown(page, tools);
  await page.keyboard.press('ArrowLeft');
  await expectShown(page, contract);
  await page.keyboard.press('Home');
  await expectShown(page, tools);
  await expect(contract).toHaveCount(0);

  // Tab goes from the active tab to the menu button; ↓ opens it on its first item, ↑ wraps to the last.
  await page.keyboard.press('Tab');
  await expect(more(page)).toBeFocused();
  await expect(more(page)).toHaveAttribute('aria-haspopup', 'menu');
  await expect(more(page)).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('ArrowDown');
  await expect(menu(page)).toBeVisible();
  await expect(more(page)).toHaveAttribute('aria-expanded', 'true');
  const items = menu(page).getByRole('menuitem');
  const overflow = (await items.allInnerTexts()).map((text) => text.trim());
  expect(overflow).toEqual(expect.arrayContaining([names.tabs.authorization, names.tabs.audit, names.tabs.contract]));
  expect(overflow.length + shownAtFirst).toBe(13);
  await expect(items.first()).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(items.last()).toBeFocused();
  await page.keyboard.press('Home');
  await expect(items.first()).toBeFocused();
  // Escape closes it and gives focus back to the button.
  await page.keyboard.press('Escape');
  await expect(menu(page)).toBeHidden();
  await expect(more(page)).toBeFocused();

  // Looked at, and checked by axe in both themes, open.
  await page.keyboard.press('Enter');
  await expect(items.first()).toBeFocused();
  await shoot(page, testInfo, 'more-open');
  expect(await scanBothThemes(page, 'the More tabs menu, open')).toEqual([]);
  await expect(items.first()).toBeFocused();

  // A first letter moves to its item; Enter shows that tab in the row, focused, and closes the menu.
  await page.keyboard.press('a');
  await expect(menu(page).getByRole('menuitem', { name: names.tabs.audit })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(menu(page)).toBeHidden();
  const audit = page.getByRole('tab', { name: names.tabs.audit, exact: true });
  await expectShown(page, audit);
  await expect(page.getByRole('button', { name: names.audit.run })).toBeVisible();
  expect((await rowTops(page)).size).toBe(1);
  await insidePane(page);
  await shoot(page, testInfo, 'audit-from-more');

  // A press elsewhere closes the menu and leaves the tab as it was.
  await more(page).click();
  await expect(menu(page)).toBeVisible();
  await page.getByRole('tabpanel').click({ position: { x: 10, y: 200 } });
  await expect(menu(page)).toBeHidden();
  await expect(audit).toHaveAttribute('aria-selected', 'true');

  // The helper the specs use reaches a tab in the menu and one in the row alike.
  await showTab(page, names.tabs.authorization);
  await showTab(page, names.tabs.prompts);

  // The traffic column as wide as it goes: the pane narrows, the row keeps to one line and to the pane.
  await page.setViewportSize({ width: 1600, height: 900 });
  await expect(more(page)).toHaveCount(0);
  const split = page.getByRole('separator', { name: names.layout.resizeTraffic });
  await split.focus();
  for (let step = 0; step < 15; step++) await split.press('ArrowLeft');
  await expect(more(page)).toBeVisible();
  expect((await rowTops(page)).size).toBe(1);
  await insidePane(page);
  await showTab(page, names.tabs.collections);
  expect((await rowTops(page)).size).toBe(1);
  await insidePane(page);
  await more(page).click();
  await expect(menu(page)).toBeVisible();
  // The menu opens inside the window.
  const box = (await menu(page).boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(1600);
  await shoot(page, testInfo, 'narrow-pane-more-open');
});
