/** The CORS doctor in a real browser: servers that get CORS wrong in one specific way each. */
import type { Page } from '@playwright/test';
import { expect, openApp, test } from './fixtures.ts';
import { hostileUrl } from './servers/ports.ts';

async function failToConnect(page: Page, scenario: string, header?: { name: string; value: string }) {
  await openApp(page, hostileUrl(scenario));
  if (header) {
    await page.getByRole('button', { name: /Headers/ }).click();
    await page.getByRole('button', { name: /Add header/ }).click();
    await page.getByRole('textbox', { name: 'Header name 1' }).fill(header.name);
    await page.getByRole('textbox', { name: 'Header value 1' }).fill(header.value);
  }
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /Failed/ })).toBeVisible({ timeout: 15_000 });
  return page.getByRole('alert');
}

test('names the request header the preflight refuses and shows the fix per stack', async ({ page, problems }) => {
  void problems;
  const alert = await failToConnect(page, 'cors-protocol-version-not-allowed');
  await expect(alert).toContainText("The server's CORS preflight does not allow the Mcp-Protocol-Version request header");
  const fix = alert.getByRole('region', { name: 'CORS fix' });
  await expect(fix.getByRole('button', { name: 'Express (cors)' })).toHaveAttribute('aria-pressed', 'true');
  await expect(fix).toContainText("allowedHeaders: ['Content-Type', 'Accept', 'Authorization', 'Mcp-Session-Id', 'Mcp-Protocol-Version', 'Last-Event-ID']");
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

test("names the user's own header when the preflight refuses it, and never puts its value in a probe", async ({ page, problems }) => {
  void problems;
  const alert = await failToConnect(page, 'cors-custom-header-not-allowed', { name: 'X-Api-Key', value: 'sk-live-very-secret' });
  await expect(alert).toContainText('does not allow the X-Api-Key request header');
  await expect(alert.getByRole('region', { name: 'CORS fix' })).toContainText("'X-Api-Key'");
  await expect(page.locator('body')).not.toContainText('sk-live-very-secret');
});

test('says Mcp-Session-Id is not exposed when the server keeps sessions but hides the header', async ({ page, problems }) => {
  void problems;
  const alert = await failToConnect(page, 'cors-session-id-not-exposed');
  await expect(alert).toContainText('add Mcp-Session-Id to Access-Control-Expose-Headers');
  await expect(alert.getByRole('region', { name: 'CORS fix' })).toContainText("exposedHeaders: ['Mcp-Session-Id', 'WWW-Authenticate']");
});

test('says when the server allows no cross-origin requests at all', async ({ page, problems }) => {
  void problems;
  const alert = await failToConnect(page, 'cors-none');
  await expect(alert).toContainText("does not send Access-Control-Allow-Origin for this app's origin");
});
