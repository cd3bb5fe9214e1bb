/**
 * "Audit this server" from the page: the demo server audited in each era, from Run audit to the summary.
 * Reports the longest main-thread task over the run (from a Chromium trace: wall and CPU time, as the other
 * steps) and how long the audit took by its own clock (issue 23: under 10 s in either era; the page stays
 * responsive throughout).
 */
import type { Page } from '@playwright/test';
import { showTab, untilText } from './browser.ts';
import { phase, type Report } from './lists.ts';

const AUDIT_SECONDS = 10;

type Protocol = '2025 and older' | '2026-07-28';

async function connectPinned(page: Page, appUrl: string, serverUrl: string, protocol: Protocol, wait: number): Promise<void> {
  await page.goto(`${appUrl}?url=${encodeURIComponent(serverUrl)}`);
  const settings = page.getByRole('button', { name: 'Connection settings' });
  if ((await settings.getAttribute('aria-expanded')) !== 'true') await settings.click();
  await page.getByRole('combobox', { name: 'Protocol' }).selectOption({ label: protocol });
  await settings.click();
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await page.getByRole('status').filter({ hasText: 'Connected' }).waitFor({ timeout: wait });
}

export async function benchAudit(page: Page, report: Report, appUrl: string, demoUrl: string, wait: number): Promise<void> {
  for (const protocol of ['2025 and older', '2026-07-28'] as const) {
    const era = protocol === '2026-07-28' ? '2026-07-28' : '2025';
    await connectPinned(page, appUrl, demoUrl, protocol, wait);
    await showTab(page, 'Audit');
    // Found (and Playwright's script set up in its world) before the window, so the click inside it runs no
    // role engine over the page and compiles nothing.
    const runButton = await page.getByRole('button', { name: 'Run audit', exact: true }).elementHandle({ timeout: wait });
    await runButton.scrollIntoViewIfNeeded();
    let summary = '';
    await phase(page, report, `audit, demo server (${era}): Run audit to summary`, async () => {
      await runButton.click();
      summary = await untilText(page, '[role="tabpanel"] [role="status"]', /Done in [\d.]+ s/, wait);
    });
    const seconds = Number(/Done in ([\d.]+) s/.exec(summary)?.[1] ?? Number.NaN);
    const failed = /\b0 fail\b/.test(summary) ? '' : '; some checks failed';
    report(
      `audit, demo server (${era}): audit time`,
      `${seconds.toFixed(1)} s (${summary.replace(/^.*?: /, '').trim()}${failed})`,
      `< ${AUDIT_SECONDS} s, 0 fail`,
      seconds < AUDIT_SECONDS && failed === '',
    );
  }
}
