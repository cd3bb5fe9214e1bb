/**
 * The workbench on a laptop screen (issue 21): the work is on the first screen, the panes are the
 * person's to size, and nothing destructive happens without asking.
 */
import { scanBothThemes } from './axe.ts';
import type { Locator, Page } from '@playwright/test';
import { connect, expect as baseExpect, messageLog, openApp, openTool, result, test } from './fixtures.ts';

// Runs, lazily loaded forms and apps on a loaded two-core machine take seconds: wait on state, longer.
const expect = baseExpect.configure({ timeout: 30_000 });
import { DEMO_MCP_URL } from './servers/ports.ts';
import { names } from './names.ts';

// A connect, a lazily loaded form and a run on a loaded two-core machine: slow is not broken.
test.describe.configure({ timeout: 120_000 });

const SIZES = [
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
] as const;

const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  expect(found, 'element has a box').not.toBeNull();
  return found!;
};

/** Inside the window, top and bottom, without scrolling anything. */
async function onScreen(page: Page, locator: Locator, what: string) {
  const { y, height } = await box(locator);
  const viewport = page.viewportSize()!;
  expect(y, `${what}: top`).toBeGreaterThanOrEqual(0);
  expect(y + height, `${what}: bottom`).toBeLessThanOrEqual(viewport.height);
}

for (const size of SIZES) {
  test(`at ${size.width}×${size.height} the tool list, Run tool and the start of the result are on the first screen`, async ({ page }) => {
    await page.setViewportSize(size);
    await connect(page, DEMO_MCP_URL);
    // One click after Connect: the tool.
    await page.getByRole('list', { name: names.tabs.tools }).getByRole('button', { name: 'echo', exact: true }).click();
    await onScreen(page, page.getByRole('list', { name: names.tabs.tools }).getByRole('listitem').first(), 'first tool in the list');
    const run = page.getByRole('button', { name: names.tools.runTool });
    await onScreen(page, run, 'Run tool');
    await run.click();
    await expect(result(page)).toContainText('Hello');
    // The result's heading and its first line of content.
    const { y } = await box(result(page));
    const firstLine = result(page).locator('.content-text, pre, p').first();
    await onScreen(page, firstLine, 'first line of the result');
    expect(y).toBeGreaterThanOrEqual(0);
    expect(await page.locator('.main-pane').evaluate((element) => element.scrollTop)).toBe(0);
  });

  test(`at ${size.width}×${size.height} a message's detail can take most of the traffic column`, async ({ page }) => {
    await page.setViewportSize(size);
    await connect(page, DEMO_MCP_URL);
    const log = messageLog(page);
    await log.locator('.log-row:not(.log-note) .log-row-button').first().click();
    const detail = log.getByRole('region', { name: names.log.selected });
    await expect(detail).toBeVisible();
    // Notifications folds to its header; the separator above the detail goes to its end with one key.
    const fold = page
      .getByRole('region', { name: names.layout.notifications })
      .getByRole('button', { name: names.layout.notifications, exact: true });
    await fold.click();
    await expect(fold).toHaveAttribute('aria-expanded', 'false');
    const separator = page.getByRole('separator', { name: names.layout.resizeDetail });
    await separator.focus();
    await separator.press('End');
    await expect(separator).toHaveAttribute('aria-valuenow', '90');
    const column = await box(page.getByRole('complementary', { name: 'Traffic' }));
    await expect.poll(async () => (await box(detail)).height / column.height).toBeGreaterThanOrEqual(0.6);
  });
}

test('the panes resize by keyboard and by pointer, and keep their sizes across a reload', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await connect(page, DEMO_MCP_URL);
  const split = page.getByRole('separator', { name: names.layout.resizeTraffic });
  const side = page.getByRole('complementary', { name: 'Traffic' });
  // The main pane's default share (DEFAULT_LAYOUT.mainShare, 0.57), two steps of 2 each to the left.
  await expect(split).toHaveAttribute('aria-valuenow', '57');
  const before = (await box(side)).width;
  await split.focus();
  await split.press('ArrowLeft');
  await split.press('ArrowLeft');
  await expect(split).toHaveAttribute('aria-valuenow', '53');
  expect((await box(side)).width).toBeGreaterThan(before);

  // A drag: the line follows the pointer.
  const line = await box(split);
  await page.mouse.move(line.x + line.width / 2, line.y + 200);
  await page.mouse.down();
  await page.mouse.move(700, line.y + 200, { steps: 4 });
  await page.mouse.up();
  const dragged = Number(await split.getAttribute('aria-valuenow'));
  expect(dragged).toBeGreaterThan(50);
  expect(dragged).toBeLessThan(56);

  const timeline = page.getByRole('separator', { name: names.layout.resizeNotifications });
  await timeline.focus();
  await timeline.press('ArrowDown');
  const timelineShare = await timeline.getAttribute('aria-valuenow');
  await page
    .getByRole('region', { name: names.layout.notifications })
    .getByRole('button', { name: names.layout.notifications, exact: true })
    .click();
  await expect(timeline).toBeHidden();

  await page.reload();
  await expect(page.getByRole('separator', { name: names.layout.resizeTraffic })).toHaveAttribute('aria-valuenow', String(dragged));
  const fold = page
    .getByRole('region', { name: names.layout.notifications })
    .getByRole('button', { name: names.layout.notifications, exact: true });
  await expect(fold).toHaveAttribute('aria-expanded', 'false');
  await fold.click();
  await expect(page.getByRole('separator', { name: names.layout.resizeNotifications })).toHaveAttribute('aria-valuenow', timelineShare!);
});

