/**
 * The local relay in a real browser: the CORS doctor offers it for a server without CORS, its link opens
 * the app with the token in memory and not in the address bar, and through it the app uses a CORS-less
 * HTTP server and a stdio server from npm: tools, resources and prompts on both, the Audit tab's checks a page
 * cannot make (through the relay's probe endpoint), and OAuth runs through it for the server it fronts.
 */
import type { Page } from '@playwright/test';
import { expect, openApp, openServerDetails, test, showTab } from './fixtures.ts';
import { lensContextTag, relayCommand } from '../src/shared/relay.ts';
import { nameOf, names } from './names.ts';
import {
  APP_URL,
  E2E_RELAY_TOKEN,
  NO_CORS_REAL_MCP_URL,
  oauthMcpUrl,
  RELAY_HTTP_URL,
  RELAY_OAUTH_URL,
  RELAY_STDIO_URL,
} from './servers/ports.ts';

/** What a person does with the link the relay printed. */
async function openRelayLink(page: Page, relayUrl: string) {
  await page.goto(`${APP_URL}?url=${encodeURIComponent(relayUrl)}#relay-token=${E2E_RELAY_TOKEN}`);
  await expect(page.getByRole('textbox', { name: names.connection.serverUrl })).toHaveValue(relayUrl);
  // The token left the address bar (and this history entry) as the app started.
  expect(page.url()).not.toContain('relay-token');
  expect(page.url()).not.toContain(E2E_RELAY_TOKEN);
  await page.getByRole('button', { name: names.connection.connect, exact: true }).click();
  const status = page.getByRole('status').filter({ hasText: /Connected|Failed/ });
  await expect(status).toContainText('Connected', { timeout: 20_000 });
  await expect(status).toContainText('via local relay');
  await openServerDetails(page);
  await expect(page.locator('.relay-note')).toContainText('via local relay');
}

async function runTool(page: Page, name: RegExp, message: string) {
  await page.getByRole('tab', { name: names.tabs.tools }).click();
  await page.getByRole('button', { name }).first().click();
  await page.getByLabel(/^message/).fill(message);
  await page.getByRole('button', { name: names.tools.runTool }).click();
  await expect(page.getByRole('region', { name: names.tools.result })).toContainText(message);
}

async function readFirstResource(page: Page) {
  await page.getByRole('tab', { name: names.tabs.resources }).click();
  const list = page.getByRole('list', { name: names.tabs.resources });
  await list.getByRole('listitem').first().getByRole('button').first().click();
  await expect(page.getByRole('region', { name: 'Resource contents' })).not.toBeEmpty();
}

async function getPrompt(page: Page, name: string, expected: string) {
  await page.getByRole('tab', { name: names.tabs.prompts }).click();
  await page.getByRole('list', { name: names.tabs.prompts }).getByRole('button', { name, exact: true }).click();
  await page.getByRole('form', { name: 'Prompt arguments' }).getByRole('button', { name: 'Get prompt' }).click();
  await expect(page.getByRole('region', { name: 'Prompt messages' })).toContainText(expected);
}

test("a clone's page offers npm run relay, and folded under it the PowerShell form, whose -- is quoted", async ({ page }, testInfo) => {
  // The page as npm start serves it: the static server puts the clone's context tag in its head.
  await page.route(
    (url) => url.pathname === new URL(APP_URL).pathname,
    async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(/<head>/i, (head) => `${head}${lensContextTag('clone')}`);
      await route.fulfill({ response, body });
    },
  );
  await openApp(page, NO_CORS_REAL_MCP_URL);
  await page.getByRole('button', { name: names.connection.connect, exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /Failed/ })).toBeVisible({ timeout: 15_000 });
  const offer = page.getByRole('alert').getByRole('region', { name: names.connection.localRelay });
  const advice = relayCommand('clone', APP_URL, NO_CORS_REAL_MCP_URL);
  await expect(offer.getByLabel(names.connection.relayCommand, { exact: true })).toHaveText(advice.command);
  await offer.getByText(names.connection.relayPowershell, { exact: true }).click();
  await expect(offer.getByLabel(names.connection.relayCommandPowershell)).toHaveText(advice.powershell);
  expect(advice.powershell).toBe(`npm run relay '--' --lens ${APP_URL} ${NO_CORS_REAL_MCP_URL}`);
  for (const scheme of ['light', 'dark'] as const) {
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.emulateMedia({ colorScheme: scheme });
    await offer.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`relay-offer-clone-${scheme}.png`) });
  }
});

test('offers the exact relay command when a server sends no CORS headers', async ({ page }) => {
  await openApp(page, NO_CORS_REAL_MCP_URL);
  await page.getByRole('button', { name: names.connection.connect, exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /Failed/ })).toBeVisible({ timeout: 15_000 });
  const offer = page.getByRole('alert').getByRole('region', { name: names.connection.localRelay });
  // This app is served by a plain static server, as a hosted copy is: the single-file relay (e2e/relay-file.spec.ts runs it).
  await expect(offer.getByLabel(names.connection.relayCommand, { exact: true })).toHaveText(
    relayCommand('hosted', APP_URL, NO_CORS_REAL_MCP_URL).command,
  );
  await expect(offer).toContainText('listens on 127.0.0.1 only, forwards to this one URL and nothing else');
  await expect(offer.getByRole('button', { name: names.connection.copyRelayCommand })).toBeEnabled();
});

