/**
 * Issue 25, class 10: huge server identity froze the page (5.6 s for an 8 MB server/discover, 3.8 s for a
 * name of 60,000 zero-width spaces, 2.9 s for a -32022 listing 26,000 versions). Against the project's own
 * hostile 2026-07-28 servers (src/test/servers/hostile/modern-server.ts): the engine cuts identity in the
 * worker, the page shows it cut with "Show all" on demand, and no task on the page's main thread is over 200 ms.
 *
 * Known to fail today (docs/security.md, Known gaps), so marked fixme until the page is fixed: on 2 December
 * 2026 (load average 27–29 on two cores) the longest main-thread task was 2.3–4.2 s for the zero-width name and
 * 0.84–0.87 s for the -32022, and the 8 MB discover did not reach "Connected" within 60 s. The engine's cut
 * holds (src/test/engine-hostile-modern.test.ts); what the page does with the cut summary does not yet.
 */
import type { Page } from '@playwright/test';
import { expect, openApp, openServerDetails, test } from './fixtures.ts';
import { hostileModernUrl } from './servers/ports.ts';
import { names } from './names.ts';

/** The page's longest main-thread task since it loaded, in ms (the Long Tasks API reports those over 50 ms). */
const longestTask = (page: Page) => page.evaluate(() => (window as unknown as { __longest: number }).__longest);

async function connectTimed(page: Page, scenario: string, outcome: 'Connected' | 'Failed') {
  test.setTimeout(120_000);
  await page.addInitScript(() => {
    const state = window as unknown as { __longest: number };
    state.__longest = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) state.__longest = Math.max(state.__longest, entry.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
  await openApp(page, hostileModernUrl(scenario));
  // Only what the server's answer costs counts: the page's own start is over before Connect.
  await expect(page.getByRole('button', { name: names.connection.connect, exact: true })).toBeEnabled();
  await page.evaluate(() => ((window as unknown as { __longest: number }).__longest = 0));
  await page.getByRole('button', { name: names.connection.connect, exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /Connected|Failed/ })).toContainText(outcome, { timeout: 60_000 });
}

test.fixme('huge server identity freezes the page: not an 8 MB server/discover of 300,000 versions and 2 MB of instructions', async ({
  page,
}) => {
  await connectTimed(page, 'huge-discover', 'Connected');
  await openServerDetails(page);
  const showInstructions = page.getByRole('button', { name: /^Show all instructions/ });
  await expect(showInstructions).toBeVisible();
  await expect(page.getByRole('button', { name: /^Show all versions/ })).toBeVisible();
  await showInstructions.click();
  await expect(page.getByText(/MCP Lens kept the first [\d,]+ of [\d,]+ characters/).first()).toBeVisible();
  const longest = await longestTask(page);
  console.log(`huge-discover: longest main-thread task ${longest.toFixed(0)} ms`);
  expect(longest).toBeLessThan(200);
});

test.fixme('huge server identity freezes the page: not a serverInfo name of 60,000 zero-width spaces', async ({ page }) => {
  await connectTimed(page, 'zero-width-name', 'Connected');
  await openServerDetails(page);
  await expect(page.getByRole('button', { name: /^Show all name/ }).first()).toBeVisible();
  const longest = await longestTask(page);
  console.log(`zero-width-name: longest main-thread task ${longest.toFixed(0)} ms`);
  expect(longest).toBeLessThan(200);
});

test.fixme('huge server identity freezes the page: not a -32022 listing 26,000 versions', async ({ page }) => {
  await connectTimed(page, 'many-versions-32022', 'Failed');
  await expect(page.getByText(/and [\d,]+ more/).first()).toBeVisible();
  const longest = await longestTask(page);
  console.log(`many-versions-32022: longest main-thread task ${longest.toFixed(0)} ms`);
  expect(longest).toBeLessThan(200);
});
