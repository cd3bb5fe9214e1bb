/**
 * Collections (issue 37), in each era: three calls recorded from where they were made (a tool with a snapshot
 * from History, an expected tool error from History, a resource read from the Message log), saved, opened
 * again and run green; the server changed (a note added) so the read fails with its difference, Show in
 * Message log, the new result accepted, green again; and `mcp-lens test` gives the same verdicts for the file
 * as the page against the same server state (in 2025, where each session keeps its own notes, the page
 * connected again).
 * A collection that needs an `${env:…}` and a `${var:…}` runs once the tab is given them.
 */
import { spawnSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import { connect, expect, messageLog, result, runTool, showTab, test, type EraLabel } from './fixtures.ts';
import { DEMO_MCP_URL } from './servers/ports.ts';
import { nameOf, names } from './names.ts';
import { scanBothThemes, shootBothThemes } from './axe.ts';

const ERAS: ReadonlyArray<{ label: EraLabel; cli: string }> = [
  { label: '2025 and older', cli: '2025' },
  { label: '2026-07-28', cli: '2026-07-28' },
];

/** `mcp-lens test` on a file, as CI runs it: the exit code and each step's status from its JSON. */
function cliTest(file: string, era: string): { code: number | null; statuses: string[] } {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'src/node/cli/main.ts', 'test', file, DEMO_MCP_URL, '--era', era, '--json', '-'],
    {
      encoding: 'utf8',
      timeout: 90_000,
    },
  );
  const report = JSON.parse(run.stdout) as { steps: Array<{ status: string }> };
  return { code: run.status, statuses: report.steps.map((step) => step.status) };
}

async function addFromHistory(page: Page, tool: string) {
  await page.getByRole('tab', { name: names.tabs.history }).click();
  const entry = page.getByRole('region', { name: names.history.callHistory }).getByRole('listitem').first();
  await expect(entry).toContainText(tool);
  await entry.getByRole('button', { name: names.collections.add }).click();
  await expect(entry.getByRole('button', { name: names.collections.add })).toContainText('Added as step');
}

async function runCollection(page: Page) {
  await page.getByRole('button', { name: names.collections.run }).click();
  // The status says "Step n of 3…" while it runs, then the counts.
  await expect(page.getByRole('status').filter({ hasText: / of 3 against / })).not.toContainText('…', { timeout: 60_000 });
}

const step = (page: Page, n: number, name: string) =>
  page.getByRole('list', { name: names.collections.steps }).getByRole('listitem', { name: nameOf.collectionStep(n, name) });

async function save(page: Page, path: string) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: names.collections.save }).click()]);
  expect(download.suggestedFilename()).toMatch(/^mcp-lens-collection-.+-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.json$/);
  await download.saveAs(path);
}

