/**
 * Demo mode shows the audience nothing meant for the presenter and nothing secret (issue 34): a key in the
 * server URL and a header value stay out of the page on every tab, in both eras; without a script, the
 * presenter's hint is small and beside the Demo mode button, not the stage's headline; a run's result is
 * on screen at 1280×720 without scrolling; and no button leads to the traffic views that demo mode folds
 * away, which work again once it is off.
 */
import type { Page } from '@playwright/test';
import { scanBothThemes, useTheme } from './axe.ts';
import { chooseEra, expect, messageLog, openConnectionSettings, result, test, type EraLabel, showTab } from './fixtures.ts';
import { APP_URL, DEMO_MCP_URL, oauthMcpUrl } from './servers/ports.ts';
import { nameOf, names } from './names.ts';

test.slow();

const URL_KEY = 'sk-url-planted-5150';
/** Under a name only the wider on-screen rule calls a credential: what the wire capture keeps, the stage still hides. */
const URL_JWT = 'jwt-url-planted-6502';
const HEADER_KEY = 'hdr-planted-8086';
const KEYED_URL = `${DEMO_MCP_URL}?api_key=${URL_KEY}&region=eu&x_jwt=${URL_JWT}`;

/** No secret anywhere in the page (hidden parts included), on screen, in the title or in the address. */
async function expectNoSecret(page: Page, where: string): Promise<void> {
  const html = await page.content();
  const shown = await page.locator('body').innerText();
  for (const secret of [URL_KEY, URL_JWT, HEADER_KEY]) {
    expect(html, `${secret} in the DOM (${where})`).not.toContain(secret);
    expect(shown, `${secret} on screen (${where})`).not.toContain(secret);
    expect(await page.title(), `${secret} in the title (${where})`).not.toContain(secret);
    expect(page.url(), `${secret} in the address (${where})`).not.toContain(secret);
  }
}

/**
 * Opens a demo link to the keyed URL, adds a secret Authorization header and connects in the given era;
 * `beforeConnect` runs on the page just before Connect is pressed.
 */
async function connectOnStage(page: Page, era: EraLabel, beforeConnect?: () => Promise<void>): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`${APP_URL}?url=${encodeURIComponent(KEYED_URL)}&demo=1`);
  await expect(page.getByRole('button', { name: names.workspace.demoMode })).toHaveAttribute('aria-pressed', 'true');
  await openConnectionSettings(page);
  await page.getByRole('button', { name: /^Headers/ }).click();
  await page.getByRole('button', { name: '+ Add header' }).click();
  await page.getByRole('textbox', { name: 'Header name 1' }).fill('Authorization');
  await page.getByRole('textbox', { name: 'Header value 1' }).fill(`Bearer ${HEADER_KEY}`);
  await chooseEra(page, era);
  await beforeConnect?.();
  await page.getByRole('button', { name: names.connection.connect, exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /Connected|Failed/ })).toContainText('Connected', { timeout: 30_000 });
}

/** Every feature tab in turn, then the guided authorization's first step: no secret anywhere, the traffic not on the page. */
async function tourEveryTab(page: Page): Promise<void> {
  await expectNoSecret(page, 'connected');
  // The traffic views are not on the page at all, not only out of sight.
  await expect(messageLog(page)).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Selected HTTP exchange' })).toHaveCount(0);
  const tabs = page.getByRole('tablist', { name: 'MCP features' }).getByRole('tab');
  const tabNames = (await tabs.allInnerTexts()).map((name) => name.trim());
  expect(tabNames).toContain(names.tabs.authorization);
  for (const name of tabNames) {
    const tab = page.getByRole('tab', { name, exact: true });
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    // Shown, not replaced by its panel boundary's apology (the Playground was, on stage without a script).
    await expect(page.getByRole('tabpanel')).not.toContainText('could not be shown');
    await expectNoSecret(page, `the ${name} tab`);
  }
  // The Authorization tab names the server masked, and its first guided step's request and answer too.
  await showTab(page, names.tabs.authorization);
  const guided = page.getByRole('region', { name: names.authorization.guided });
  await expect(guided).toContainText(`${DEMO_MCP_URL}?api_key=••••&region=eu&x_jwt=••••`);
  await guided.getByRole('button', { name: nameOf.guidedNext('Protected resource metadata') }).click();
  await expect(guided.locator('.guided-step').first()).not.toHaveClass(/guided-(ready|running)/);
  await expectNoSecret(page, 'a guided authorization step');
}

/** Runs the audit and opens every row: no secret, and no button into the traffic views demo mode folds away. */
async function auditOnStage(page: Page): Promise<void> {
  await showTab(page, names.tabs.audit);
  await page.getByRole('button', { name: names.audit.run }).click();
  await expect(page.getByRole('tabpanel').getByRole('status')).toContainText(/Done in [\d.]+ s: \d+ checks/, { timeout: 60_000 });
  const results = page.getByRole('list', { name: names.audit.results });
  for (const row of await results.locator('details.audit-more').all()) {
    await row.evaluate((details) => ((details as HTMLDetailsElement).open = true));
  }
  await expect(results).toContainText('hidden in demo mode');
  await expect(results.getByRole('button', { name: /^Show .* in the (Message log|HTTP view)$/ })).toHaveCount(0);
  await expectNoSecret(page, 'the audit, every row open');
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('dialog', { name: names.palette.dialog })).toBeVisible();
  await expectNoSecret(page, 'the command palette');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: names.palette.dialog })).toHaveCount(0);
}

