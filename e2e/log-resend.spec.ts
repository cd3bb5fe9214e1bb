/** The Message log's last power tools (issue 14): re-send a request, edit and re-send it, and export the log as JSON lines. */
import { readFile } from 'node:fs/promises';
import { scanBothThemes } from './axe.ts';
import type { Page } from '@playwright/test';
import { connect, expect, messageLog, openApp, openConnectionSettings, result, runTool, test } from './fixtures.ts';
import { DEMO_MCP_URL, EVERYTHING_MCP_URL } from './servers/ports.ts';
import { names } from './names.ts';

const PLANTED = 'planted-jsonl-secret-7f3e21';

/** Narrows the log to the tools/call requests MCP Lens sent and selects the first; returns the rows and the detail. */
async function selectSentCall(page: Page) {
  const log = messageLog(page);
  await log.getByRole('combobox', { name: names.log.direction }).selectOption({ label: '→ Sent' });
  await log.getByRole('textbox', { name: names.log.method }).fill('tools/call');
  const rows = log.getByRole('listitem');
  await expect(rows).toHaveCount(1);
  await rows.first().getByRole('button').click();
  return { log, rows, detail: log.getByRole('region', { name: names.log.selected }) };
}

for (const [server, url] of [
  ['the demo server', DEMO_MCP_URL],
  ['server-everything', EVERYTHING_MCP_URL],
] as const) {
  test(`${server}: re-sends a tools/call from the log, then edits its arguments and sees the new answer`, async ({ page }) => {
    await connect(page, url);
    await runTool(page, 'echo', { args: { message: 'first answer' } });
    await expect(result(page)).toContainText('first answer');
    const { rows, detail } = await selectSentCall(page);

    await detail.getByRole('button', { name: names.log.resend, exact: true }).click();
    const answer = detail.getByRole('region', { name: names.log.resendAnswer });
    await expect(answer).toContainText('first answer');
    // The new request is in the log, marked as re-sent by hand.
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText('re-sent');

    await detail.getByRole('button', { name: names.log.editAndResend }).click();
    const editor = detail.getByRole('textbox', { name: names.log.requestJson });
    await expect(editor).toHaveValue(/"method": "tools\/call"/);
    // Not JSON: said in words, and nothing is sent.
    await editor.fill('{"method": "tools/call", ');
    await detail.getByRole('button', { name: names.log.sendRequest }).click();
    await expect(detail.getByRole('alert')).toContainText('This is not valid JSON');
    await expect(rows).toHaveCount(2);

    await editor.fill(JSON.stringify({ method: 'tools/call', params: { name: 'echo', arguments: { message: 'edited answer' } } }));
    await expect(detail.getByRole('alert')).toHaveCount(0);
    await editor.press('Control+Enter');
    await expect(answer).toContainText('edited answer');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(2)).toContainText('edited');

    // The marked row says where it came from, and leads back to it.
    await rows.nth(2).getByRole('button').click();
    await expect(detail).toContainText('edited and re-sent by hand from #');
    await detail.getByRole('button', { name: names.log.showOriginal }).click();
    await expect(rows.first().getByRole('button')).toHaveAttribute('aria-current', 'true');
  });
}

test('refuses to re-send what the engine owns, and says why', async ({ page }) => {
  await connect(page, DEMO_MCP_URL, { era: '2025 and older' });
  const log = messageLog(page);
  await log.getByRole('combobox', { name: names.log.direction }).selectOption({ label: '→ Sent' });
  await log.getByRole('textbox', { name: names.log.method }).fill('initialize');
  const rows = log.getByRole('listitem');
  // initialize and notifications/initialized
  await expect(rows).toHaveCount(2);
  const detail = log.getByRole('region', { name: names.log.selected });

  await rows.first().getByRole('button').click();
  await expect(detail.getByRole('button', { name: names.log.resend, exact: true })).toBeDisabled();
  await expect(detail.getByRole('button', { name: names.log.editAndResend })).toBeDisabled();
  await expect(detail.getByRole('note')).toContainText('press Connect');

  await rows.nth(1).getByRole('button').click();
  await expect(detail.getByRole('button', { name: names.log.resend, exact: true })).toBeDisabled();
  await expect(detail.getByRole('note')).toContainText('is a notification, not a request');
});