for (const era of ERAS) {
  test(`records three calls into a collection, runs it green, fails on a changed result, accepts it, and mcp-lens test agrees (${era.label})`, async ({
    page,
  }, testInfo) => {
    await connect(page, DEMO_MCP_URL, { era: era.label });

    await runTool(page, 'echo', { args: { message: 'collected' } });
    await expect(result(page)).toContainText('collected');
    await addFromHistory(page, 'echo');
    await runTool(page, 'always-fails', { args: {} });
    await expect(result(page)).toBeVisible();
    await addFromHistory(page, 'always-fails');

    await page.getByRole('tab', { name: names.tabs.resources }).click();
    await page.getByRole('list', { name: names.tabs.resources }).getByRole('button', { name: 'notes', exact: true }).click();
    await expect(page.getByRole('region', { name: 'Resource contents' })).toBeVisible();
    const log = messageLog(page);
    await log.getByRole('combobox', { name: names.log.direction }).selectOption({ label: '→ Sent' });
    await log.getByRole('textbox', { name: names.log.method }).fill('resources/read');
    await log.getByRole('listitem').first().getByRole('button').first().click();
    const detail = log.getByRole('region', { name: names.log.selected });
    await detail.getByRole('button', { name: names.collections.add }).click();
    await expect(detail.getByRole('button', { name: names.collections.add })).toContainText('Added as step 3');
    await log.getByRole('textbox', { name: names.log.method }).fill('');
    await log.getByRole('combobox', { name: names.log.direction }).selectOption({ label: 'Both ways' });

    await page.getByRole('tab', { name: names.tabs.collections }).click();
    const steps = page.getByRole('list', { name: names.collections.steps });
    await expect(steps.getByRole('listitem')).toHaveCount(3);
    await expect(page.getByText('unsaved changes')).toBeVisible();
    const first = testInfo.outputPath('first.json');
    await save(page, first);
    await expect(page.getByText('unsaved changes')).toHaveCount(0);

    // Reopened from the file it was saved to: in one era from the tab, in the other from the toolbar's Open,
    // which tells a collection by its first bytes and opens it here, beside the live connection.
    await page.getByRole('button', { name: names.collections.close }).click();
    await expect(steps).toHaveCount(0);
    if (era.cli === '2025') await page.getByLabel(names.collections.fileToOpen).setInputFiles(first);
    else {
      await page.getByRole('tab', { name: names.tabs.tools }).click();
      await page.getByLabel('Session file to open').setInputFiles(first);
      await expect(page.getByRole('tab', { name: names.tabs.collections })).toHaveAttribute('aria-selected', 'true');
    }
    await expect(steps.getByRole('listitem')).toHaveCount(3);
    await expect(page.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible();

    await runCollection(page);
    await expect(page.getByRole('status').filter({ hasText: 'all passed' })).toContainText('3 passed of 3');
    expect(cliTest(first, era.cli)).toEqual({ code: 0, statuses: ['pass', 'pass', 'pass'] });

    // The server changes: a note makes the notes resource read differently.
    await runTool(page, 'add-note', { args: { text: `changed in ${era.cli}` } });
    await expect(result(page)).toContainText('Saved note');
    await page.getByRole('tab', { name: names.tabs.collections }).click();
    await runCollection(page);
    const read = step(page, 3, 'resources/read demo://notes');
    await expect(read.getByLabel(nameOf.stepVerdict('FAIL'))).toBeVisible();
    await expect(step(page, 1, 'tools/call echo').getByLabel(nameOf.stepVerdict('pass'))).toBeVisible();
    const diff = read.getByRole('region', { name: nameOf.stepDifference(3) });
    await expect(diff).toContainText('/contents/0/text');
    await expect(diff).toContainText(`changed in ${era.cli}`);
    if (era.cli === '2026-07-28') {
      // 2026-07-28 clients share the demo's notes, so the headless run sees the change too: the same verdicts.
      expect(cliTest(first, era.cli)).toEqual({ code: 1, statuses: ['pass', 'pass', 'fail'] });
    }

    await read.getByRole('button', { name: nameOf.showStepInLog(3) }).click();
    await expect(log.getByRole('region', { name: names.log.selected })).toContainText(`changed in ${era.cli}`);
    // Its request is marked as the step's.
    await log.getByRole('region', { name: names.log.selected }).getByRole('button', { name: 'Show request' }).click();
    await expect(log.getByRole('region', { name: names.log.selected })).toContainText('collection step 3');

    await read.getByRole('button', { name: nameOf.acceptStepResult(3) }).click();
    await expect(page.getByText('unsaved changes')).toBeVisible();
    await runCollection(page);
    await expect(page.getByRole('status').filter({ hasText: 'all passed' })).toContainText('3 passed of 3');
    const accepted = testInfo.outputPath('accepted.json');
    await save(page, accepted);
    if (era.cli === '2026-07-28') expect(cliTest(accepted, era.cli)).toEqual({ code: 0, statuses: ['pass', 'pass', 'pass'] });
    else {
      // A 2025 session keeps its own notes: the headless run is a new session, without the note this page
      // added, so its read fails. The page, connected again (a new session too), says the same of the same file.
      expect(cliTest(accepted, era.cli)).toEqual({ code: 1, statuses: ['pass', 'pass', 'fail'] });
      await page.getByRole('button', { name: names.connection.disconnect }).click();
      await page.getByRole('button', { name: names.connection.connect, exact: true }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible({ timeout: 30_000 });
      await page.getByRole('tab', { name: names.tabs.collections }).click();
      await runCollection(page);
      await expect(step(page, 1, 'tools/call echo').getByLabel(nameOf.stepVerdict('pass'))).toBeVisible();
      await expect(step(page, 3, 'resources/read demo://notes').getByLabel(nameOf.stepVerdict('FAIL'))).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: / of 3 against / })).toContainText('1 failed');
    }
  });
}

