/** 50,000 server log messages (notifications/message) in one burst: the Logs tab and the Message log while they land and after. */
import type { Page } from '@playwright/test';
import { phase, scrollThrough, type Report } from './lists.ts';
import { prepareTool, result } from './browser.ts';

const COUNT = 50_000;

export async function benchLogFlood(page: Page, report: Report, floodUrl: string, wait: number): Promise<void> {
  await page.goto(page.url().replace(/\?.*$/, `?url=${encodeURIComponent(floodUrl)}`));
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await page.getByRole('status').filter({ hasText: 'Connected' }).waitFor({ timeout: wait });
  // The tool form loads and fills first: only the messages landing are measured, with the Logs tab showing.
  await prepareTool(page, 'flood', { count: COUNT, perSecond: COUNT });
  await phase(page, report, '50,000 log messages: arrive (Logs tab showing)', async () => {
    await page.getByRole('button', { name: 'Run tool' }).click();
    await page.getByRole('tab', { name: 'Logs' }).click();
    // The Logs tab keeps the newest 2,000; the flood has ended when the call's result says so.
    await page.getByText('2000 messages', { exact: true }).waitFor({ timeout: wait });
    await page.getByRole('tab', { name: 'Tools' }).click();
    await result(page).getByText(`sent ${COUNT}`).waitFor({ timeout: wait });
    await page.getByRole('tab', { name: 'Logs' }).click();
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
