/** Several servers at once: each connection has its own engine, log, timeline and tabs, and a switcher. */
import type { Page } from '@playwright/test';
import { connect, expect, messageLog, openTool, result, runTool, test } from './fixtures.ts';
import { DEMO_MCP_URL, EVERYTHING_MCP_URL, FLOOD_MCP_URL } from './servers/ports.ts';
import { names } from './names.ts';

const switcher = (page: Page) => page.getByRole('navigation', { name: names.workspace.connections });
const connected = (page: Page) =>
  expect(page.getByRole('status').filter({ hasText: /Connected|Failed/ })).toContainText('Connected', { timeout: 30_000 });
const addressUrl = (page: Page) => new URL(page.url()).searchParams.get('url');

test('connects to two servers at once, keeps their logs apart, and keeps each one as it was left', async ({ page }) => {
  await connect(page, DEMO_MCP_URL);
  await expect(switcher(page)).toHaveCount(0); // one connection: no switcher

  await page.getByRole('button', { name: names.workspace.addConnection }).click();
  await expect(page.getByRole('textbox', { name: names.connection.serverUrl })).toHaveValue('');
  await page.getByRole('textbox', { name: names.connection.serverUrl }).fill(EVERYTHING_MCP_URL);
  await page.getByRole('button', { name: names.connection.connect, exact: true }).click();
  await connected(page);
  await expect(switcher(page).getByRole('button', { name: /, connected$/ })).toHaveCount(2);
  expect(addressUrl(page)).toBe(EVERYTHING_MCP_URL);

  await openTool(page, 'echo');
  await page.getByLabel(/^message/).fill('heard only by everything');
  await page.getByRole('button', { name: names.tools.runTool }).click();
  await expect(result(page)).toContainText('heard only by everything');
  await expect(messageLog(page)).toContainText('tools/call');

  // Back to the demo server: none of the other server's traffic is in its log, and the address follows.
  await switcher(page)
    .getByRole('button', { name: /^MCP Lens Demo Server/ })
    .click();
  await expect(page.getByRole('textbox', { name: names.connection.serverUrl })).toHaveValue(DEMO_MCP_URL);
  expect(addressUrl(page)).toBe(DEMO_MCP_URL);
  await expect(messageLog(page)).not.toContainText('tools/call');
  await openTool(page, 'echo');
  await page.getByLabel(/^message/).fill('typed, not yet sent');

  // A half-filled form survives a trip to the other connection and back.
  await switcher(page)
    .getByRole('button', { name: /^Everything/ })
    .click();
  await expect(page.getByRole('textbox', { name: names.connection.serverUrl })).toHaveValue(EVERYTHING_MCP_URL);
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
  await page.getByRole('button', { name: names.tools.runTool }).click();
  await expect(result(page)).toContainText('typed, not yet sent');
});

test("one connection's flood does not stall another, and goes on in the background", async ({ page }) => {
  test.setTimeout(150_000);
  await connect(page, FLOOD_MCP_URL);
  // 20 s of notifications: the other connection's whole round trip normally happens inside it.
  await runTool(page, 'flood', { args: { count: 40_000, perSecond: 2_000 } });
  // The flood has begun: the timeline's count is no longer a lone 0.
  await expect(page.getByRole('region', { name: names.layout.notifications }).locator('.panel-header')).not.toContainText(/\b0\b/);

  await page.getByRole('button', { name: names.workspace.addConnection }).click();
  await page.getByRole('textbox', { name: names.connection.serverUrl }).fill(DEMO_MCP_URL);
  await page.getByRole('button', { name: names.connection.connect, exact: true }).click();
  await connected(page);
  await runTool(page, 'echo', { fill: () => page.getByLabel(/^message/).fill('answered during the flood') });
  await expect(result(page)).toContainText('answered during the flood');

  // Putting the flooding connection in the background did not cancel its call: it ends, every notification kept.
  await switcher(page)
    .getByRole('button', { name: /^lens-bench-flood/ })
    .click();
  await expect(result(page)).toContainText('sent 40000', { timeout: 90_000 });
  await expect(page.getByRole('region', { name: names.layout.notifications }).locator('.panel-header')).toContainText('40000');
  await page.getByRole('button', { name: /^Close lens-bench-flood/ }).click();
  await expect(switcher(page)).toHaveCount(0);
});

test('a question from a server on a hidden connection is flagged on its chip, and waits there', async ({ page }) => {
  await connect(page, DEMO_MCP_URL);
  await runTool(page, 'ask-every-field');
  await expect(page.getByRole('dialog')).toContainText('during our tools/call');

  await page.getByRole('button', { name: names.workspace.addConnection }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(switcher(page).getByRole('button', { name: 'MCP Lens Demo Server, connected, 1 waiting for you' })).toBeVisible();

  await switcher(page)
    .getByRole('button', { name: /^MCP Lens Demo Server/ })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: names.serverRequests.decline }).click();
  await expect(switcher(page).getByRole('button', { name: 'MCP Lens Demo Server, connected' })).toBeVisible();
});

test('an MCP App keeps running while its connection is in the background', async ({ page }) => {
  await connect(page, DEMO_MCP_URL);
  await openTool(page, 'show-sales');
  await page.getByRole('button', { name: names.tools.runTool }).click();
  const app = page.frameLocator('iframe[title="MCP App ui://mcp-lens-demo/sales-chart.html"]').frameLocator('iframe');
  await expect(app.getByRole('status')).toHaveText('Showing the tool result.');

  await page.getByRole('button', { name: names.workspace.addConnection }).click();
  await switcher(page)
    .getByRole('button', { name: /^MCP Lens Demo Server/ })
    .click();
  // The same app, still connected to MCP Lens: its call goes through the host.
  await app.getByRole('button', { name: 'Refresh from server' }).click();
  await expect(app.getByRole('status')).toHaveText('Refreshed through the host.');
});

test('a call keeps running while its connection is in the background, and while its tool is not on screen', async ({ page }) => {
  await connect(page, DEMO_MCP_URL);
  await runTool(page, 'long-running-task', { args: { steps: 12, stepMs: 400 } });
  await expect(result(page).getByRole('progressbar', { name: 'Tool progress' })).toBeVisible();

  // Another tool, then another connection: neither leaving the tool nor the connection cancels the call.
  await openTool(page, 'echo');
  await expect(result(page)).toContainText('Run the tool to see its result here.');
  await page.getByRole('button', { name: names.workspace.addConnection }).click();
  await switcher(page)
    .getByRole('button', { name: /^MCP Lens Demo Server/ })
    .click();
  await openTool(page, 'long-running-task');
  // Back on the tool, the same call is shown where it stands, and it ends on its own.
  await expect(result(page)).toContainText('Success', { timeout: 30_000 });
  await expect(result(page)).not.toContainText('Cancelled');
  await expect(messageLog(page)).not.toContainText('notifications/cancelled');
});
