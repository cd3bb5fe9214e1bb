/** The independent reference server, @modelcontextprotocol/server-everything, over both HTTP transports. */
import { connect, expect, test } from './fixtures.ts';
import { EVERYTHING_MCP_URL, EVERYTHING_SSE_URL } from './servers/ports.ts';
import { names } from './names.ts';

test('inspects server-everything over Streamable HTTP', async ({ page }) => {
  await connect(page, EVERYTHING_MCP_URL);
  await page.getByRole('button', { name: /^echo/i }).first().click();
  await page.getByLabel(/^message/).fill('hello from MCP Lens');
  await page.getByRole('button', { name: names.tools.runTool }).click();
  await expect(page.getByRole('region', { name: names.tools.result })).toContainText('hello from MCP Lens');

  await page
    .getByRole('button', { name: /get-tiny-image/i })
    .first()
    .click();
  await page.getByRole('button', { name: names.tools.runTool }).click();
  await expect(page.getByRole('region', { name: names.tools.result }).getByRole('img').first()).toBeVisible();
});

test('falls back to the legacy HTTP+SSE transport', async ({ page }) => {
  await connect(page, EVERYTHING_SSE_URL);
  await expect(page.getByRole('main')).toContainText(/SSE/i);
  await page.getByRole('button', { name: /^echo/i }).first().click();
  await page.getByLabel(/^message/).fill('over the legacy transport');
  await page.getByRole('button', { name: names.tools.runTool }).click();
  await expect(page.getByRole('region', { name: names.tools.result })).toContainText('over the legacy transport');
});
