/** 50,000 server log messages (notifications/message) in one burst: the Logs tab and the Message log while they land and after. */
import type { Page } from '@playwright/test';
import { phase, scrollThrough, type Report } from './lists.ts';
import { result, runTool } from './browser.ts';

const COUNT = 50_000;

export async function benchLogFlood(page: Page, report: Report, floodUrl: string, wait: number): Promise<void> {
  await page.goto(page.url().replace(/\?.*$/, `?url=${encodeURIComponent(floodUrl)}`));
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await page.getByRole('status').filter({ hasText: 'Connected' }).waitFor({ timeout: wait });
  await page.getByRole('tab', { name: 'Logs' }).click();
  await phase(page, report, '50,000 log messages: arrive (Logs tab showing)', async () => {
    await runTool(page, 'flood', { count: COUNT, perSecond: COUNT });
    await result(page).getByText(`sent ${COUNT}`).waitFor({ timeout: wait });
    await page.getByRole('tab', { name: 'Logs' }).click();
    await page
      .getByText(/^\d+ messages$/)
      .filter({ hasText: /^(2000|50000) messages$/ })
      .waitFor({ timeout: wait });
  });
  await phase(page, report, '50,000 log messages: filter by level', async () => {
    await page.getByLabel('Show at least').selectOption('warning');
    await page.getByText('No messages at warning or above.').waitFor({ timeout: wait });
    await page.getByLabel('Show at least').selectOption('debug');
  });
  await phase(page, report, '50,000 log messages: scroll the Message log (40 jumps)', () =>
    scrollThrough(page, '[aria-label="Message log"] .log-scroller'),
  );
  await phase(page, report, '50,000 log messages: filter the Message log', async () => {
    await page.getByRole('textbox', { name: 'Filter messages' }).fill('flood 4999');
    await page.getByRole('region', { name: 'Message log' }).locator('.log-count').filter({ hasText: '/' }).waitFor({ timeout: wait });
    await page.getByRole('textbox', { name: 'Filter messages' }).fill('');
  });
  await page.getByRole('button', { name: 'Disconnect', exact: true }).click();
}
