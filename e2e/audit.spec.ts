/**
 * "Audit this server" (issue 23), as a person uses it: the Audit tab against the demo server in both eras,
 * a broken server's failures with links to their exchanges, cancelling, the report as a file opened again,
 * and demo mode.
 */
import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { connect, expect as baseExpect, messageLog, openApp, test, showTab } from './fixtures.ts';
import { APP_URL, brokenAuditUrl, DEMO_MCP_URL } from './servers/ports.ts';
import { names, nameOf } from './names.ts';

// A run is a few dozen round trips through a worker: on two loaded cores that is seconds, not a failure.
const expect = baseExpect.configure({ timeout: 30_000 });
// Each test connects and runs a whole audit (some twice, or with a file between): minutes when the machine is busy.
test.describe.configure({ timeout: 180_000 });

const results = (page: Page) => page.getByRole('list', { name: names.audit.results });
const auditStatus = (page: Page) => page.getByRole('tabpanel').getByRole('status');

async function runAudit(page: Page): Promise<void> {
  await showTab(page, names.tabs.audit);
  await page.getByRole('button', { name: names.audit.run }).click();
  await expect(auditStatus(page)).toContainText(/Done in [\d.]+ s: \d+ checks: \d+ pass/);
}

for (const era of ['2025 and older', '2026-07-28'] as const) {
  test(`audits the demo server (${era}): every check that applies passes, each citing its spec section`, async ({ page }) => {
    await connect(page, DEMO_MCP_URL, { era });
    await runAudit(page);
    await expect(auditStatus(page)).toContainText(' 0 fail');
    const rows = results(page)
      .getByRole('listitem')
      .filter({ has: page.locator('.audit-row-head') });
    await expect(rows.first()).toBeVisible();
    expect(await results(page).locator('.audit-row-fail').count()).toBe(0);
    // Not applicable says why: tool-calls, since nothing was ticked.
    const toolCalls = results(page).getByRole('listitem', { name: nameOf.auditRow('tool-calls', 'not-applicable') });
    await expect(toolCalls).toContainText('No tool was named');
    const revision = era === '2026-07-28' ? '2026-07-28' : '2025-11-25';
    const tools = results(page).getByRole('listitem', { name: nameOf.auditRow('tools-list', 'pass') });
    await expect(tools.getByRole('link', { name: new RegExp(`^${revision} · server/tools`) })).toHaveAttribute(
      'href',
      new RegExp(`^https://modelcontextprotocol\\.io/specification/${revision}/server/tools`),
    );
  });
}

test('names a broken server’s failure and links it to its exchange in the Message log and the HTTP view', async ({ page }, testInfo) => {
  await connect(page, brokenAuditUrl('wrong-error-code'));
  await runAudit(page);
  await expect(auditStatus(page)).toContainText(' 1 fail');
  // Failures first: the failing check is the first row.
  const failing = results(page).getByRole('listitem', { name: nameOf.auditRow('unknown-method', 'fail') });
  await expect(results(page).locator('.audit-row').first()).toHaveAttribute('aria-label', nameOf.auditRow('unknown-method', 'fail'));
  await expect(failing).toContainText('Fail');
  await expect(failing).toContainText('-32600');

  // Only the failures, then everything again.
  await page.getByRole('group', { name: names.audit.showVerdicts }).getByRole('button', { name: names.audit.fail }).click();
  await expect(results(page).locator('.audit-row')).toHaveCount(1);
  await page.getByRole('group', { name: names.audit.showVerdicts }).getByRole('button', { name: names.audit.fail }).click();

  await failing.getByText(names.audit.exchanges).click();
  await expect(failing).toContainText('"code": -32600');
  await failing.getByRole('button', { name: nameOf.showInLog('mcp-lens/audit-no-such-method') }).click();
  await expect(page.getByRole('region', { name: names.log.selected })).toContainText('-32600');
  await failing.getByRole('button', { name: nameOf.showInHttp('mcp-lens/audit-no-such-method') }).click();
  const exchange = page.getByRole('region', { name: 'Selected HTTP exchange' });
  await expect(exchange).toContainText('POST');
  await expect(exchange).toContainText('audit-no-such-method');

  // The lifecycle's DELETE has no JSON-RPC message: its row shows what went over HTTP, and says why.
  const lifecycle = results(page).getByRole('listitem', { name: nameOf.auditRow('server-session-lifecycle', 'pass') });
  await lifecycle.getByText(names.audit.exchanges).click();
  await expect(lifecycle).toContainText('A raw HTTP probe the audit sent beside the session, with no JSON-RPC message');
  await expect(lifecycle).toContainText(/DELETE http:\/\/127\.0\.0\.1:\d+\/wrong-error-code\/mcp/);
  await expect(lifecycle).not.toContainText('Not in the log any more');
  await lifecycle.getByText(/^DELETE http/).scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('audit-plain-http.png'), animations: 'disabled', caret: 'hide' });
});

