/**
 * Contracts in the app (issue 37): the Contract tab saves the demo server's contract snapshot, compares the
 * server with an edited copy of it (from the tab's file button and through Open session) and names the
 * breaking change with its pointer, refuses a file that is not a snapshot, and compares two open
 * connections (the demo in 2025 beside the demo in 2026-07-28), either way round.
 */
import { readFile, writeFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { scanBothThemes, shootBothThemes } from './axe.ts';
import { chooseEra, connect, expect as baseExpect, openServerDetails, test, showTab } from './fixtures.ts';
import { names, nameOf } from './names.ts';
import { DEMO_MCP_URL } from './servers/ports.ts';

// A snapshot is a connect's worth of round trips through a worker: seconds on two loaded cores.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 120_000 });

const tabPanel = (page: Page) => page.getByRole('tabpanel');
const comparison = (page: Page) => page.getByRole('region', { name: names.contract.comparison });
const group = (page: Page, label: 'Breaking' | 'Risky' | 'Safe' | 'Info', count: number) =>
  page.getByRole('region', { name: names.contract.changes }).getByRole('region', { name: nameOf.contractGroup(label, count) });

async function openContractTab(page: Page): Promise<void> {
  await showTab(page, names.tabs.contract);
  await expect(page.getByRole('button', { name: names.contract.save })).toBeEnabled();
}

test('saves the demo server’s contract, compares the server with an edited copy and names the breaking change by its pointer', async ({
  page,
}, testInfo) => {
  await connect(page, DEMO_MCP_URL, { era: '2025 and older' });
  await openContractTab(page);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: names.contract.save }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^mcp-lens-contract-.+-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.json$/);
  await expect(tabPanel(page).getByRole('status').first()).toContainText(`Saved ${download.suggestedFilename()}.`);
  const savedPath = testInfo.outputPath('contract.json');
  await download.saveAs(savedPath);
  const saved = JSON.parse(await readFile(savedPath, 'utf8')) as {
    format: string;
    era: string;
    tools: Record<string, { inputSchema: Record<string, unknown>; annotations?: Record<string, boolean> }>;
  };
  expect(saved).toMatchObject({ format: 'mcp-lens-contract', version: 1, era: 'legacy', server: { name: 'mcp-lens-demo' } });
  expect(Object.keys(saved.tools)).toContain('echo');

  // The copy is what the server "used to be": a tool it no longer has and a read-only tool that now writes.
  saved.tools['retired-tool'] = { inputSchema: { type: 'object' } };
  saved.tools['clear-notes']!.annotations = { readOnlyHint: true };
  const editedPath = testInfo.outputPath('old-contract.json');
  await writeFile(editedPath, JSON.stringify(saved, null, 2));
  await page.getByLabel(names.contract.fileToCompare).setInputFiles(editedPath);

  // The baseline is the file; the connection on screen is compared with it.
  await expect(comparison(page).getByRole('definition').first()).toContainText('old-contract.json (file: mcp-lens-demo');
  const breaking = group(page, 'Breaking', 2);
  await expect(breaking).toContainText('/tools/retired-tool');
  await expect(breaking).toContainText('Tool "retired-tool" is gone: clients that use it fail.');
  await expect(breaking).toContainText('/tools/clear-notes/annotations/readOnlyHint');
  await expect(comparison(page)).toContainText(/2 breaking, 0 risky, \d+ safe, \d+ info/);

  // Only the breaking ones, by keyboard, then everything again.
  const filters = page.getByRole('group', { name: names.contract.show });
  const breakingFilter = filters.getByRole('button', { name: /Breaking/ });
  await breakingFilter.focus();
  await page.keyboard.press('Enter');
  await expect(breakingFilter).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('region', { name: names.contract.changes }).getByRole('region')).toHaveCount(1);
  await page.keyboard.press('Space');
  await expect(breakingFilter).toHaveAttribute('aria-pressed', 'false');

  // Copy as text says what mcp-lens diff prints.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: names.contract.copyText }).click();
  await expect
    .poll(() => page.evaluate(() => navigator.clipboard.readText()))
    .toContain('  /tools/retired-tool  Tool "retired-tool" is gone: clients that use it fail.  [tool-removed]');

  // A file that is not a snapshot is refused in words; the comparison stays.
  const notSnapshot = testInfo.outputPath('notes.json');
  await writeFile(notSnapshot, '{"format":"mcp-lens-session","version":2}');
  await page.getByLabel(names.contract.fileToCompare).setInputFiles(notSnapshot);
  await expect(page.getByRole('alert')).toContainText('notes.json is not a contract snapshot (no "format": "mcp-lens-contract").');
  await expect(group(page, 'Breaking', 2)).toBeVisible();

  // A snapshot dropped on the tab is compared too (through its FileKind, as Open session does).
  const minimal = JSON.stringify({ ...saved, tools: { echo: saved.tools.echo } });
  const dropped = await page.evaluateHandle((text) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([text], 'echo-only.json', { type: 'application/json' }));
    return transfer;
  }, minimal);
  await page.locator('.contract-view').dispatchEvent('drop', { dataTransfer: dropped });
  await expect(comparison(page).getByRole('definition').first()).toContainText('echo-only.json');
  // Every tool but echo (and the retired one, which the file no longer has) is new to the file's clients.
  await expect(group(page, 'Safe', Object.keys(saved.tools).length - 2)).toBeVisible();

  // Open session takes a contract snapshot too: the connection on screen compares with it, no new connection.
  await page.getByRole('tab', { name: names.tabs.tools }).click();
  await page.getByLabel('Session file to open').setInputFiles(editedPath);
  await expect(page.getByRole('tab', { name: names.tabs.contract })).toHaveAttribute('aria-selected', 'true');
  await expect(group(page, 'Breaking', 2)).toBeVisible();
  await expect(page.getByRole('navigation', { name: names.workspace.connections })).toHaveCount(0);

  // Look at it: the comparison with its breaking changes, light and dark, and no WCAG 2.2 AA violation in either.
  await page.setViewportSize({ width: 1280, height: 720 });
  await shootBothThemes(page, testInfo, 'contract');
  expect(await scanBothThemes(page, 'Contract tab with a comparison', ['[role="tabpanel"]'])).toEqual([]);
});