test('a file that is not a collection is refused with what is wrong, and the app keeps working', async ({ page }, testInfo) => {
  await connect(page, DEMO_MCP_URL);
  await page.getByRole('tab', { name: names.tabs.collections }).click();
  const bad = testInfo.outputPath('bad.json');
  const { writeFileSync } = await import('node:fs');
  writeFileSync(bad, JSON.stringify({ format: 'mcp-lens-collection', version: 1, name: 'x', steps: [{ name: 'no request' }] }));
  await page.getByLabel(names.collections.fileToOpen).setInputFiles(bad);
  await expect(page.getByRole('alert')).toContainText('bad.json is not a collection MCP Lens can open: /steps/0');
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await page.getByRole('tab', { name: names.tabs.tools }).click();
  await runTool(page, 'echo', { args: { message: 'still here' } });
  await expect(result(page)).toContainText('still here');
});

test('a run with a failed step and its difference meets WCAG 2.2 AA, in the light and the dark theme', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  await connect(page, DEMO_MCP_URL);
  await page.getByRole('tab', { name: names.tabs.collections }).click();
  const file = testInfo.outputPath('stale.collection.json');
  const { writeFileSync } = await import('node:fs');
  const echo = (text: string) => ({ content: [{ type: 'text', text }], isError: false });
  writeFileSync(
    file,
    JSON.stringify({
      format: 'mcp-lens-collection',
      version: 1,
      name: 'stale',
      steps: [
        {
          name: 'echo now',
          request: { method: 'tools/call', params: { name: 'echo', arguments: { message: 'now' } } },
          expect: { snapshot: { value: echo('now') } },
        },
        {
          name: 'echo then',
          request: { method: 'tools/call', params: { name: 'echo', arguments: { message: 'now' } } },
          expect: { snapshot: { value: echo('then') } },
        },
      ],
    }),
  );
  await page.getByLabel(names.collections.fileToOpen).setInputFiles(file);
  await page.getByRole('button', { name: names.collections.run }).click();
  await expect(page.getByRole('region', { name: nameOf.stepDifference(2) })).toContainText('"then"');
  await page.getByText('Edit step 2').click();
  expect(await scanBothThemes(page, 'collections', ['[role="tabpanel"]'])).toEqual([]);
});

test('a collection that needs variables runs once the tab is given them, the env value hidden', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  await connect(page, DEMO_MCP_URL);
  await page.getByRole('tab', { name: names.tabs.collections }).click();
  const file = testInfo.outputPath('vars.collection.json');
  const { writeFileSync } = await import('node:fs');
  writeFileSync(
    file,
    JSON.stringify({
      format: 'mcp-lens-collection',
      version: 1,
      name: 'needs variables',
      variables: {
        TOKEN: { from: 'env', description: 'An API token for the demo' },
        WHO: { from: 'var', description: 'Who holds it' },
        CITY: { from: 'var', default: 'Paris' },
      },
      steps: [
        {
          name: 'echo the token',
          request: {
            method: 'tools/call',
            params: { name: 'echo', arguments: { message: '${var:WHO} holds ${env:TOKEN} in ${var:CITY}' } },
          },
          changesThings: true,
          expect: { assert: [{ pointer: '/content/0/text', contains: 'Ada holds t0ken-e2e in Paris' }] },
        },
      ],
    }),
  );
  await page.getByLabel(names.collections.fileToOpen).setInputFiles(file);
  const variables = page.getByRole('group', { name: names.collections.variables });
  const run = page.getByRole('button', { name: names.collections.run });
  await expect(run).toBeDisabled();
  await expect(page.getByText('Give a value for ${var:WHO} and ${env:TOKEN} to run.')).toBeVisible();
  await expect(variables.getByRole('textbox', { name: '${var:CITY}' })).toHaveAttribute('placeholder', 'Paris');
  await shootBothThemes(page, testInfo, 'collection-variables-missing');

  const token = variables.getByLabel('${env:TOKEN}', { exact: true });
  await expect(token).toHaveAttribute('type', 'password');
  await token.fill('t0ken-e2e');
  await variables.getByRole('textbox', { name: '${var:WHO}' }).fill('Ada');
  await variables.getByRole('button', { name: nameOf.showVariable('${env:TOKEN}') }).press('Enter');
  await expect(token).toHaveAttribute('type', 'text');
  await variables.getByRole('button', { name: nameOf.showVariable('${env:TOKEN}') }).click();
  await expect(token).toHaveAttribute('type', 'password');

  await expect(run).toBeEnabled();
  await run.click();
  await expect(page.getByRole('status').filter({ hasText: 'all passed' })).toContainText('1 passed of 1');
  // Off the Run button: a hovered primary button is another colour, and this looks at the tab at rest.
  await page.mouse.move(0, 0);
  await shootBothThemes(page, testInfo, 'collection-variables');
  expect(await scanBothThemes(page, 'collection variables', ['[role="tabpanel"]'])).toEqual([]);
});

