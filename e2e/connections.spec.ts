/** Several servers at once: each connection has its own engine, log, timeline and tabs, and a switcher. */
import type { Page } from '@playwright/test';
import { connect, expect, messageLog, openTool, result, runTool, test } from './fixtures.ts';
import { DEMO_MCP_URL, EVERYTHING_MCP_URL, FLOOD_MCP_URL } from './servers/ports.ts';

const switcher = (page: Page) => page.getByRole('navigation', { name: 'Connections' });
const connected = (page: Page) =>
  expect(page.getByRole('status').filter({ hasText: /Connected|Failed/ })).toContainText('Connected', { timeout: 30_000 });
const addressUrl = (page: Page) => new URL(page.url()).searchParams.get('url');

test('connects to two servers at once, keeps their logs apart, and keeps each one as it was left', async ({ page }) => {
  await connect(page, DEMO_MCP_URL);
  await expect(switcher(page)).toHaveCount(0); // one connection: no switcher

  await page.getByRole('button', { name: 'Add connection' }).click();
  await expect(page.getByRole('textbox', { name: 'Server URL' })).toHaveValue('');
  await page.getByRole('textbox', { name: 'Server URL' }).fill(EVERYTHING_MCP_URL);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await connected(page);
  await expect(switcher(page).getByRole('button', { name: /, connected$/ })).toHaveCount(2);
  expect(addressUrl(page)).toBe(EVERYTHING_MCP_URL);

  await openTool(page, 'echo');
  await page.getByLabel(/^message/).fill('heard only by everything');
  await page.getByRole('button', { name: 'Run tool' }).click();
  await expect(result(page)).toContainText('heard only by everything');
  await expect(messageLog(page)).toContainText('tools/call');

  // Back to the demo server: none of the other server's traffic is in its log, and the address follows.
  await switcher(page)
    .getByRole('button', { name: /^MCP Lens Demo Server/ })
    .click();
  await expect(page.getByRole('textbox', { name: 'Server URL' })).toHaveValue(DEMO_MCP_URL);
  expect(addressUrl(page)).toBe(DEMO_MCP_URL);
  await expect(messageLog(page)).not.toContainText('tools/call');
  await openTool(page, 'echo');
  await page.getByLabel(/^message/).fill('typed, not yet sent');

  // A half-filled form survives a trip to the other connection and back.
  await switcher(page)
    .getByRole('button', { name: /^Everything/ })
    .click();
  await expect(page.getByRole('textbox', { name: 'Server URL' })).toHaveValue(EVERYTHING_MCP_URL);
  await expect(result(page)).toContainText('heard only by everything');
  // Back by keyboard, through the command palette.
  await page.keyboard.press('Control+k');
  await page.keyboard.type('switch to mcp lens');
  await page.keyboard.press('Enter');
  await expect(switcher(page).getByRole('button', { name: /^MCP Lens Demo Server/ })).toHaveAttribute('aria-current', 'true');
  await expect(page.getByLabel(/^message/)).toHaveValue('typed, not yet sent');

  // Closing the other connection ends it; the demo server's connection carries on alone.
  await page.getByRole('button', { name: /^Close .*everything/i }).click();
  await expect(switcher(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Run tool' }).click();
  await expect(result(page)).toContainText('typed, not yet sent');
});

test("one connection's flood does not stall another", async ({ page }) => {
  test.setTimeout(120_000);
  await connect(page, FLOOD_MCP_URL);
  // 40 s of notifications: long enough that the other connection's whole round trip happens inside it.
  await runTool(page, 'flood', { args: { count: 80_000, perSecond: 2_000 } });
  // The flood has begun: the timeline's count is no longer a lone 0.
  await expect(page.getByRole('region', { name: 'Notifications' }).locator('.panel-header')).not.toContainText(/\b0\b/);

  await page.getByRole('button', { name: 'Add connection' }).click();
  await page.getByRole('textbox', { name: 'Server URL' }).fill(DEMO_MCP_URL);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await connected(page);
  await runTool(page, 'echo', { fill: () => page.getByLabel(/^message/).fill('answered during the flood') });
  await expect(result(page)).toContainText('answered during the flood');

  // The flood was still running all along: its result has not come yet.
  await switcher(page)
    .getByRole('button', { name: /^lens-bench-flood/ })
    .click();
  await expect(result(page)).not.toContainText('sent 80000');
  await page.getByRole('button', { name: /^Close lens-bench-flood/ }).click();
  await expect(switcher(page)).toHaveCount(0);
});