test('compares two open connections, the other one the baseline, and either way round', async ({ page }) => {
  await connect(page, DEMO_MCP_URL, { era: '2025 and older' });
  await page.getByRole('button', { name: names.workspace.addConnection }).click();
  await page.getByRole('textbox', { name: names.connection.serverUrl }).fill(DEMO_MCP_URL);
  await chooseEra(page, '2026-07-28');
  await page.getByRole('button', { name: names.connection.connect, exact: true }).click();
  await expect(
    page.getByRole('navigation', { name: names.workspace.connections }).getByRole('button', { name: /, connected$/ }),
  ).toHaveCount(2);
  await openContractTab(page);

  const peer = page.getByRole('combobox', { name: names.contract.peer });
  await expect(peer.getByRole('option')).toHaveCount(1);
  await page.getByRole('button', { name: names.contract.compare, exact: true }).click();
  // The demo offers deploy-preview only in 2026-07-28.
  await expect(group(page, 'Safe', 1)).toContainText('/tools/deploy-preview');
  await expect(comparison(page).getByRole('definition').first()).toContainText('legacy 2025-11-25');
  await expect(comparison(page).getByRole('definition').last()).toContainText('modern 2026-07-28');
  await expect(comparison(page)).toContainText('0 breaking');

  await page.getByRole('button', { name: names.contract.swap }).click();
  await expect(group(page, 'Breaking', 1)).toContainText('Tool "deploy-preview" is gone: clients that use it fail.');

  // By keyboard from the command palette: the other connection is the baseline again.
  await page.keyboard.press('Control+k');
  await page.keyboard.type('Compare contract with MCP');
  const palette = page.getByRole('dialog', { name: names.palette.dialog });
  await expect(palette.getByRole('option', { selected: true })).toContainText('Compare contract with MCP Lens Demo Server');
  await page.keyboard.press('Enter');
  await expect(palette).toHaveCount(0);
  await expect(group(page, 'Safe', 1)).toContainText('/tools/deploy-preview');
  await expect(comparison(page).getByRole('definition').first()).toContainText('legacy 2025-11-25');

  // The server card leads to the tab too.
  await page.getByRole('tab', { name: names.tabs.tools }).click();
  await openServerDetails(page);
  await page.getByRole('button', { name: names.contract.compareFromServer }).click();
  await expect(page.getByRole('tab', { name: names.tabs.contract })).toHaveAttribute('aria-selected', 'true');
});