test('reaches a server without CORS through the relay: tools, resources, prompts, and the HTTP view', async ({ page }) => {
  await openRelayLink(page, RELAY_HTTP_URL);
  await expect(page.locator('#server-panel-title')).toContainText('MCP Lens Demo Server');
  await runTool(page, /^echo/i, 'hello through the relay');
  await readFirstResource(page);
  await getPrompt(page, 'review-notes', 'notes');

  // The HTTP view shows what the browser sent to the relay, and the status the upstream answered with.
  await page.getByRole('button', { name: names.http.http, exact: true }).click();
  const http = page.getByRole('region', { name: 'HTTP exchanges' });
  await http
    .getByRole('button', { name: /POST.*200/ })
    .first()
    .click();
  const detail = http.getByRole('region', { name: 'Selected HTTP exchange' });
  await expect(detail).toContainText(RELAY_HTTP_URL);
  await expect(detail).toContainText('lens-relay-upstream-status');
  await expect(detail).toContainText('lens-relay-token');
  await expect(page.locator('body')).not.toContainText(E2E_RELAY_TOKEN);
});

test('audits the server through the relay: the checks a page cannot make run through the relay, and say so', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await openRelayLink(page, RELAY_HTTP_URL);
  await showTab(page, names.tabs.audit);
  await page.getByRole('button', { name: names.audit.run }).click();
  const status = page.getByRole('tabpanel').getByRole('status');
  await expect(status).toContainText(/Done in [\d.]+ s: \d+ checks: \d+ pass/, { timeout: 60_000 });
  await expect(status).toContainText(' 0 fail');
  const results = page.getByRole('list', { name: names.audit.results });
  const rebinding = results.getByRole('listitem', { name: nameOf.auditRow('dns-rebinding-protection', 'pass') });
  await expect(rebinding).toContainText('evil.example.com was refused (HTTP 403). (Checked through the local relay.)');
  await rebinding.getByText(names.audit.exchanges).click();
  await expect(rebinding).toContainText(`the server it fronts, ${NO_CORS_REAL_MCP_URL}`);
  // The demo server behind this relay sends no CORS headers: the preflight's answer was read, through the relay.
  const cors = results.getByRole('listitem', { name: nameOf.auditRow('cors', 'not-applicable') });
  await expect(cors).toContainText('lets no page from http://127.0.0.1:5173 in');
  await expect(cors).toContainText('(Checked through the local relay.)');
  await expect(page.getByRole('tabpanel')).not.toContainText('A browser cannot make this check');
  await expect(page.locator('body')).not.toContainText(E2E_RELAY_TOKEN);
  await rebinding.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('audit-through-relay.png') });

  // Each probe is in the Message log, marked as the audit's, and the check's link lands on it.
  await rebinding
    .getByRole('button', { name: nameOf.showInLog('server/discover') })
    .first()
    .click();
  const selected = page.getByRole('region', { name: names.log.selected });
  await expect(selected).toContainText('audit probe · dns-rebinding-protection');
  await expect(selected).toContainText('Invalid Host: evil.example.com');
  // The request it answers: sent beside the session, so the log offers no re-send of it.
  await selected.getByRole('button', { name: 'Show request' }).click();
  await expect(selected).toContainText('→ sent request');
  await expect(selected).toContainText('audit probe · dns-rebinding-protection');
  await expect(selected.getByRole('button', { name: names.log.resend, exact: true })).toHaveCount(0);
  await rebinding
    .getByRole('button', { name: nameOf.showInHttp('server/discover') })
    .first()
    .click();
  const exchange = page.getByRole('region', { name: 'Selected HTTP exchange' });
  await expect(exchange).toContainText('evil.example.com');
  await expect(exchange).toContainText('403');
  await page.screenshot({ path: testInfo.outputPath('audit-probe-in-http.png') });
});

test('reaches a stdio server from npm through the relay: tools, resources, prompts', async ({ page }) => {
  await openRelayLink(page, RELAY_STDIO_URL);
  await expect(page.locator('#server-panel-title')).toContainText('Everything');
  await runTool(page, /^echo/i, 'hello over stdio');
  await readFirstResource(page);
  await getPrompt(page, 'simple-prompt', 'This is a simple prompt');
});

test('authorizes through the relay for the server it fronts, and says so in the Authorization tab', async ({ page }) => {
  await page.goto(`${APP_URL}?url=${encodeURIComponent(RELAY_OAUTH_URL)}#relay-token=${E2E_RELAY_TOKEN}`);
  await page.getByRole('button', { name: names.connection.connect, exact: true }).click();
  const prompt = page.getByRole('region', { name: names.authorization.needed });
  const popupPromise = page.waitForEvent('popup');
  await prompt.getByRole('button', { name: names.authorization.authorize }).click();
  const popup = await popupPromise;
  // The popup opens blank (so its opener can be cut) before it goes to the authorization server: wait for that.
  await popup.waitForURL((url) => url.searchParams.has('resource'));
  // The authorization request names the fronted server as its resource, not the relay.
  expect(new URL(popup.url()).searchParams.get('resource')).toBe(oauthMcpUrl('consent'));
  await popup.getByRole('link', { name: names.serverRequests.approve }).click();
  const status = page.getByRole('status').filter({ hasText: /Connected|Failed/ });
  await expect(status).toContainText('Connected', { timeout: 20_000 });
  await expect(status).toContainText('via local relay');
  await expect(page.getByRole('button', { name: 'echo' })).toBeVisible();

  await showTab(page, names.tabs.authorization);
  const steps = page.getByRole('list', { name: 'Authorization steps' });
  await steps.getByText('Through the local relay', { exact: true }).click();
  await expect(
    steps
      .getByRole('definition')
      .filter({ hasText: oauthMcpUrl('consent') })
      .first(),
  ).toBeVisible();
  await expect(page.locator('body')).not.toContainText(E2E_RELAY_TOKEN);
});
