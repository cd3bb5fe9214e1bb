/**
 * Issue 25, class 14: a listen stream exhausted memory. 2,000 notifications of 200 KB on a
 * `subscriptions/listen` stream (src/test/servers/hostile/modern-server.ts, `listen-flood`, about 400 MB)
 * blocked the page for 5.9 s, left 320 MB on the heap after GC, and the app could not connect afterwards.
 * Now notifications over the bound are kept cut with their size, the log and timeline hold a byte budget, and
 * the same page connects to a normal server after the flood.
 */
import { expect, openApp, test } from './fixtures.ts';
import { MODERN_MCP_URL, hostileModernUrl } from './servers/ports.ts';
import { names } from './names.ts';

test('a listen stream can exhaust memory: not a 400 MB flood; the heap stays bounded and the app connects afterwards', async ({ page }) => {
  test.setTimeout(600_000);
  await openApp(page, hostileModernUrl('listen-flood'));
  await page.getByRole('button', { name: names.connection.connect, exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /Connected|Failed/ })).toContainText('Connected', { timeout: 60_000 });
  // The flood's last, short notification, in the Logs tab: everything before it has been through the worker
  // and the log. On two loaded cores the 400 MB take minutes.
  await page.getByRole('tab', { name: names.tabs.logs }).click();
  await expect(page.getByRole('button', { name: 'listen flood: done', exact: true })).toBeVisible({ timeout: 400_000 });

  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  console.log(`listen flood: page heap after GC ${(usedSize / 2 ** 20).toFixed(1)} MB`);
  expect(usedSize).toBeLessThan(150 * 2 ** 20);

  // The page is still usable: the same connection is disconnected, and the connection goes to a normal server.
  await page.getByRole('button', { name: names.connection.disconnect, exact: true }).click();
  const url = page.getByRole('textbox', { name: names.connection.serverUrl });
  await url.fill(MODERN_MCP_URL);
  await page.getByRole('button', { name: names.connection.connect, exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /Connected|Failed/ })).toContainText('Connected', { timeout: 60_000 });
});