test('cancels a run mid-way: the checks that finished stay, and the run says it was cancelled', async ({ page }) => {
  // A saved request for the slow tool: the audit calls a ticked tool with the person's saved arguments.
  await page.addInitScript(
    (server) =>
      localStorage.setItem(
        'mcp-lens.saved-requests',
        JSON.stringify([
          { id: 'slow', name: 'slow run', tool: 'long-running-task', arguments: { steps: 20, stepMs: 3000 }, server, savedAt: 0 },
        ]),
      ),
    DEMO_MCP_URL,
  );
  await connect(page, DEMO_MCP_URL, { era: '2025 and older' });
  await showTab(page, names.tabs.audit);
  await page.locator('summary').filter({ hasText: names.audit.toolsToCall }).click();
  await page.getByRole('list', { name: names.audit.toolList }).getByRole('checkbox', { name: 'long-running-task' }).check();
  await page.getByRole('button', { name: names.audit.run }).click();
  await expect(page.getByRole('progressbar', { name: names.audit.progress })).toBeVisible();
  await expect(auditStatus(page)).toContainText('tool-calls');
  await page.getByRole('button', { name: names.audit.cancel }).click();
  await expect(auditStatus(page)).toContainText(/Cancelled after \d+ of \d+ checks/);
  await expect(results(page).getByRole('listitem', { name: nameOf.auditRow('tools-list', 'pass') })).toBeVisible();
  await expect(page.getByRole('button', { name: names.audit.runAgain })).toBeEnabled();
});

test('exports the report as JSON and Markdown, and opens the JSON again read-only, without a server', async ({ page }, testInfo) => {
  await connect(page, DEMO_MCP_URL, { era: '2025 and older' });
  await runAudit(page);
  const summary = (await auditStatus(page).textContent())!.replace(/^Done in [\d.]+ s: /, '');

  const markdownDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: names.audit.exportMarkdown }).click();
  const markdownPath = testInfo.outputPath('audit.md');
  await (await markdownDownload).saveAs(markdownPath);
  const markdown = await readFile(markdownPath, 'utf8');
  expect(markdown).toContain('# MCP Lens audit: mcp-lens-demo');
  expect(markdown).toContain(`- Result: ${summary}`);
  expect(markdown).toContain('| PASS | `tools-list`');

  const jsonDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: names.audit.exportJson }).click();
  const download = await jsonDownload;
  expect(download.suggestedFilename()).toMatch(/^mcp-lens-audit-.*\.mcplens-audit\.json$/);
  const path = testInfo.outputPath('audit.mcplens-audit.json');
  await download.saveAs(path);
  expect(JSON.parse(await readFile(path, 'utf8'))).toMatchObject({ format: 'mcp-lens-audit-report', report: { era: 'legacy' } });

  // Later, in a fresh app that connects to nothing: the report needs no server (no request leaves for one).
  await openApp(page);
  const toServers: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(APP_URL)) toServers.push(request.url());
  });
  await page.getByLabel('Session file to open').setInputFiles(path);
  await expect(page.getByRole('tab', { name: names.tabs.audit })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toContainText('(read-only)');
  await expect(page.getByRole('tabpanel')).toContainText(summary.replace(/^\d+ checks: /, ''));
  const tools = results(page).getByRole('listitem', { name: nameOf.auditRow('tools-list', 'pass') });
  await tools.getByText(names.audit.exchanges).click();
  await expect(tools).toContainText('"method": "tools/list"');
  await page.getByRole('button', { name: names.audit.closeReport }).click();
  await expect(results(page)).toBeHidden();
  expect(toServers).toEqual([]);
});

