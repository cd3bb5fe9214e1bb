/**
 * The main flows once per protocol era against the demo server, which speaks both from one endpoint:
 * connect, a tool with a form, a resource read, a prompt, an elicitation, a sampling reply and a change
 * notification. In 2026-07-28 the elicitation and the sampling request arrive as input_required rounds of
 * the tools/call; in 2025 as server→client requests. The same person-facing flow answers both.
 */
import { connect, expect as baseExpect, messageLog, openTool, result, test, type EraLabel } from './fixtures.ts';
import { DEMO_MCP_URL, EVERYTHING_MCP_URL } from './servers/ports.ts';
import { names } from './names.ts';

// These flows wait on a server that waits on a person: give a loaded machine room.
const expect = baseExpect.configure({ timeout: 15_000 });
const log = messageLog;

const ERAS: Array<{ label: EraLabel; badge: RegExp; version: string }> = [
  { label: '2026-07-28', badge: /2026-07-28/, version: '2026-07-28' },
  { label: '2025 and older', badge: /2025/, version: '2025-11-25' },
];

for (const era of ERAS) {
  test.describe(`speaking ${era.version}`, () => {
    test.beforeEach(async ({ page }) => {
      await connect(page, DEMO_MCP_URL, { era: era.label });
      await expect(page.getByRole('region', { name: /MCP Lens Demo Server/ })).toContainText(era.version);
    });

    test('a tool with a form, a resource read and a prompt', async ({ page }) => {
      await openTool(page, 'echo');
      await page.getByLabel(/^message/).fill(`hello from ${era.version}`);
      await page.getByRole('button', { name: names.tools.runTool }).click();
      await expect(result(page)).toContainText(`hello from ${era.version}`);
      await expect(log(page)).toContainText(era.version === '2026-07-28' ? 'server/discover' : 'initialize');

      await page.getByRole('tab', { name: names.tabs.resources }).click();
      await page.getByRole('list', { name: names.tabs.resources }).getByRole('button', { name: 'guide', exact: true }).click();
      await expect(page.getByRole('region', { name: 'Resource contents' }).getByRole('heading', { name: 'Inspector guide' })).toBeVisible();

      await page.getByRole('tab', { name: names.tabs.prompts }).click();
      await page.getByRole('list', { name: names.tabs.prompts }).getByRole('button', { name: 'review-code', exact: true }).click();
      const form = page.getByRole('form', { name: 'Prompt arguments' });
      await form.getByRole('combobox', { name: /language/ }).fill('rust');
      await form
        .getByRole('textbox', { name: /code/ })
        .or(form.getByRole('combobox', { name: /code/ }))
        .fill('fn main() {}');
      await form.getByRole('button', { name: 'Get prompt' }).click();
      await expect(page.getByRole('region', { name: 'Prompt messages' })).toContainText('Please review this rust code:');
    });

    test('an elicitation and a sampling reply, answered in a dialog', async ({ page }) => {
      await openTool(page, 'ask-two-at-once');
      await page.getByRole('button', { name: names.tools.runTool }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText('during our tools/call');
      await dialog.getByRole('textbox', { name: 'team' }).fill('Lens');
      await dialog.getByRole('button', { name: names.serverRequests.accept }).click();
      await dialog.getByRole('textbox', { name: 'city' }).fill('Lisbon');
      await dialog.getByRole('button', { name: names.serverRequests.accept }).click();
      await expect(result(page)).toContainText('Both answered.');
      if (era.version === '2026-07-28') {
        // The answer that asked is marked input_required in the log, and the mark is whole: in a narrow column
        // the method and the tool name give way, never the verdict at the end of the row.
        const row = log(page).getByRole('listitem').filter({ hasText: 'ask-two-at-once' }).filter({ hasText: 'input_required' }).first();
        const mark = row.getByText('input_required', { exact: true });
        const fits = await mark.evaluate((badge) => {
          const shown = badge.parentElement!.getBoundingClientRect();
          const own = badge.getBoundingClientRect();
          return own.right <= shown.right + 0.5 && badge.scrollWidth <= badge.clientWidth;
        });
        expect(fits).toBe(true);
      }

      await openTool(page, 'sample-with-tools');
      await page.getByRole('button', { name: names.tools.runTool }).click();
      await expect(dialog).toContainText('get_weather');
      await dialog.getByLabel('Reply text').fill(`No tool needed (${era.version}).`);
      await dialog.getByRole('button', { name: names.serverRequests.approve }).click();
      await expect(result(page)).toContainText('The reply used no tool.');
    });

    test('a change notification refreshes the tool list', async ({ page }) => {
      await openTool(page, 'toggle-bonus-tool');
      await page.getByRole('button', { name: names.tools.runTool }).click();
      await expect(result(page)).toContainText('The tool list changed.');
      await expect(page.getByRole('region', { name: names.layout.notifications })).toContainText('notifications/tools/list_changed');
      // 2026-07-28 state is shared by every client of the demo server, so the toggle may have removed it.
      const added = (await result(page).textContent())?.includes('Added') === true;
      await expect(page.getByRole('list', { name: names.tabs.tools }).getByRole('button', { name: 'roll-dice', exact: true })).toHaveCount(
        added ? 1 : 0,
      );
    });
  });
}

test('2026-07-28: the HTTP view keeps the listen stream’s SSE mark whole in a 1280-wide window', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await connect(page, DEMO_MCP_URL, { era: '2026-07-28' });
  await page.getByRole('button', { name: names.http.http, exact: true }).click();
  const row = page
    .getByRole('region', { name: 'HTTP exchanges' })
    .getByRole('listitem')
    .filter({ hasText: 'subscriptions/listen' })
    .first();
  const mark = row.getByText(/^SSE/);
  await expect(mark).toBeVisible();
  // The method gives way (with an ellipsis) before the stream's state does.
  const whole = await mark.evaluate((badge) => {
    const room = badge.parentElement!.getBoundingClientRect();
    return badge.getBoundingClientRect().right <= room.right + 0.5;
  });
  expect(whole).toBe(true);
});

