/**
 * Connect time: from Connect to the first tool on screen, against a 2025 server (the flood server) and a
 * 2026-07-28 one (the demo server), with the Protocol pinned and in Auto, and in Auto once the era is
 * remembered. Each case is the median of several connects in a fresh browser context (nothing remembered),
 * except "remembered", which connects again in the context that learnt the era. Requests to the server
 * are counted too: Auto may cost one request over the pinned era, and none once the era is remembered.
 */
import type { Browser, Page } from '@playwright/test';
import type { Report } from './lists.ts';

const ROUNDS = 5;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

type Protocol = 'Auto' | '2026-07-28' | '2025 and older';

interface Connected {
  ms: number;
  requests: number;
}

async function connectOnce(page: Page, appUrl: string, serverUrl: string, protocol: Protocol): Promise<Connected> {
  await page.goto(`${appUrl}?url=${encodeURIComponent(serverUrl)}`);
  const settings = page.getByRole('button', { name: 'Connection settings' });
  if ((await settings.getAttribute('aria-expanded')) !== 'true') await settings.click();
  await page.getByRole('combobox', { name: 'Protocol' }).selectOption({ label: protocol });
  await settings.click();
  const origin = new URL(serverUrl).origin;
  let requests = 0;
  const count = (request: { url(): string }) => {
    if (request.url().startsWith(origin)) requests += 1;
  };
  page.on('request', count);
  const started = Date.now();
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await page.getByRole('list', { name: 'Tools' }).getByRole('listitem').first().waitFor({ timeout: 60_000 });
  const ms = Date.now() - started;
  page.off('request', count);
  await page.getByRole('button', { name: 'Disconnect', exact: true }).click();
  return { ms, requests };
}

async function measure(browser: Browser, appUrl: string, serverUrl: string, protocol: Protocol, remembered = false) {
  const times: number[] = [];
  const requests: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    try {
      const page = await context.newPage();
      // "Remembered": a first connect in this context teaches the app the server's era.
      if (remembered) await connectOnce(page, appUrl, serverUrl, protocol);
      const connected = await connectOnce(page, appUrl, serverUrl, protocol);
      times.push(connected.ms);
      requests.push(connected.requests);
    } finally {
      await context.close();
    }
  }
  return { ms: median(times), requests: median(requests) };
}

export async function benchConnect(browser: Browser, report: Report, appUrl: string, legacyUrl: string, modernUrl: string): Promise<void> {
  for (const [label, url, pinned] of [
    ['2025 server', legacyUrl, '2025 and older'],
    ['2026-07-28 server', modernUrl, '2026-07-28'],
  ] as const) {
    const base = await measure(browser, appUrl, url, pinned);
    const auto = await measure(browser, appUrl, url, 'Auto');
    report(`connect, ${label}, pinned: Connect to tool list`, `${base.ms} ms (${base.requests} requests)`, '(informational)', true);
    report(
      `connect, ${label}, Auto: Connect to tool list`,
      `${auto.ms} ms (${auto.requests} requests; pinned ${base.requests})`,
      'at most one request more than pinned',
      auto.requests <= base.requests + 1,
    );
    if (label === '2025 server') {
      const known = await measure(browser, appUrl, url, 'Auto', true);
      report(
        `connect, ${label}, Auto, era remembered: Connect to tool list`,
        `${known.ms} ms (${known.requests} requests; pinned ${base.requests})`,
        'no request more than pinned',
        known.requests <= base.requests,
      );
    }
  }
}