test('connected, the server card is one line that opens again, and focus is in the feature tabs', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await connect(page, DEMO_MCP_URL);
  await expect(page.getByRole('tab', { name: names.tabs.tools, exact: true })).toBeFocused();
  const details = page.getByRole('button', { name: names.connection.serverDetails });
  await expect(details).toHaveAttribute('aria-expanded', 'false');
  const card = page.locator('.server-panel');
  expect((await box(card)).height).toBeLessThan(48);
  await details.click();
  await expect(details).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText('Capabilities', { exact: true })).toBeVisible();
  await details.click();
  await expect(page.getByText('Capabilities', { exact: true })).toBeHidden();
});

test('Connect while connected asks: cancel keeps everything, a new connection keeps this one, reconnect is by choice', async ({ page }) => {
  await connect(page, DEMO_MCP_URL);
  await openTool(page, 'echo');
  await page.getByRole('button', { name: names.tools.runTool }).click();
  await expect(result(page)).toContainText('Hello');
  const connectButton = page.getByRole('button', { name: names.connection.connect, exact: true });

  await connectButton.click();
  const question = page.getByRole('group', { name: names.connection.connectAgain });
  await expect(question).toBeVisible();
  await expect(question.getByRole('button', { name: names.connection.openNewConnection })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(question).toBeHidden();
  await expect(connectButton).toBeFocused();
  await expect(result(page)).toContainText('Hello');

  await connectButton.click();
  await question.getByRole('button', { name: names.connection.cancel }).click();
  await expect(result(page)).toContainText('Hello');

  // A new connection to the same server, beside this one: the first keeps its result and its log.
  await connectButton.click();
  await question.getByRole('button', { name: names.connection.openNewConnection }).click();
  const connections = page.getByRole('navigation', { name: names.workspace.connections });
  await expect(connections.getByRole('button', { name: /, connected$/ })).toHaveCount(2, { timeout: 30_000 });
  await expect(page.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible();
  await connections
    .getByRole('button', { name: /, connected$/ })
    .first()
    .click();
  await expect(result(page)).toContainText('Hello');

  // Reconnect here, asked for: a new session on this connection.
  await connectButton.click();
  await question.getByRole('button', { name: names.connection.reconnectHere }).click();
  await expect(page.getByRole('status').filter({ hasText: /Connected|Failed/ })).toContainText('Connected', { timeout: 30_000 });
  await expect(messageLog(page).locator('.log-note')).toHaveCount(2);
});

test('Open session opens the file as its own read-only connection; the live one keeps its log and result', async ({ page }, testInfo) => {
  await connect(page, DEMO_MCP_URL);
  await openTool(page, 'echo');
  await page.getByRole('button', { name: names.tools.runTool }).click();
  await expect(result(page)).toContainText('Hello');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: names.workspace.saveSession }).click();
  const path = testInfo.outputPath('workbench.mcplens.json');
  await (await downloading).saveAs(path);
  const liveCount = await messageLog(page).locator('.log-row').count();

  await page.getByLabel('Session file to open').setInputFiles(path);
  await expect(page.getByRole('region', { name: 'Saved session' })).toContainText('read-only');
  const connections = page.getByRole('navigation', { name: names.workspace.connections });
  await expect(connections.getByRole('button', { name: /^workbench\.mcplens\.json/ })).toHaveAttribute('aria-current', 'true');

  // Back on the live connection: still connected, its log and its result as they were.
  await connections.getByRole('button', { name: /, connected$/ }).click();
  await expect(page.getByRole('status').filter({ hasText: /Connected/ })).toBeVisible();
  await expect(result(page)).toContainText('Hello');
  expect(await messageLog(page).locator('.log-row').count()).toBeGreaterThanOrEqual(liveCount);
});

test("no WCAG 2.2 AA violations in the workbench's new states, in the light and the dark theme", async ({ page }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await openApp(page, DEMO_MCP_URL);
  const found: string[] = [];
  const check = async (where: string) => found.push(...(await scanBothThemes(page, where)));
  await page.getByRole('button', { name: names.connection.settings }).click();
  await page.getByRole('button', { name: /^Headers/ }).click();
  await page.getByRole('button', { name: names.connection.clientCapabilities }).click();
  await check('settings popover');
  await page.getByRole('button', { name: names.connection.connect, exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /Connected|Failed/ })).toContainText('Connected', { timeout: 30_000 });
  await check('connected, card folded');
  await page.getByRole('button', { name: names.connection.connect, exact: true }).click();
  await expect(page.getByRole('group', { name: names.connection.connectAgain })).toBeVisible();
  await check('connect again question');
  await page.keyboard.press('Escape');
  await messageLog(page).locator('.log-row:not(.log-note) .log-row-button').first().click();
  await page
    .getByRole('region', { name: names.layout.notifications })
    .getByRole('button', { name: names.layout.notifications, exact: true })
    .click();
  await check('log detail, notifications folded');
  expect(found).toEqual([]);
});

test("the detail's separator names a slot that is there while the detail's code still loads", async ({ page }) => {
  // Hold the detail's chunk back, as a slow network or a busy machine does: the separator shows at once.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/LogDetail-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await connect(page, DEMO_MCP_URL);
  await messageLog(page).locator('.log-row:not(.log-note) .log-row-button').first().click();
  const separator = page.getByRole('separator', { name: 'Resize message detail' });
  const controls = await separator.getAttribute('aria-controls');
  expect(controls).toBeTruthy();
  await expect(page.locator(`[id="${controls}"]`)).toHaveCount(1);
  release();
  await expect(messageLog(page).getByRole('region', { name: names.log.selected })).toBeVisible();
});
