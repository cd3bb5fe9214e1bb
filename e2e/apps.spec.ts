/** MCP Apps: the demo server's chart runs beside its result, and its calls go through MCP Lens into the log. */
import { connect, expect, test } from './fixtures.ts';
import { DEMO_MCP_URL } from './servers/ports.ts';
import { names } from './names.ts';

const CHART = 'ui://mcp-lens-demo/sales-chart.html';

test('runs the demo app beside its result; a tool call from the app shows in the log as the app’s', async ({ page }) => {
  await connect(page, DEMO_MCP_URL);
  await page.getByRole('button', { name: 'show-sales' }).click();
  await page.getByRole('button', { name: names.tools.runTool }).click();
  await expect(page.getByRole('region', { name: names.tools.result })).toContainText('Sales for the north region');

  const panel = page.getByRole('region', { name: names.apps.region, exact: true });
  const app = page.frameLocator(`iframe[title="MCP App ${CHART}"]`).frameLocator('iframe');
  await expect(app.getByRole('status')).toHaveText('Showing the tool result.');
  await expect(app.getByRole('listitem')).toHaveCount(6);
  await expect(panel.getByRole('region', { name: names.apps.activity })).toContainText('sales-chart 1.0.0 is running.');

  await app.getByRole('button', { name: 'Refresh from server' }).click();
  await expect(app.getByRole('status')).toHaveText('Refreshed through the host.');
  await expect(panel.getByRole('region', { name: names.apps.activity })).toContainText('tools/call get-sales');

  const log = page.getByRole('region', { name: names.log.region });
  const fromApp = log.getByRole('listitem').filter({ hasText: 'from app' });
  await expect(fromApp).toHaveCount(1);
  await expect(fromApp).toContainText('tools/call');
});

test('a running app follows the inspector’s theme as it changes', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await connect(page, DEMO_MCP_URL);
  await page.getByRole('button', { name: 'show-sales' }).click();
  await page.getByRole('button', { name: names.tools.runTool }).click();
  const app = page.frameLocator(`iframe[title="MCP App ${CHART}"]`).frameLocator('iframe');
  await expect(app.getByRole('status')).toHaveText('Showing the tool result.');
  await expect(app.locator('html')).not.toHaveClass(/dark/);

  const theme = page.getByRole('combobox', { name: names.workspace.theme });
  await theme.selectOption('dark');
  await expect(app.locator('html')).toHaveClass(/dark/);
  await expect(app.locator('body')).toHaveCSS('background-color', 'rgb(13, 17, 23)');
  await theme.selectOption('light');
  await expect(app.locator('html')).not.toHaveClass(/dark/);
});

test('asks before opening a link for an app, and opens nothing when told not to', async ({ page }) => {
  await connect(page, DEMO_MCP_URL);
  await page.getByRole('button', { name: 'show-sales' }).click();
  await page.getByRole('button', { name: names.tools.runTool }).click();
  const app = page.frameLocator(`iframe[title="MCP App ${CHART}"]`).frameLocator('iframe');
  await expect(app.getByRole('status')).toHaveText('Showing the tool result.');

  await app.getByRole('button', { name: 'Open the MCP Apps spec' }).click();
  const question = page.getByRole('dialog', { name: 'The app asks to open a link' });
  await expect(question).toContainText('https://modelcontextprotocol.io/extensions/apps');
  await question.getByRole('button', { name: 'Don’t open' }).click();
  await expect(app.getByRole('status')).toHaveText('The host did not open the link.');
  await expect(page.getByRole('region', { name: names.apps.activity })).toContainText('the person declined');
  expect(page.context().pages()).toHaveLength(1);
});

test('the Apps tab lists the server’s apps and opens one with chosen input', async ({ page }) => {
  await connect(page, DEMO_MCP_URL);
  await page.getByRole('tab', { name: names.tabs.apps }).click();
  await page.getByRole('list', { name: names.apps.list }).getByRole('button', { name: 'Sales chart' }).click();
  await page.getByRole('textbox', { name: names.apps.toolInput }).fill('{"region": "east"}');
  await page.getByRole('button', { name: names.apps.runAndOpen }).click();
  const app = page.frameLocator(`iframe[title="MCP App ${CHART}"]`).frameLocator('iframe');
  await expect(app.getByRole('heading')).toHaveText('Sales, east region');
});