test('on stage: the presenter’s hint off the stage, no secret on any tab, the result in view, no dead button (2025)', async ({
  page,
}, testInfo) => {
  const hint = page.getByRole('banner').getByRole('note', { name: names.demo.presenterHint });
  // Connected while the Playground is on screen: its script bar once re-rendered without end there.
  await connectOnStage(page, '2025 and older', async () => {
    await page.getByRole('tab', { name: names.tabs.playground }).click();
    await expect(hint).toHaveText('No conversation script yet: connect first.');
  });
  await expect(hint).toHaveText('No conversation script: chat, then Use as demo script.');
  await expect(page.getByRole('tabpanel')).not.toContainText('could not be shown');
  await expect(page.getByRole('region', { name: names.playground.conversationScript })).toHaveCount(0);
  // Without a script, the hint is the presenter's: small, under the Demo mode button, not the stage's headline.
  await page.getByRole('tab', { name: names.tabs.tools }).click();
  await expect(hint).toHaveText('No script: save a call in History (Save request).');
  expect(await hint.evaluate((element) => parseFloat(getComputedStyle(element).fontSize))).toBeLessThanOrEqual(12);
  await expect(page.getByRole('region', { name: names.demo.script })).toHaveCount(0);
  // Quiet, but readable: muted type keeps its contrast in both themes.
  expect(await scanBothThemes(page, 'the toolbar with the presenter hint', ['.app-header'])).toEqual([]);

  await tourEveryTab(page);

  // A run's result is on screen at 1280×720 without anyone scrolling: the outcome line whole, and what came
  // back starting inside the window (it runs on below the fold).
  await page.getByRole('tab', { name: names.tabs.tools }).click();
  await page.getByRole('list', { name: names.tabs.tools }).getByRole('button', { name: 'get-forecast', exact: true }).click();
  await page.getByRole('button', { name: names.tools.runTool }).click();
  await expect(result(page)).toContainText('Success');
  await expect(result(page).getByText('Success', { exact: true })).toBeInViewport({ ratio: 1 });
  const content = result(page).getByText('"city": "Lisbon"');
  await expect(content).toBeInViewport();
  const top = (await content.boundingBox())!.y;
  expect(top).toBeGreaterThanOrEqual(0);
  expect(top + 100).toBeLessThanOrEqual(720);
  await expectNoSecret(page, 'after a run');
  for (const scheme of ['light', 'dark'] as const) {
    await useTheme(page, scheme);
    const shot = testInfo.outputPath(`demo-stage-result-${scheme}.png`);
    await page.screenshot({ path: shot });
    await testInfo.attach(`demo-stage-result-${scheme}`, { path: shot, contentType: 'image/png' });
  }
  await useTheme(page, 'light');

  await auditOnStage(page);

  // Off stage, the hint goes and the audit's evidence buttons are back, and lead where they say.
  await page.getByRole('button', { name: names.workspace.demoMode }).click();
  await expect(hint).toHaveCount(0);
  const initialize = page.getByRole('listitem', { name: nameOf.auditRow('server-initialize', 'pass') });
  await initialize.getByRole('button', { name: nameOf.showInLog('initialize') }).click();
  await expect(page.getByRole('region', { name: names.log.selected })).toContainText('initialize');
  await initialize.getByRole('button', { name: nameOf.showInHttp('initialize') }).click();
  const exchange = page.getByRole('region', { name: 'Selected HTTP exchange' });
  await expect(exchange).toContainText('POST');
  await expect(exchange).toContainText('api_key=••••');
});

test('on stage: no secret on any tab, the audit, the palette and the switcher included (2026-07-28)', async ({ page }) => {
  await connectOnStage(page, '2026-07-28');
  await tourEveryTab(page);
  await auditOnStage(page);
  // The same server again beside this one: the switcher names both, with no URL.
  await page.getByRole('button', { name: names.connection.connect, exact: true }).click();
  await page
    .getByRole('group', { name: names.connection.connectAgain })
    .getByRole('button', { name: names.connection.openNewConnection })
    .click();
  const connections = page.getByRole('navigation', { name: names.workspace.connections });
  await expect(connections.getByRole('button', { name: /, connected$/ })).toHaveCount(2, { timeout: 30_000 });
  await expectNoSecret(page, 'two connections in the switcher');
});

// The discovery requests carry the server URL's query (GET …/oauth-protected-resource/…/mcp?api_key=…&x_jwt=…).
test('on stage: the guided sign-in to an OAuth server shows each step’s exchange without the URL’s keys', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`${APP_URL}?url=${encodeURIComponent(`${oauthMcpUrl('consent')}?api_key=${URL_KEY}&x_jwt=${URL_JWT}`)}&demo=1`);
  await showTab(page, names.tabs.authorization);
  const guided = page.getByRole('region', { name: names.authorization.guided });
  await guided.getByRole('button', { name: names.authorization.runAll }).click();
  await expect(guided.getByRole('button', { name: names.authorization.openSignIn })).toBeVisible();
  await expect(guided).toContainText('oauth-protected-resource/v/consent/mcp?api_key=••••&x_jwt=••••');
  const openEverything = async () => {
    for (const details of await guided.locator('details').all()) {
      await details.evaluate((element) => ((element as HTMLDetailsElement).open = true));
    }
  };
  await openEverything();
  await expectNoSecret(page, 'the guided steps up to the sign-in');

  const popup = page.waitForEvent('popup');
  await guided.getByRole('button', { name: names.authorization.openSignIn }).click();
  await (await popup).getByRole('link', { name: names.serverRequests.approve }).click();
  await expect(page.getByRole('status').filter({ hasText: /Connected|Failed/ })).toContainText('Connected', { timeout: 30_000 });
  await expect(guided.getByText('Token request', { exact: true })).toBeVisible();
  await openEverything();
  await expectNoSecret(page, 'the guided steps after the token request');
});
