/**
 * A collection of 200 steps run from the Collections tab against the demo server (issue 37): the longest
 * main-thread task from Run collection to the summary (≤ 200 ms, from a Chromium trace as the other steps),
 * and that every step passed. The steps alternate a tool call with a snapshot and a resource read.
 */
import type { Page } from '@playwright/test';
import type { Collection } from '../src/shared/collection/format.ts';
import { writeCollection } from '../src/shared/collection/write.ts';
import { showTab, untilText } from './browser.ts';
import { phase, type Report } from './lists.ts';

const STEPS = 200;

function collection(): Collection {
  return {
    format: 'mcp-lens-collection',
    version: 1,
    name: 'bench 200 steps',
    steps: Array.from({ length: STEPS }, (_, index) =>
      index % 2 === 0
        ? {
            name: `echo ${index}`,
            request: { method: 'tools/call', params: { name: 'echo', arguments: { message: `step ${index}` } } },
            expect: { snapshot: { value: { content: [{ type: 'text', text: `step ${index}` }], isError: false } } },
          }
        : {
            name: `read ${index}`,
            request: { method: 'resources/read', params: { uri: 'demo://docs/readme' } },
            expect: { assert: [{ pointer: '/contents/0/uri', equals: 'demo://docs/readme' }] },
          },
    ),
  };
}

export async function benchCollections(page: Page, report: Report, appUrl: string, demoUrl: string, wait: number): Promise<void> {
  await page.goto(`${appUrl}?url=${encodeURIComponent(demoUrl)}`);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await page.getByRole('status').filter({ hasText: 'Connected' }).waitFor({ timeout: wait });
  await showTab(page, 'Collections');
  await page.getByLabel('Collection file to open').setInputFiles({
    name: 'bench.collection.json',
    mimeType: 'application/json',
    buffer: Buffer.from(writeCollection(collection())),
  });
  await page
    .getByRole('list', { name: 'Collection steps' })
    .getByRole('listitem')
    .nth(STEPS - 1)
    .waitFor({ timeout: wait });
  // Found (and Playwright's script set up in its world) before the window, so the click inside it runs no
  // role engine over the page and compiles nothing.
  const runButton = await page.getByRole('button', { name: 'Run collection', exact: true }).elementHandle({ timeout: wait });
  await runButton.scrollIntoViewIfNeeded();
  let summary = '';
  const started = Date.now();
  await phase(page, report, `collection ${STEPS} steps: Run collection to summary`, async () => {
    await runButton.click();
    summary = (await untilText(page, '[role="tabpanel"] [role="status"]', new RegExp(`of ${STEPS} against [^…]*$`), wait)).trim();
  });
  const elapsed = Date.now() - started;
  const green = summary.includes(`${STEPS} passed of ${STEPS}`);
  report(`collection ${STEPS} steps: run`, `${(elapsed / 1000).toFixed(1)} s (${summary})`, 'every step passes', green);
}
