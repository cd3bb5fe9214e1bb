/**
 * The main screens as pictures, for a person to look at (docs/screenshots/): connected, a tool with its
 * result, a message's detail, an MCP App, demo mode; light and dark; 1280×720 and 1440×900. Written only
 * when asked (`LENS_SCREENSHOTS=1 npm run test:e2e -- e2e/screenshots.spec.ts`) and never compared
 * pixel by pixel: times, ids and latencies change on every run. The geometry the pictures show is
 * asserted in e2e/workbench.spec.ts.
 */
import type { Page } from '@playwright/test';
import { connect, expect as baseExpect, messageLog, openTool, result, test } from './fixtures.ts';

// Runs, lazily loaded forms and apps on a loaded two-core machine take seconds: wait on state, longer.
const expect = baseExpect.configure({ timeout: 30_000 });
import { APP_URL, DEMO_MCP_URL } from './servers/ports.ts';
import { names } from './names.ts';

const OUT = 'docs/screenshots';
const SIZES = [
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
] as const;

test.skip(!process.env.LENS_SCREENSHOTS, 'Set LENS_SCREENSHOTS=1 to write docs/screenshots/.');

const shoot = (page: Page, name: string, scheme: string) => {
  const { width, height } = page.viewportSize()!;
  return page.screenshot({ path: `${OUT}/${name}-${width}x${height}-${scheme}.png`, animations: 'disabled', caret: 'hide' });
};

for (const size of SIZES) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`screens at ${size.width}×${size.height}, ${scheme}`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize(size);
      await connect(page, DEMO_MCP_URL);
      await shoot(page, 'connected', scheme);

      await openTool(page, 'echo');
      await page.getByRole('button', { name: names.tools.runTool }).click();
      await expect(result(page)).toContainText('Hello');
      await shoot(page, 'tool-result', scheme);

      await messageLog(page)
        .getByRole('button', { name: /tools\/call/ })
        .first()
        .click();
      await expect(page.getByRole('region', { name: names.log.selected })).toBeVisible();
      await shoot(page, 'log-detail', scheme);

      await openTool(page, 'show-sales');
      await page.getByRole('button', { name: names.tools.runTool }).click();
      await expect(result(page)).toContainText('Sales for the north region');
      const app = page.getByRole('region', { name: names.apps.region, exact: true });
      await expect(app).toBeVisible();
      await app.scrollIntoViewIfNeeded();
      await expect(page.frameLocator('iframe[title^="MCP App"]').frameLocator('iframe').getByRole('listitem')).toHaveCount(6);
      await shoot(page, 'app', scheme);

      await page.goto(`${APP_URL}?url=${encodeURIComponent(DEMO_MCP_URL)}&demo=1#tools/echo`);
      await page.getByRole('button', { name: names.connection.connect, exact: true }).click();
      await expect(page.getByRole('status').filter({ hasText: /Connected|Failed/ })).toContainText('Connected', { timeout: 30_000 });
      await page.getByRole('button', { name: names.tools.runTool }).click();
      await expect(result(page)).toContainText('Hello');
      await shoot(page, 'demo', scheme);
    });
  }
}
