/**
 * Long lists and floods, phase by phase: the longest main-thread task while a 10,000-tool list arrives and
 * renders, is scrolled, searched and a tool selected; a server whose cursor never ends; 50,000 log messages.
 * Each phase is timed on its own, so a slow one names itself.
 */
import type { Page } from '@playwright/test';
import { longTasksBetween, now } from './browser.ts';
import { longestTracedTask } from './trace.ts';

export type Report = (figure: string, value: string, target: string, ok: boolean) => void;

const LONGEST_TASK_MS = 200;
const ms = (value: number) => `${value.toFixed(0)} ms`;

/**
 * Runs `act`, lets the page settle, and reports the longest main-thread task from start to settled: from a
 * performance trace (every task; wall and CPU time), and how many the Long Tasks API saw (those over 50 ms).
 */
export async function phase(page: Page, report: Report, figure: string, act: () => Promise<void>): Promise<void> {
  const from = await now(page);
  const longest = await longestTracedTask(page, figure, async () => {
    await act();
    // Work scheduled just after the awaited state (a deferred render, the next animation frame) belongs to it too.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 300))));
  });
  const over50 = await longTasksBetween(page, from, await now(page));
  // The target is on wall time; the CPU time says how much of it was the page's own work on a loaded machine.
  report(
    `${figure}: longest task`,
    `${ms(longest.wallMs)} (CPU ${ms(longest.cpuMs)}; ${over50.length} over 50 ms)`,
    `≤ ${LONGEST_TASK_MS} ms`,
    longest.wallMs <= LONGEST_TASK_MS,
  );
}

/** Jumps a scroller through its height 40 times, a frame each, as a person dragging the scrollbar would. */
export async function scrollThrough(page: Page, selector: string): Promise<void> {
  await page.evaluate(async (css) => {
    const scroller = document.querySelector(css);
    if (!scroller) throw new Error(`Nothing matches ${css}`);
    for (let step = 0; step < 40; step += 1) {
      scroller.scrollTop = (scroller.scrollHeight * ((step * 37) % 40)) / 40;
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    }
  }, selector);
}

const TOOLS_SCROLLER = '.split-list-pane .windowed-list-scroller';

export async function benchHugeTools(page: Page, report: Report, serverUrl: string, wait: number): Promise<void> {
  await page.goto(page.url().replace(/\?.*$/, `?url=${encodeURIComponent(serverUrl)}`));
  const tools = page.getByRole('list', { name: 'Tools' });
  await phase(page, report, '10,000 tools: tools/list to list rendered', async () => {
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await page.getByText('10000 tools').waitFor({ timeout: wait });
    await tools.getByRole('listitem').first().waitFor();
  });
  const rendered = await tools.getByRole('listitem').count();
  report('10,000 tools: rows in the page', String(rendered), '< 100 (windowed)', rendered < 100);
  await phase(page, report, '10,000 tools: scrolling (40 jumps)', () => scrollThrough(page, TOOLS_SCROLLER));
  const search = page.getByRole('searchbox', { name: 'Search tools' });
  await phase(page, report, '10,000 tools: search "tool-9999"', async () => {
    await search.pressSequentially('tool-9999');
    await page.getByRole('status').filter({ hasText: '1 of 10000' }).waitFor({ timeout: wait });
  });
  await phase(page, report, '10,000 tools: select a tool', async () => {
    await tools.getByRole('button', { name: 'tool-9999', exact: true }).click();
    await page.getByRole('button', { name: 'Run tool' }).waitFor({ timeout: wait });
  });
  await phase(page, report, '10,000 tools: clear the search', async () => {
    await search.fill('');
    await page.getByRole('status').filter({ hasText: '1 of 10000' }).waitFor({ state: 'detached', timeout: wait });
  });
  await page.getByRole('button', { name: 'Disconnect', exact: true }).click();
}

export async function benchEndlessCursor(page: Page, report: Report, serverUrl: string, wait: number): Promise<void> {
  await page.goto(page.url().replace(/\?.*$/, `?url=${encodeURIComponent(serverUrl)}`));
  const loadMore = page.getByRole('button', { name: 'Load more', exact: true });
  await phase(page, report, 'endless cursor: connect to "stopped after" shown', async () => {
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await loadMore.waitFor({ timeout: wait });
  });
  for (const round of [1, 2, 3]) {
    await phase(page, report, `endless cursor: Load more (${round})`, async () => {
      await loadMore.click();
      await page.getByText(`${(round + 1) * 40} tools`).waitFor({ timeout: wait });
      await loadMore.waitFor({ timeout: wait });
    });
  }
  await page.getByRole('button', { name: 'Disconnect', exact: true }).click();
}
