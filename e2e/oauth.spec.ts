/** OAuth from the browser against the loopback mock authorization server (e2e/servers/oauth.ts). */
import type { Page } from '@playwright/test';
import { expect, openApp, test, showTab } from './fixtures.ts';
import { OAUTH_ORIGIN, oauthMcpUrl } from './servers/ports.ts';
import { names } from './names.ts';

const statusOf = (page: Page) => page.getByRole('status').filter({ hasText: /Connected|Failed|Connecting|Disconnected/ });

async function startConnect(page: Page, variant: string) {
  await openApp(page, oauthMcpUrl(variant));
  await page.getByRole('button', { name: names.connection.connect, exact: true }).click();
}

test('Connect → 401 → discovery → consent in a popup → connected, tools listed, every step in the Authorization tab', async ({ page }) => {
  await startConnect(page, 'consent');
  const prompt = page.getByRole('region', { name: names.authorization.needed });
  await expect(prompt).toContainText(`${new URL(OAUTH_ORIGIN).host}`);
  const popupPromise = page.waitForEvent('popup');
  await prompt.getByRole('button', { name: names.authorization.authorize }).click();
  const popup = await popupPromise;
  await popup.getByRole('link', { name: names.serverRequests.approve }).click();
  await expect(statusOf(page)).toContainText('Connected');
  await expect(page.getByRole('button', { name: 'echo' })).toBeVisible();
  await expect(prompt).toBeHidden();

  await showTab(page, names.tabs.authorization);
  const steps = page.getByRole('list', { name: 'Authorization steps' });
  for (const title of [
    'Server challenge (401)',
    'Protected resource metadata',
    'Authorization server metadata',
    'Client registration',
    'Authorization request',
    'Authorization response',
    'Token request',
  ]) {
    await expect(steps.getByText(title, { exact: true }).first()).toBeVisible();
  }
  await expect(page.getByText(/^Authorized with scope “mcp:read”/)).toBeVisible();
  // RFC 9207: the iss check is a step of its own, with the issuer it compared the response against.
  const issuer = `${OAUTH_ORIGIN}/as/consent`;
  await steps.getByText('Issuer check passed', { exact: true }).click();
  await expect(steps.getByRole('definition').filter({ hasText: issuer }).first()).toBeVisible();
  await expect(page.getByText(`Credentials keyed by issuer ${issuer}.`, { exact: false })).toBeVisible();
  // The token response is masked before it reaches the page.
  await steps.getByText('Token request', { exact: true }).click();
  await expect(steps.getByLabel('Response').last()).toContainText('"access_token": "••••');
});

test('when the popup is blocked, a new-tab link completes the authorization', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'open', { value: () => null }); // what a popup blocker does
  });
  await startConnect(page, 'consent');
  const prompt = page.getByRole('region', { name: names.authorization.needed });
  await prompt.getByRole('button', { name: names.authorization.authorize }).click();
  await expect(prompt.getByRole('alert')).toContainText('The popup was blocked');
  const tabPromise = page.context().waitForEvent('page');
  await prompt.getByRole('link', { name: 'open the sign-in page in a new tab' }).click();
  const tab = await tabPromise;
  await tab.getByRole('link', { name: names.serverRequests.approve }).click();
  await expect(statusOf(page)).toContainText('Connected');
});

test('a callback with the wrong state is discarded; the real one still works', async ({ page }) => {
  await startConnect(page, 'consent');
  const prompt = page.getByRole('region', { name: names.authorization.needed });
  await expect(prompt).toBeVisible();
  await page.evaluate(() => {
    new BroadcastChannel('mcp-lens-oauth-callback').postMessage({
      type: 'oauth-callback',
      url: new URL(`oauth-callback.html?code=stolen&state=${'0'.repeat(32)}`, document.baseURI).href,
    });
  });
  await expect(prompt.getByRole('alert')).toContainText('state that does not match');
  const popupPromise = page.waitForEvent('popup');
  await prompt.getByRole('button', { name: names.authorization.authorize }).click();
  await (await popupPromise).getByRole('link', { name: names.serverRequests.approve }).click();
  await expect(statusOf(page)).toContainText('Connected');
  await showTab(page, names.tabs.authorization);
  await expect(page.getByText('Authorization response discarded')).toBeVisible();
});

