/**
 * The guided authorization (issue 21), started from the Authorization tab before any 401, against the
 * OAuth fixture: each step shows its request and response, the sign-in goes through a popup as the
 * automatic flow does, and the page passes axe in both themes.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, openApp, test, showTab } from './fixtures.ts';
import { oauthMcpUrl } from './servers/ports.ts';
import { names } from './names.ts';

test.slow();

const guided = (page: Page) => page.getByRole('region', { name: names.authorization.guided });
const stepItem = (page: Page, title: string) =>
  guided(page).getByRole('list', { name: names.authorization.guidedSteps }).getByRole('listitem').filter({ hasText: title }).first();

async function axeClean(page: Page) {
  const axe = await new AxeBuilder({ page }).include('.auth-view').withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

for (const scheme of ['light', 'dark'] as const) {
  test(`steps through discovery, registration and sign-in before connecting, each with its exchange (${scheme})`, async ({
    page,
  }, testInfo) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: 1280, height: 720 });
    await openApp(page, oauthMcpUrl('consent'));
    await showTab(page, names.tabs.authorization);
    const next = guided(page).getByRole('button', { name: /^Next/ });

    await expect(next).toHaveText('Next: Protected resource metadata');
    await next.click();
    await expect(stepItem(page, '1. Protected resource metadata')).toContainText('Done');
    await expect(
      guided(page)
        .getByRole('list', { name: 'Protected resource metadata: requests and responses' })
        .getByText(/GET .*oauth-protected-resource/)
        .first(),
    ).toBeVisible();
    await next.click();
    await expect(stepItem(page, '2. Authorization server metadata')).toContainText('Issuer');
    await next.click();
    await expect(stepItem(page, '3. Client registration')).toContainText('Registered dynamically as');
    const registration = guided(page).getByRole('list', { name: 'Client registration: requests and responses' });
    await registration.getByText('Client registration', { exact: true }).click();
    await expect(registration.getByLabel('Response').first()).toContainText('client_id');
    await axeClean(page);

    await next.click();
    await expect(stepItem(page, '4. Authorize')).toContainText('Waiting for you');
    const popupPromise = page.waitForEvent('popup');
    await guided(page).getByRole('button', { name: names.authorization.openSignIn }).click();
    await (await popupPromise).getByRole('link', { name: names.serverRequests.approve }).click();
    await expect(stepItem(page, '5. Token')).toContainText('Done');
    await expect(page.getByRole('status').filter({ hasText: /Connected|Failed/ })).toContainText('Connected', { timeout: 30_000 });
    await expect(stepItem(page, '5. Token').getByText('Token request', { exact: true })).toBeVisible();

    await expect(next).toHaveText('Next: Refresh');
    await next.click();
    await expect(stepItem(page, '6. Refresh')).toContainText(/Done|Nothing to do/);
    await axeClean(page);
    const path = testInfo.outputPath(`guided-auth-${scheme}.png`);
    await page.screenshot({ path, fullPage: false });
    await testInfo.attach(`guided-auth-${scheme}`, { path, contentType: 'image/png' });
  });
}

test('Run all goes up to the sign-in; a refused step says so and stops', async ({ page }) => {
  await openApp(page, oauthMcpUrl('no-s256'));
  await showTab(page, names.tabs.authorization);
  await guided(page).getByRole('button', { name: names.authorization.runAll }).click();
  await expect(stepItem(page, '2. Authorization server metadata').getByRole('alert')).toContainText('S256');
  await expect(stepItem(page, '3. Client registration')).toContainText('Not run');
  await expect(page.getByRole('region', { name: names.authorization.needed })).toHaveCount(0);
});