test('demo mode: the Audit tab shows no secret, and writes no file', async ({ page }) => {
  const secretUrl = `${DEMO_MCP_URL}?api_key=sup3rs3cret`;
  await page.goto(`${APP_URL}?url=${encodeURIComponent(secretUrl)}&demo=1`);
  await page.getByRole('button', { name: names.connection.connect, exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /Connected|Failed/ })).toContainText('Connected');
  await runAudit(page);
  const tools = results(page).getByRole('listitem', { name: nameOf.auditRow('tools-list', 'pass') });
  await tools.getByText(names.audit.exchanges).click();
  await expect(tools).toContainText('hidden in demo mode');
  await expect(page.getByRole('tabpanel')).toContainText('api_key=••••');
  expect(await page.locator('body').innerText()).not.toContain('sup3rs3cret');
  await expect(page.getByRole('button', { name: names.audit.exportJson })).toBeDisabled();
  await expect(page.getByRole('button', { name: names.audit.exportMarkdown })).toBeDisabled();
});

test('“Audit this server” in the command palette opens the tab and runs the audit', async ({ page }) => {
  await connect(page, DEMO_MCP_URL);
  await page.keyboard.press('Control+k');
  await page.keyboard.type('Audit this server');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('tab', { name: names.tabs.audit })).toHaveAttribute('aria-selected', 'true');
  await expect(auditStatus(page)).toContainText(/Done in [\d.]+ s: .* 0 fail/);
  // The log is virtual and follows the newest rows, so the run's first request is found by filtering for it.
  await messageLog(page).getByRole('textbox', { name: names.log.filter }).fill('tools/list');
  await expect(messageLog(page)).toContainText('tools/list');
});

for (const scheme of ['light', 'dark'] as const) {
  test(`a server MCP Lens cannot talk to still gets a report: connection fails with the reason, the rest did not run (${scheme})`, async ({
    page,
  }, testInfo) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: 1280, height: 720 });
    await openApp(page, brokenAuditUrl('session-id-not-ascii'));
    await page.getByRole('button', { name: names.connection.connect, exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: /Connected|Failed/ })).toContainText('Failed');
    await showTab(page, names.tabs.audit);
    await expect(page.getByRole('tabpanel')).toContainText('MCP Lens could not talk to');
    await page.getByRole('button', { name: names.audit.run }).click();
    await expect(auditStatus(page)).toContainText(/Done in [\d.]+ s: 27 checks: 0 pass, 1 fail, 0 warnings, 26 not applicable/);
    const connection = results(page).getByRole('listitem', { name: nameOf.auditRow('connection', 'fail') });
    await expect(connection).toContainText('Mcp-Session-Id is not valid');
    await expect(results(page).getByRole('listitem', { name: nameOf.auditRow('tools-list', 'not-applicable') })).toContainText(
      'Not run: MCP Lens could not talk to the server',
    );
    await page.screenshot({ path: testInfo.outputPath(`audit-refused-1280x720-${scheme}.png`), animations: 'disabled', caret: 'hide' });
  });

  test(`the Audit tab after a run fits 1280×720 without page scroll, with no WCAG 2.2 AA violation (${scheme})`, async ({
    page,
  }, testInfo) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: 1280, height: 720 });
    await connect(page, brokenAuditUrl('wrong-error-code'));
    await runAudit(page);
    await results(page)
      .getByRole('listitem', { name: nameOf.auditRow('unknown-method', 'fail') })
      .getByText(names.audit.exchanges)
      .click();
    expect(await page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight)).toBe(true);
    // WCAG 2.2 AA on the tab, as e2e/accessibility.spec.ts checks the others.
    const { violations } = await new AxeBuilder({ page })
      .include('.audit-view')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual(
      [],
    );
    await page.screenshot({ path: testInfo.outputPath(`audit-1280x720-${scheme}.png`), animations: 'disabled', caret: 'hide' });
  });
}