test('2026-07-28: subscribing to a resource re-opens the listen stream, and its updates arrive', async ({ page }) => {
  await connect(page, DEMO_MCP_URL, { era: '2026-07-28' });
  const status = page.getByRole('status', { name: 'Listen stream' });
  await expect(status).toContainText('Listening for changes to the tool list');
  await page.getByRole('tab', { name: names.tabs.resources }).click();
  const list = page.getByRole('list', { name: names.tabs.resources });
  await list.getByRole('button', { name: 'ticker', exact: true }).click();
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(status).toContainText('1 subscribed resource');
  await expect(page.getByRole('region', { name: names.layout.notifications })).toContainText('Updated: demo://live/ticker');
  expect(await log(page).innerText()).not.toContain('resources/subscribe');
});

test('2026-07-28: Cancel closes the request stream instead of sending notifications/cancelled', async ({ page }) => {
  await connect(page, DEMO_MCP_URL, { era: '2026-07-28' });
  await openTool(page, 'long-running-task');
  await page.getByLabel(/^steps/).fill('10');
  await page.getByLabel(/^stepMs/).fill('400');
  await page.getByRole('button', { name: names.tools.runTool }).click();
  await expect(result(page).getByRole('progressbar', { name: 'Tool progress' })).toBeVisible();
  await page.getByRole('button', { name: names.connection.cancel }).click();
  await expect(result(page)).toContainText('You cancelled — the server was told to stop by closing the request’s response stream');
});

test('connects to server-everything in Auto without a settings change, and says it speaks 2025', async ({ page }) => {
  await connect(page, EVERYTHING_MCP_URL);
  const server = page.getByRole('region', { name: /everything/i });
  await expect(server).toContainText('2025-11-25');
  await expect(server).toContainText('server/discover');
});
