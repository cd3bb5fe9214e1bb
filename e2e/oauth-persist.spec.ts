/**
 * OAuth state that outlives the page: the full-page redirect when popups are blocked, "Remember on this
 * device" across a reload, and Forget. Against the loopback mock authorization server (e2e/servers/oauth.ts).
 */
import type { Page } from '@playwright/test';
import { expect, openApp, test, showTab } from './fixtures.ts';
import { APP_BASE_PATH, OAUTH_ORIGIN, oauthMcpUrl } from './servers/ports.ts';
import { names } from './names.ts';

const statusOf = (page: Page) => page.getByRole('status').filter({ hasText: /Connected|Failed|Connecting|Disconnected/ });
const prompt = (page: Page) => page.getByRole('region', { name: names.authorization.needed });
const tokenRequests = async (page: Page) =>
  ((await (await page.request.get(`${OAUTH_ORIGIN}/control/consent`)).json()) as { tokenRequests: unknown[] }).tokenRequests.length;

async function blockPopups(page: Page) {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'open', { value: () => null }); // what a popup blocker does
  });
}

/** Connect, meet the blocked popup, and leave for the consent page in this tab. */
async function leaveInThisTab(page: Page) {
  await openApp(page, oauthMcpUrl('consent'));
  await page.getByRole('button', { name: names.connection.connect, exact: true }).click();
  await prompt(page).getByRole('button', { name: names.authorization.authorize }).click();
  await expect(prompt(page).getByRole('alert')).toContainText('The popup was blocked');
  await prompt(page).getByRole('button', { name: names.authorization.continueInThisTab }).click();
  await page.waitForURL(/\/as\/consent\/authorize\?/);
}

test('popup blocked → full-page redirect → back in the same tab, connected with tools listed', async ({ page }) => {
  await blockPopups(page);
  await leaveInThisTab(page);
  await page.getByRole('link', { name: names.serverRequests.approve }).click();
  await expect(statusOf(page)).toContainText('Connected');
  await expect(page.getByRole('button', { name: 'echo' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: names.connection.serverUrl })).toHaveValue(oauthMcpUrl('consent'));
  // Back under the app's base path, with the server in the address bar and no code left in it.
  expect(new URL(page.url()).pathname).toBe(APP_BASE_PATH);
  expect(new URL(page.url()).searchParams.get('url')).toBe(oauthMcpUrl('consent'));
  expect(await page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('mcp-lens-oauth')))).toEqual([]);
  await showTab(page, names.tabs.authorization);
  await expect(page.getByText('Back from a full-page redirect')).toBeVisible();
});

test('an expired pending record is refused with a clear message, and nothing is exchanged', async ({ page }) => {
  await blockPopups(page);
  // The person took 11 minutes on the consent page: age the record just before the callback page reads it.
  await page.addInitScript(() => {
    if (!location.pathname.endsWith('/oauth-callback.html')) return;
    const raw = sessionStorage.getItem('mcp-lens-oauth-pending');
    if (raw) sessionStorage.setItem('mcp-lens-oauth-pending', JSON.stringify({ ...JSON.parse(raw), expiresAt: Date.now() - 60_000 }));
  });
  await leaveInThisTab(page);
  const before = await tokenRequests(page);
  await page.getByRole('link', { name: names.serverRequests.approve }).click();
  const result = page.getByRole('region', { name: names.authorization.signInResult });
  await expect(result.getByRole('alert')).toContainText('took longer than 10 minutes');
  await expect(page.getByRole('textbox', { name: names.connection.serverUrl })).toHaveValue(oauthMcpUrl('consent'));
  await expect(statusOf(page)).not.toContainText('Connected');
  expect(await tokenRequests(page)).toBe(before);
  await result.getByRole('button', { name: names.authorization.dismiss }).click();
  await expect(result).toHaveCount(0);
});

test('a redirect back with a wrong state or with error= is refused, and nothing is exchanged', async ({ page }) => {
  await blockPopups(page);
  const before = await tokenRequests(page);
  for (const [query, message] of [
    [(state: string) => `code=stolen&state=${'0'.repeat(state.length)}`, 'does not match'],
    [(state: string) => `error=access_denied&error_description=The+user+said+no&state=${state}`, '“access_denied”: The user said no'],
  ] as const) {
    await leaveInThisTab(page);
    const authorizeUrl = new URL(page.url());
    const callback = new URL(authorizeUrl.searchParams.get('redirect_uri')!);
    callback.search = query(authorizeUrl.searchParams.get('state')!);
    await page.goto(callback.href);
    await expect(page.getByRole('region', { name: names.authorization.signInResult }).getByRole('alert')).toContainText(message);
    await expect(statusOf(page)).not.toContainText('Connected');
  }
  expect(await tokenRequests(page)).toBe(before);
});