test("closing a collection with unsaved changes asks first, and starts on Keep editing; so do the toolbar's Open and a dropped file", async ({
  page,
}) => {
  await connect(page, DEMO_MCP_URL);
  await runTool(page, 'echo', { args: { message: 'kept' } });
  await expect(result(page)).toContainText('kept');
  await addFromHistory(page, 'echo');
  await page.getByRole('tab', { name: names.tabs.collections }).click();
  const steps = page.getByRole('list', { name: names.collections.steps });
  await expect(steps.getByRole('listitem')).toHaveCount(1);

  await page.getByRole('button', { name: names.collections.close }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Discard the unsaved changes');
  await expect(dialog.getByRole('button', { name: names.collections.keepEditing })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(steps.getByRole('listitem')).toHaveCount(1);

  await page.getByRole('button', { name: names.collections.close }).click();
  await page.keyboard.press('Escape');
  await expect(steps.getByRole('listitem')).toHaveCount(1);

  // The toolbar's Open with a collection file asks the same way, and Keep editing keeps the edits.
  const collectionFile = (name: string) =>
    JSON.stringify({ format: 'mcp-lens-collection', version: 1, name, steps: [{ name: 'ping', request: { method: 'ping' } }] });
  const nameBox = page.getByRole('textbox', { name: names.collections.name });
  const before = await nameBox.inputValue();
  await page
    .getByLabel('Session file to open')
    .setInputFiles({ name: 'other.collection.json', mimeType: 'application/json', buffer: Buffer.from(collectionFile('Other')) });
  await expect(dialog).toContainText('Discard the unsaved changes');
  await expect(dialog).toContainText('Save collection first');
  await expect(dialog.getByRole('button', { name: names.collections.keepEditing })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(nameBox).toHaveValue(before);
  await expect(steps.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByText('unsaved changes', { exact: true })).toBeVisible();

  // A collection dropped on the Contract tab asks too; Discard and open the file opens it.
  await showTab(page, names.tabs.contract);
  const transfer = await page.evaluateHandle((text) => {
    const data = new DataTransfer();
    data.items.add(new File([text], 'dropped.collection.json', { type: 'application/json' }));
    return data;
  }, collectionFile('Dropped'));
  await page
    .getByRole('tabpanel')
    .getByText(/contract/)
    .first()
    .dispatchEvent('drop', { dataTransfer: transfer });
  await page.getByRole('dialog').getByRole('button', { name: 'Discard and open the file' }).click();
  await showTab(page, names.tabs.collections);
  await expect(nameBox).toHaveValue('Dropped');
  await expect(page.getByText('unsaved changes', { exact: true })).toHaveCount(0);

  await nameBox.fill('Dropped, renamed');
  await page.getByRole('button', { name: names.collections.close }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Discard and close collection' }).click();
  await expect(steps).toHaveCount(0);
});
