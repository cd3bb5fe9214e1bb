/** Demo mode and links (issue 21): the presenter's hint says why there is no script, and &connect=1 never sends a blank header. */
import type { Page } from '@playwright/test';
import { chooseEra, expect, test } from './fixtures.ts';
import { APP_URL, DEMO_MCP_URL } from './servers/ports.ts';
import { nameOf, names } from './names.ts';

test.slow();

const seed = (page: Page, key: string, value: unknown) =>
  page.addInitScript(
    ([k, v]) => {
      if (window.top === window) localStorage.setItem(k!, v!);
    },
    [key, JSON.stringify(value)],
  );
const connected = (page: Page) =>
  expect(page.getByRole('status').filter({ hasText: /Connected|Failed/ })).toContainText('Connected', { timeout: 30_000 });
const scriptStatus = (page: Page) => page.getByRole('region', { name: names.demo.script }).getByRole('status');
const presenterHint = (page: Page) => page.getByRole('note', { name: names.demo.presenterHint });

test('demo mode with ?api_key= in the address still finds the server’s script, and says why when there is none', async ({ page }) => {
  await seed(page, 'mcp-lens.saved-requests', [
    { id: 's1', name: 'Say hello', tool: 'echo', arguments: { message: 'hi' }, server: DEMO_MCP_URL, savedAt: 1 },
  ]);
  await page.goto(`${APP_URL}?url=${encodeURIComponent(`${DEMO_MCP_URL}?api_key=sk-demo-7`)}&demo=1`);
  await expect(presenterHint(page)).toHaveText(/^No script yet: connect/);
  await chooseEra(page, '2025 and older');
  await page.getByRole('button', { name: names.connection.connect, exact: true }).click();
  await connected(page);
  await expect(scriptStatus(page)).toHaveText('Script ready: 1 step');
  await expect(presenterHint(page)).toHaveCount(0);
});

test('&connect=1 on a saved server asks for the header value it does not keep, then connects', async ({ page }) => {
  await seed(page, 'mcp-lens.servers', [
    { id: 'k1', name: 'Keyed', url: DEMO_MCP_URL, transport: 'auto', era: 'legacy', headers: [{ name: 'Accept-Language' }], usedAt: 0 },
  ]);
  const sent: Array<string | undefined> = [];
  page.on('request', (request) => {
    if (request.url().startsWith(DEMO_MCP_URL) && request.method() === 'POST') sent.push(request.headers()['accept-language']);
  });
  await page.goto(`${APP_URL}?url=${encodeURIComponent(DEMO_MCP_URL)}&connect=1`);
  const link = page.getByRole('region', { name: names.links.request });
  const value = link.getByRole('textbox', { name: nameOf.headerValue('Accept-Language') });
  await expect(value).toBeVisible();
  await expect(link.getByRole('status')).toHaveText('Needs a value for Accept-Language.');
  await expect(link.getByRole('button', { name: names.links.connectToThisServer })).toBeDisabled();
  await value.press('Enter');
  await expect(link.getByRole('status')).toHaveText('Needs a value for Accept-Language.');
  expect(sent).toEqual([]);
  // A CORS-safelisted header, so the demo server's CORS lets it through; the value is one no browser sends itself.
  await value.fill('fr-CA');
  await value.press('Enter');
  await connected(page);
  await expect(link).toHaveCount(0);
  expect(sent.length).toBeGreaterThan(0);
  expect(sent.every((header) => header === 'fr-CA')).toBe(true);
});