test('a javascript: authorization endpoint is refused before anything opens', async ({ page }) => {
  let popups = 0;
  page.on('popup', () => popups++);
  await startConnect(page, 'js-endpoint');
  await expect(statusOf(page)).toContainText('Failed');
  await expect(page.getByText(/javascript/).first()).toBeVisible();
  await expect(page.getByRole('region', { name: names.authorization.needed })).toHaveCount(0);
  await showTab(page, names.tabs.authorization);
  await expect(page.getByRole('list', { name: 'Authorization steps' }).getByText('Refused').first()).toBeVisible();
  expect(popups).toBe(0);
});

test('an expired token is refreshed, and a tool that needs more scope steps up', async ({ page }) => {
  await startConnect(page, 'short');
  let popupPromise = page.waitForEvent('popup');
  await page.getByRole('region', { name: names.authorization.needed }).getByRole('button', { name: names.authorization.authorize }).click();
  await popupPromise;
  await expect(statusOf(page)).toContainText('Connected');
  await page.waitForTimeout(1_200);
  await page.getByRole('button', { name: 'echo' }).click();
  await page.getByRole('button', { name: names.tools.runTool }).click();
  await expect(page.getByRole('region', { name: names.tools.result })).toContainText('echo: done');
  await showTab(page, names.tabs.authorization);
  await expect(page.getByRole('list', { name: 'Authorization steps' }).getByText('Token refresh', { exact: true }).first()).toBeVisible();

  await page.getByRole('textbox', { name: names.connection.serverUrl }).fill(oauthMcpUrl('step-up'));
  await page.getByRole('button', { name: names.connection.connect, exact: true }).click();
  // Connected already: Connect asks before it ends this session.
  await page
    .getByRole('group', { name: names.connection.connectAgain })
    .getByRole('button', { name: names.connection.reconnectHere })
    .click();
  popupPromise = page.waitForEvent('popup');
  await page.getByRole('region', { name: names.authorization.needed }).getByRole('button', { name: names.authorization.authorize }).click();
  await popupPromise;
  await expect(statusOf(page)).toContainText('Connected');
  await page.getByRole('tab', { name: names.tabs.tools }).click();
  await page.getByRole('button', { name: 'write-note' }).click();
  await page.getByRole('button', { name: names.tools.runTool }).click();
  // 403 insufficient_scope: the engine asks for mcp:write too; a person approves again.
  popupPromise = page.waitForEvent('popup');
  await page.getByRole('region', { name: names.authorization.needed }).getByRole('button', { name: names.authorization.authorize }).click();
  await popupPromise;
  // Still connected all along: the prompt going away is what says the wider token has arrived.
  await expect(page.getByRole('region', { name: names.authorization.needed })).toHaveCount(0);
  await expect(statusOf(page)).toContainText('Connected');
  // The log has a row naming write-note now too: pick the tool from the list.
  await page.getByRole('list', { name: names.tabs.tools, exact: true }).getByRole('button', { name: 'write-note' }).click();
  await page.getByRole('button', { name: names.tools.runTool }).click();
  await expect(page.getByRole('region', { name: names.tools.result })).toContainText('mcp:read mcp:write');
});

test('a sign-in finishes while its connection is not on screen, and brings it back', async ({ page }) => {
  await startConnect(page, 'consent');
  const prompt = page.getByRole('region', { name: names.authorization.needed });
  const popupPromise = page.waitForEvent('popup');
  await prompt.getByRole('button', { name: names.authorization.authorize }).click();
  const popup = await popupPromise;

  // While the person signs in, they open another connection: the first is hidden when the callback comes.
  await page.getByRole('button', { name: names.workspace.addConnection }).click();
  await expect(page.getByRole('textbox', { name: names.connection.serverUrl })).toHaveValue('');
  await popup.getByRole('link', { name: names.serverRequests.approve }).click();

  await expect(page.getByRole('textbox', { name: names.connection.serverUrl })).toHaveValue(oauthMcpUrl('consent'));
  await expect(statusOf(page)).toContainText('Connected');
  await expect(page.getByRole('button', { name: 'echo' })).toBeVisible();
});