test('exports the log and the filtered view as JSON lines, without the secret header value', async ({ page }) => {
  await openApp(page, DEMO_MCP_URL);
  await openConnectionSettings(page);
  await page.getByRole('button', { name: /^Headers/ }).click();
  await page.getByRole('button', { name: /Add header/ }).click();
  await page.getByRole('textbox', { name: 'Header name 1' }).fill('Authorization');
  await page.getByLabel('Header value 1').fill(PLANTED);
  await page.getByRole('button', { name: names.connection.connect, exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /Connected|Failed/ })).toContainText('Connected', { timeout: 30_000 });
  await runTool(page, 'echo', { args: { message: 'exported' } });
  await expect(result(page)).toContainText('exported');

  const log = messageLog(page);
  const exportAs = async (name: string) => {
    const downloading = page.waitForEvent('download');
    await log.getByRole('button', { name, exact: true }).click();
    const download = await downloading;
    const text = await readFile(await download.path(), 'utf8');
    expect(text).not.toContain(PLANTED);
    const lines = text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { time: string; direction: string; message: { method?: string } });
    for (const line of lines) {
      expect(Number.isNaN(Date.parse(line.time))).toBe(false);
      expect(['in', 'out']).toContain(line.direction);
      expect(line.message).toBeDefined();
    }
    return { name: download.suggestedFilename(), lines };
  };

  // No filter in force: the whole log.
  await expect(log.getByRole('button', { name: names.log.exportFilteredLog })).toHaveCount(0);
  const all = await exportAs('Export log');
  expect(all.name).toMatch(/^mcp-lens-log-.*\.jsonl$/);
  expect(all.lines.map((line) => line.message.method)).toContain('tools/call');

  await log.getByRole('combobox', { name: names.log.direction }).selectOption({ label: '→ Sent' });
  await log.getByRole('textbox', { name: names.log.method }).fill('tools/call');
  await expect(log.getByRole('listitem')).toHaveCount(1);
  // A filter in force: the one button saves the rows shown.
  await expect(log.getByRole('button', { name: names.log.exportLog, exact: true })).toHaveCount(0);
  const filtered = await exportAs('Export filtered log');
  expect(filtered.name).toMatch(/^mcp-lens-log-filtered-.*\.jsonl$/);
  expect(filtered.lines.map((line) => [line.direction, line.message.method])).toEqual([['out', 'tools/call']]);
});

test('the editor, its problem and the answer meet WCAG 2.2 AA, in the light and the dark theme', async ({ page }) => {
  // Four axe scans on a loaded two-core machine take their time.
  test.setTimeout(180_000);
  await connect(page, DEMO_MCP_URL);
  await runTool(page, 'echo', { args: { message: 'checked' } });
  await expect(result(page)).toContainText('checked');
  const inLog = ['[aria-label="Message log"]'];
  const { detail } = await selectSentCall(page);
  await detail.getByRole('button', { name: names.log.resend, exact: true }).click();
  await expect(detail.getByRole('region', { name: names.log.resendAnswer })).toContainText('checked');
  const found = await scanBothThemes(page, 'answer', inLog);
  await detail.getByRole('button', { name: names.log.editAndResend }).click();
  await detail.getByRole('textbox', { name: names.log.requestJson }).fill('{"method": "notifications/cancelled"}');
  await detail.getByRole('button', { name: names.log.sendRequest }).click();
  await expect(detail.getByRole('alert')).toContainText('not a request');
  found.push(...(await scanBothThemes(page, 'editor', inLog)));
  expect(found).toEqual([]);
});
