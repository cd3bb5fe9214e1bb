/** Demo mode: `&demo=1` or the toggle; secrets off screen and out of files, traffic as a strip, apps on stage. */
import { useTheme } from './axe.ts';
import { chooseEra, expect, openConnectionSettings, test } from './fixtures.ts';
import { APP_URL, DEMO_MCP_URL } from './servers/ports.ts';
import { names } from './names.ts';

test('a demo link opens in demo mode, hides secrets and files, and gives the app the stage (light and dark)', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`${APP_URL}?url=${encodeURIComponent(DEMO_MCP_URL)}&demo=1`);
  await expect(page.getByRole('button', { name: names.workspace.demoMode })).toHaveAttribute('aria-pressed', 'true');
  await chooseEra(page, '2025 and older');
  await page.getByRole('button', { name: names.connection.connect, exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /Connected|Failed/ })).toContainText('Connected');

  // The log and the wire views are folded into the strip; the session id is not on the page.
  await expect(page.getByRole('region', { name: names.log.region })).toBeHidden();
  await expect(page.getByRole('region', { name: names.demo.activityStrip })).toContainText('→ initialize');
  await expect(page.getByText('hidden in demo mode')).toHaveCount(1);
  // No file leaves in demo mode: the session menu is off the stage (and Save session disabled beneath).
  await expect(page.getByRole('button', { name: names.workspace.saveSession })).toBeHidden();

  await page.getByRole('button', { name: 'show-sales' }).click();
  await page.getByRole('button', { name: names.tools.runTool }).click();
  const app = page.frameLocator('iframe[title^="MCP App"]').frameLocator('iframe');
  await expect(app.getByRole('status')).toHaveText('Showing the tool result.');
  // By keyboard: Playwright misplaces pointer clicks inside frames under CSS zoom (demo mode's larger type).
  await app.getByRole('button', { name: 'Refresh from server' }).press('Enter');
  await expect(page.getByRole('region', { name: names.demo.activityStrip })).toContainText('→ tools/call (app)');
  await page.getByRole('region', { name: names.apps.region, exact: true }).scrollIntoViewIfNeeded();
  // The 1280×720 screenshots the issue asks for, one a theme, kept with the test's output.
  for (const scheme of ['light', 'dark'] as const) {
    await useTheme(page, scheme);
    const shot = testInfo.outputPath(`demo-mode-${scheme}.png`);
    await page.screenshot({ path: shot });
    await testInfo.attach(`demo-mode-${scheme}`, { path: shot, contentType: 'image/png' });
  }

  await page.getByRole('button', { name: names.workspace.demoMode }).click();
  await expect(page.getByRole('region', { name: names.log.region })).toBeVisible();
  await expect(page.getByRole('button', { name: names.workspace.saveSession })).toBeEnabled();
});

test('demo mode hides the URL’s credentials and every header value, keeps demo=1 in the address, and still connects', async ({ page }) => {
  const key = 'sk-demo-planted-42';
  await page.goto(`${APP_URL}?url=${encodeURIComponent(DEMO_MCP_URL)}`);
  const urlBox = page.getByRole('textbox', { name: names.connection.serverUrl });
  await urlBox.fill(`${DEMO_MCP_URL}?api_key=${key}&region=eu`);
  await openConnectionSettings(page);
  await page.getByRole('button', { name: /^Headers/ }).click();
  await page.getByRole('button', { name: '+ Add header' }).click();
  await page.getByRole('textbox', { name: 'Header name 1' }).fill('Accept-Language');
  await page.getByRole('textbox', { name: 'Header value 1' }).fill('en-GB');

  await page.getByRole('button', { name: names.connection.saveServer }).click();
  const form = page.getByRole('form', { name: names.connection.saveServer });
  await form.getByRole('textbox', { name: names.savedServers.formName }).fill('Keyed');
  await form.getByRole('button', { name: names.savedServers.save, exact: true }).click();

  await page.getByRole('button', { name: names.workspace.demoMode }).click();
  await expect(page).toHaveURL(/[?&]demo=1/);
  await page.getByRole('button', { name: 'Export Keyed' }).click();
  await expect(page.getByRole('group', { name: 'Export Keyed for a client' })).toContainText('api_key=YOUR_API_KEY');
  await expect(urlBox).toHaveValue(`${DEMO_MCP_URL}?api_key=••••&region=eu`);
  await expect(urlBox).not.toBeEditable();
  await openConnectionSettings(page);
  await expect(page.getByRole('textbox', { name: 'Header value 1' })).toHaveAttribute('type', 'password');
  await expect(page.getByRole('button', { name: /value of header 1/ })).toHaveCount(0);
  // What is on screen and in the address carries the key nowhere.
  expect(await page.locator('body').innerText()).not.toContain(key);
  expect(page.url()).not.toContain(key);

  await chooseEra(page, '2025 and older');
  await page.getByRole('button', { name: names.connection.connect, exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /Connected|Failed/ })).toContainText('Connected', { timeout: 30_000 });
  await expect(urlBox).toHaveValue(`${DEMO_MCP_URL}?api_key=••••&region=eu`);

  await page.reload();
  await expect(page.getByRole('button', { name: names.workspace.demoMode })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: names.workspace.demoMode }).click();
  await expect(page).not.toHaveURL(/demo=1/);
});