test('remembered tokens survive a reload and connect without consent; Forget makes the next connect ask again', async ({ page }) => {
  await openApp(page, oauthMcpUrl('consent'));
  await page.getByRole('button', { name: names.connection.connect, exact: true }).click();
  await prompt(page).getByRole('checkbox', { name: names.authorization.remember }).check();
  const popupPromise = page.waitForEvent('popup');
  await prompt(page).getByRole('button', { name: names.authorization.authorize }).click();
  await (await popupPromise).getByRole('link', { name: names.serverRequests.approve }).click();
  await expect(statusOf(page)).toContainText('Connected');
  await showTab(page, names.tabs.authorization);
  await expect(page.getByText(/Remembered on this device\.$/)).toBeVisible();
  const settings = page.getByRole('form', { name: 'OAuth client' });
  await expect(settings.getByRole('checkbox', { name: names.authorization.remember })).toBeChecked();
  // Kept in IndexedDB, never in localStorage.
  expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toMatch(/access_token|refresh_token/);

  await page.reload();
  const before = await tokenRequests(page);
  await page.getByRole('button', { name: names.connection.connect, exact: true }).click();
  await expect(statusOf(page)).toContainText('Connected');
  // The reload lands on the tab it left (the address carries it), so the tools are one click away.
  await expect(page.getByRole('tab', { name: names.tabs.authorization })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: names.tabs.tools }).click();
  await expect(page.getByRole('button', { name: 'echo' })).toBeVisible();
  await expect(prompt(page)).toHaveCount(0);
  expect(await tokenRequests(page)).toBe(before);
  await showTab(page, names.tabs.authorization);
  await expect(page.getByText('Remembered tokens loaded')).toBeVisible();

  await settings.getByRole('button', { name: names.authorization.forget }).click();
  await expect(settings.getByRole('status')).toContainText('Forgot every token');
  await expect(settings.getByRole('checkbox', { name: names.authorization.remember })).not.toBeChecked();
  await page.reload();
  await page.getByRole('button', { name: names.connection.connect, exact: true }).click();
  await expect(prompt(page).getByRole('button', { name: names.authorization.authorize })).toBeVisible();
});

test('two tabs sharing remembered tokens refresh one at a time: a rotated refresh token is never reused', async ({ page }) => {
  const control = async () =>
    (await (await page.request.get(`${OAUTH_ORIGIN}/control/short`)).json()) as {
      refreshTokensRejected: number;
      authorizations: unknown[];
    };
  // Access tokens of the "short" variant live 1 s, and each refresh token works once.
  await openApp(page, oauthMcpUrl('short'));
  await page.getByRole('button', { name: names.connection.connect, exact: true }).click();
  await prompt(page).getByRole('checkbox', { name: names.authorization.remember }).check();
  const popupPromise = page.waitForEvent('popup');
  await prompt(page).getByRole('button', { name: names.authorization.authorize }).click();
  await popupPromise;
  await expect(statusOf(page)).toContainText('Connected');

  const second = await page.context().newPage();
  await openApp(second, oauthMcpUrl('short'));
  await second.getByRole('button', { name: names.connection.connect, exact: true }).click();
  await expect(statusOf(second)).toContainText('Connected');
  const before = await control();

  await page.waitForTimeout(1_200); // both tabs now hold an expired access token and the same refresh token
  const run = async (tab: Page) => {
    await tab.getByRole('button', { name: 'echo' }).click();
    await tab.getByRole('button', { name: names.tools.runTool }).click();
  };
  await Promise.all([run(page), run(second)]);
  await expect(page.getByRole('region', { name: names.tools.result })).toContainText('echo: done');
  await expect(second.getByRole('region', { name: names.tools.result })).toContainText('echo: done');
  const after = await control();
  expect(after.refreshTokensRejected).toBe(before.refreshTokensRejected);
  expect(after.authorizations.length).toBe(before.authorizations.length);
  await second.close();
});
