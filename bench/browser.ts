/** In-page probes the benchmark installs before the app loads: long tasks and click-to-next-frame latency. */
import type { Page } from '@playwright/test';

declare global {
  interface Window {
    __bench: { longTasks: Array<{ start: number; duration: number }>; clicks: Array<{ start: number; latency: number }> };
  }
}

export async function installProbes(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const bench: Window['__bench'] = { longTasks: [], clicks: [] };
    window.__bench = bench;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) bench.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
    // From the input event's timestamp to the first task after the next frame: the click has been handled
    // and its result painted.
    document.addEventListener(
      'click',
      (event) => {
        const start = event.timeStamp;
        requestAnimationFrame(() => setTimeout(() => bench.clicks.push({ start, latency: performance.now() - start }), 0));
      },
      true,
    );
  });
}

export const now = (page: Page) => page.evaluate(() => performance.now());

export async function longTasksBetween(page: Page, from: number, to: number): Promise<number[]> {
  return page.evaluate(
    ([a, b]) => window.__bench.longTasks.filter((task) => task.start >= a! && task.start <= b!).map((task) => task.duration),
    [from, to],
  );
}

export async function clicksBetween(page: Page, from: number, to: number): Promise<number[]> {
  return page.evaluate(
    ([a, b]) => window.__bench.clicks.filter((click) => click.start >= a! && click.start <= b!).map((click) => click.latency),
    [from, to],
  );
}

export const percentile = (values: number[], p: number) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

/** Messages the log holds plus those it says it evicted. */
export async function logAccounted(page: Page): Promise<{ kept: number; evicted: number }> {
  return page.evaluate(() => {
    const log = document.querySelector('[aria-label="Message log"]')!;
    const kept = Number((log.querySelector('.log-count')?.textContent ?? '0').split('/').pop());
    const marker = log.querySelector('.log-marker')?.textContent ?? '';
    const evicted = /^([\d,]+) earlier/.exec(marker)?.[1]?.replaceAll(',', '') ?? '0';
    return { kept, evicted: Number(evicted) };
  });
}

/** Types into Filter messages and waits for the filtered count; ms from the input event to the count shown. */
export async function timeFilter(page: Page, text: string): Promise<number> {
  return page.evaluate(async (value) => {
    const log = document.querySelector('[aria-label="Message log"]')!;
    const input = log.querySelector<HTMLInputElement>('input.log-filter')!;
    const count = log.querySelector('.log-count')!;
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    // From an unfiltered log, so the filtered count ("n/total") always differs from what was shown before,
    // even when two filters match as many entries.
    if (input.value !== '') {
      setter.call(input, '');
      input.dispatchEvent(new Event('input', { bubbles: true }));
      while (count.textContent?.includes('/')) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const before = count.textContent;
    const started = performance.now();
    const shown = new Promise<void>((resolve) => {
      const observer = new MutationObserver(() => {
        if (count.textContent !== before && count.textContent?.includes('/')) {
          observer.disconnect();
          resolve();
        }
      });
      observer.observe(count, { childList: true, characterData: true, subtree: true });
    });
    setter.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    const timedOut = new Promise<never>((_, reject) =>
      setTimeout(
        () =>
          reject(
            new Error(`The filtered count did not appear within 30 s (count shows "${count.textContent}", filter box "${input.value}")`),
          ),
        30_000,
      ),
    );
    await Promise.race([shown, timedOut]);
    return performance.now() - started;
  }, text);
}

/** Selects the tool and fills its arguments, then returns the page time just before Run tool is clicked. */
export async function runTool(page: Page, tool: string, args: unknown): Promise<number> {
  await prepareTool(page, tool, args);
  const started = await now(page);
  await page.getByRole('button', { name: 'Run tool' }).click();
  return started;
}

/** Selects the tool and types its arguments as JSON, ready for Run tool. */
export async function prepareTool(page: Page, tool: string, args: unknown): Promise<void> {
  await page.getByRole('tab', { name: 'Tools' }).click();
  await page.getByRole('button', { name: tool, exact: true }).click();
  await page.getByRole('button', { name: 'JSON', exact: true }).click();
  await page.getByRole('textbox', { name: 'Arguments (JSON)' }).fill(JSON.stringify(args));
  // Loading the tool form (a lazy chunk) is not part of what is measured.
  await page.waitForTimeout(500);
}

export const result = (page: Page) => page.getByRole('region', { name: 'Result' });

/** Shows a feature tab by its name, from the More tabs menu when the row has no room for it at this width. */
export async function showTab(page: Page, name: string): Promise<void> {
  const tab = page.getByRole('tab', { name, exact: true });
  await page.getByRole('tablist', { name: 'MCP features' }).waitFor();
  if ((await tab.count()) === 0) {
    await page.getByRole('button', { name: 'More tabs' }).click();
    await page.getByRole('menuitem', { name, exact: true }).click();
  } else {
    await tab.click();
  }
}

/**
 * Waits in the page for an element matching `selector` whose text matches `pattern`, and returns that text. A
 * MutationObserver looks after each change, so the wait costs the page microseconds. Playwright's own locators
 * poll by running its role and accessible-name engine over the whole document: with a collection's 200 rows in
 * the page, each poll was a 100-180 ms task of its own, which a measured window then counted as the app's.
 */
export async function untilText(page: Page, selector: string, pattern: RegExp, timeoutMs: number): Promise<string> {
  return page.evaluate(
    ([css, source, flags, ms]) =>
      new Promise<string>((resolve, reject) => {
        // No named functions in here: tsx would wrap them in a helper the page does not have.
        const wanted = new RegExp(source, flags);
        const already = Array.from(document.querySelectorAll(css), (element) => element.textContent ?? '').find((text) =>
          wanted.test(text),
        );
        if (already !== undefined) return resolve(already);
        const observer = new MutationObserver(() => {
          const text = Array.from(document.querySelectorAll(css), (element) => element.textContent ?? '').find((candidate) =>
            wanted.test(candidate),
          );
          if (text === undefined) return;
          observer.disconnect();
          clearTimeout(timer);
          resolve(text);
        });
        const timer = setTimeout(() => {
          observer.disconnect();
          reject(new Error(`No ${css} said ${wanted} within ${ms} ms.`));
        }, ms);
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      }),
    [selector, pattern.source, pattern.flags, timeoutMs] as const,
  );
}
