/**
 * A hostile MCP App (src/test/servers/hostile/hostile-app.ts) tries to escape: every attempt is refused by the
 * browser (the sandbox, the opaque origin, the app's CSP), the refusals the browser reports are shown and
 * logged, and nothing out of policy reaches the network. Asserted on state: the app's own record of each
 * attempt, the fixture's record of what arrived, the page's URL and windows.
 */
import { expect, openApp, test } from './fixtures.ts';
import { APP_URL, hostileControlUrl, hostileUrl } from './servers/ports.ts';

const APP = 'ui://hostile/escape.html';

test('a hostile app cannot read storage, reach the worker, navigate, open popups or load out-of-policy scripts', async ({ page }) => {
  await openApp(page, hostileUrl('app-escape'));
  await page.evaluate(() => localStorage.setItem('mcp-lens.theme', 'dark'));
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /Connected|Failed/ })).toContainText('Connected');
  await page.getByRole('button', { name: 'open-escape-app', exact: true }).click();
  await page.getByRole('button', { name: 'Run tool' }).click();

  const attempts = page.frameLocator(`iframe[title="MCP App ${APP}"]`).frameLocator('iframe').getByRole('list', { name: 'Attempts' });
  const outcome = (name: string) => attempts.locator(`li[data-attempt="${name}"]`);
  for (const name of ['storage', 'inspector document', 'worker', 'top navigation', 'popup', 'popup, native', 'remote script', 'fetch']) {
    await expect(outcome(name), name).toContainText(`${name}: refused`);
  }
  await expect(outcome('bypass proxy')).toHaveText('bypass proxy: sent');

  // What the browser refused and reported is shown beside the app and logged.
  const activity = page.getByRole('region', { name: 'App activity' });
  await expect(
    activity.getByRole('listitem').filter({ hasText: 'the browser refused what its CSP does not allow (script-src-elem)' }),
  ).toHaveCount(1);
  await expect(
    activity.getByRole('listitem').filter({ hasText: 'the browser refused what its CSP does not allow (connect-src)' }),
  ).toHaveCount(1);
  await expect(activity.getByRole('listitem').filter({ hasText: 'the browser refused a popup to https://example.com/popup ' })).toHaveCount(
    1,
  );
  await expect(page.getByRole('region', { name: 'Message log' })).toContainText(`MCP App ${APP}: the browser refused`);

  // Nothing out of policy arrived, and the call sent around the proxy was ignored.
  const received = (await (await page.request.get(hostileControlUrl('app-escape'))).json()) as Array<{ rpcMethod?: string }>;
  expect(received.filter((r) => r.rpcMethod?.startsWith('asset'))).toEqual([]);
  expect(received.filter((r) => r.rpcMethod === 'tools/call')).toHaveLength(1);
  // Only the inspector's own address: the server, the tab and the tool it put there itself.
  expect(page.url()).toBe(`${APP_URL}?url=${encodeURIComponent(hostileUrl('app-escape'))}#tools/open-escape-app`);
  expect(page.context().pages()).toHaveLength(1);
  expect(await page.evaluate(() => localStorage.getItem('mcp-lens.theme'))).toBe('dark');
});
