/** The CORS doctor in a real browser: servers that get CORS wrong in one specific way each. */
import type { Page } from '@playwright/test';
import { connect, expect, openApp, openConnectionSettings, openServerDetails, test } from './fixtures.ts';
import { hostileUrl, MODERN_CORS_2025_URL } from './servers/ports.ts';
import { names } from './names.ts';

async function failToConnect(page: Page, scenario: string, header?: { name: string; value: string }) {
  await openApp(page, hostileUrl(scenario));
  if (header) {
    await openConnectionSettings(page);
    await page.getByRole('button', { name: /^Headers/ }).click();
    await page.getByRole('button', { name: /Add header/ }).click();
    await page.getByRole('textbox', { name: 'Header name 1' }).fill(header.name);
    await page.getByRole('textbox', { name: 'Header value 1' }).fill(header.value);
  }
  await page.getByRole('button', { name: names.connection.connect, exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /Failed/ })).toBeVisible({ timeout: 15_000 });
  return page.getByRole('alert');
}

test('names the request header the preflight refuses and shows the fix per stack', async ({ page }) => {
  const alert = await failToConnect(page, 'cors-protocol-version-not-allowed');
  await expect(alert).toContainText("The server's CORS preflight does not allow the Mcp-Protocol-Version request header");
  const fix = alert.getByRole('region', { name: 'CORS fix' });
  await expect(fix.getByRole('button', { name: 'Express (cors)' })).toHaveAttribute('aria-pressed', 'true');
  // A long list is filled onto lines of its own, so nothing of the fix is cut off at 1280 px (whitespace is normalised here).
  await expect(fix).toContainText(
    "allowedHeaders: [ 'Content-Type', 'Accept', 'Authorization', 'Mcp-Session-Id', 'Mcp-Protocol-Version', 'Mcp-Method', 'Mcp-Name', 'Last-Event-ID', ],",
  );
  const code = fix.locator('pre');
  expect(await code.evaluate((node) => node.scrollWidth <= node.clientWidth && node.scrollHeight <= node.clientHeight)).toBe(true);
  const origin = new URL(page.url()).origin;
  await expect(fix).toContainText(`origin: '${origin}'`);
  for (const [stack, marker] of [
    ['Hono', "from 'hono/cors'"],
    ['Starlette / FastMCP', 'CORSMiddleware'],
    ['Cloudflare Workers', "request.method === 'OPTIONS'"],
  ] as const) {
    await fix.getByRole('button', { name: stack }).click();
    await expect(fix).toContainText(marker);
  }
});

test("names the user's own header when the preflight refuses it, and never puts its value in a probe", async ({ page }) => {
  const alert = await failToConnect(page, 'cors-custom-header-not-allowed', { name: 'X-Api-Key', value: 'sk-live-very-secret' });
  await expect(alert).toContainText('does not allow the X-Api-Key request header');
  await expect(alert.getByRole('region', { name: 'CORS fix' })).toContainText("'X-Api-Key'");
  await expect(page.locator('body')).not.toContainText('sk-live-very-secret');
});

test('says Mcp-Session-Id is not exposed when the server keeps sessions but hides the header', async ({ page }) => {
  const alert = await failToConnect(page, 'cors-session-id-not-exposed');
  await expect(alert).toContainText('add Mcp-Session-Id to Access-Control-Expose-Headers');
  await expect(alert.getByRole('region', { name: 'CORS fix' })).toContainText("exposedHeaders: ['Mcp-Session-Id', 'WWW-Authenticate']");
});

test('says when the server allows no cross-origin requests at all', async ({ page }) => {
  const alert = await failToConnect(page, 'cors-none');
  await expect(alert).toContainText("does not send Access-Control-Allow-Origin for this app's origin");
});

test('2026-07-28 pinned behind a 2025 allow-list: lists the headers to add and connects as 2025 on request', async ({ page }) => {
  await openApp(page, hostileUrl('cors-modern-headers-not-allowed'));
  await openConnectionSettings(page);
  await page.getByRole('combobox', { name: names.connection.protocol }).selectOption('2026-07-28');
  await page.getByRole('button', { name: names.connection.connect, exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /Failed/ })).toBeVisible({ timeout: 15_000 });
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('not the request headers MCP 2026-07-28 adds: add Mcp-Method, Mcp-Name');
  await expect(alert.getByRole('list', { name: 'Headers to allow' }).getByRole('listitem')).toHaveText(['Mcp-Method', 'Mcp-Name']);

  await alert.getByRole('button', { name: names.connection.connectAs2025 }).click();
  await expect(page.getByRole('status').filter({ hasText: /Connected|Failed/ })).toContainText('Connected');
  await openServerDetails(page);
  await expect(page.locator('.era-badge')).toHaveText('2025 era');
  await expect(page.locator('.era-reason')).toContainText('Pinned to 2025-11-25');
  // A one-off: the setting stays as chosen.
  await openConnectionSettings(page);
  await expect(page.getByRole('combobox', { name: names.connection.protocol })).toHaveValue('modern');
});

test('Auto behind a 2025 allow-list: connects as 2025, says the probe could not be sent, and Check CORS names the headers', async ({
  page,
}) => {
  await connect(page, MODERN_CORS_2025_URL);
  await openServerDetails(page);
  await expect(page.locator('.era-badge')).toHaveText('2025 era');
  await expect(page.locator('.era-reason')).toContainText('could not send the 2026-07-28 probe');
  // Not a verdict about the server: nothing is remembered for this origin.
  await openConnectionSettings(page);
  await expect(page.getByRole('combobox', { name: names.connection.protocol })).not.toHaveAccessibleDescription(/last:/);

  await page.getByRole('tab', { name: names.tabs.tools }).click();
  await expect(page.getByRole('button', { name: /^greet/ })).toBeVisible();
  await page.getByRole('button', { name: names.connection.checkCors }).click();
  const check = page.getByRole('region', { name: 'CORS check' });
  await expect(check).toContainText('add Mcp-Method, Mcp-Name, Mcp-Param-Region to Access-Control-Allow-Headers');
  await expect(check.getByRole('list', { name: 'Headers to allow' }).getByRole('listitem')).toHaveText([
    'Mcp-Method',
    'Mcp-Name',
    'Mcp-Param-Region',
  ]);
  await expect(check.getByRole('region', { name: 'CORS fix' })).toContainText("'Mcp-Param-Region'");
  await expect(check.getByRole('button', { name: names.connection.connectAs2025 })).toHaveCount(0);
});
