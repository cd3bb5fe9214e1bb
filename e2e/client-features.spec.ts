/** The client side a person answers: sampling, elicitation (form and URL), roots, and the capability switches. */
import type { Page } from '@playwright/test';
import { connect, expect as baseExpect, openApp, openConnectionSettings, result, test, showTab } from './fixtures.ts';
import { DEMO_MCP_URL, EVERYTHING_MCP_URL } from './servers/ports.ts';
import { names } from './names.ts';

async function runTool(page: Page, name: string, fill?: () => Promise<void>) {
  await page
    .getByRole('button', { name: new RegExp(`^${name}`, 'i') })
    .first()
    .click();
  await fill?.();
  await page.getByRole('button', { name: names.tools.runTool }).click();
}

// These flows wait on a server that waits on a person: give a loaded machine room before calling it a failure.
const expect = baseExpect.configure({ timeout: 15_000 });

test.describe('server-everything', () => {
  test('sampling: the person writes the reply and approves it', async ({ page }) => {
    await connect(page, EVERYTHING_MCP_URL);
    await runTool(page, 'trigger-sampling-request', () => page.getByLabel(/^prompt/).fill('Write a haiku about lenses'));
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('asks for a completion');
    await expect(dialog).toContainText('Write a haiku about lenses');
    await expect(dialog).toContainText('during our tools/call');
    await dialog.getByLabel('Reply text').fill('Glass bends the light');
    await dialog.getByRole('button', { name: names.serverRequests.approve }).click();
    await expect(dialog).toBeHidden();
    await expect(result(page)).toContainText('Glass bends the light');
    // The request and our answer are on the timeline too.
    const timeline = page.getByRole('region', { name: names.layout.notifications });
    await expect(timeline).toContainText('sampling/createMessage');
    await expect(timeline).toContainText('Approved');
  });

  test('sampling: Reject answers -1', async ({ page }) => {
    await connect(page, EVERYTHING_MCP_URL);
    await runTool(page, 'trigger-sampling-request', () => page.getByLabel(/^prompt/).fill('anything'));
    await page.getByRole('dialog').getByRole('button', { name: names.serverRequests.reject }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page.getByRole('region', { name: names.layout.notifications })).toContainText('error -1');
  });

  test('elicitation form: defaults prefilled, validated, accepted', async ({ page }) => {
    await connect(page, EVERYTHING_MCP_URL);
    await runTool(page, 'trigger-elicitation-request');
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('String with default')).toHaveValue('It was a dark and stormy night.');
    // The form is longer than the dialog: the three answers stay in sight at its foot, no scrolling to find them.
    for (const answer of [names.serverRequests.accept, names.serverRequests.decline, 'Cancel'])
      await expect(dialog.getByRole('button', { name: answer, exact: true })).toBeInViewport({ ratio: 1 });
    // A 2025 server request has no rounds: the note beside the call starts as a sentence.
    await expect(page.getByRole('status').filter({ hasText: 'waiting for you to answer' })).toHaveText(
      /^The server asked a question — waiting for you to answer in the dialog\. The call's timeout is paused until you answer\.$/,
    );
    await expect(dialog.getByLabel('Integer')).toHaveValue('42');
    await expect(dialog.getByLabel('Untitled Single Select Enum')).toHaveValue('Monica');
    await expect(dialog.getByRole('checkbox', { name: 'Guitar' })).toBeChecked();
    await dialog.getByLabel('String with email format').fill('not-an-email');
    await dialog.getByRole('button', { name: names.serverRequests.accept }).click();
    await expect(dialog).toContainText('Enter an email address');
    await dialog.getByLabel('String with email format').fill('ada@example.com');
    await dialog.getByRole('textbox', { name: 'String', exact: true }).fill('Ada Lovelace');
    await dialog.getByRole('button', { name: names.serverRequests.accept }).click();
    await expect(dialog).toBeHidden();
    await expect(result(page)).toContainText('Ada Lovelace');
    await expect(result(page)).toContainText('ada@example.com');
  });

  test('URL elicitation: full URL with the host highlighted, opened only on Accept, in a noopener window', async ({ page, context }) => {
    // Nothing leaves the machine: the page the server points at is answered locally.
    await context.route('https://consent.example.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<p>consent page</p>' }),
    );
    await connect(page, EVERYTHING_MCP_URL);
    let visited = false;
    page.on('request', (request) => {
      if (request.url().startsWith('https://consent.example.com')) visited = true;
    });
    await runTool(page, 'trigger-url-elicitation', () => page.getByLabel(/^url/).fill('https://consent.example.com/approve?step=1'));
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Full URL')).toHaveText('https://consent.example.com/approve?step=1');
    await expect(dialog.locator('mark')).toHaveText('consent.example.com');
    expect(visited, 'the URL must not be prefetched').toBe(false);
    const popupPromise = page.waitForEvent('popup');
    await dialog.getByRole('button', { name: names.serverRequests.accept }).click();
    const popup = await popupPromise;
    await popup.waitForLoadState();
    expect(popup.url()).toBe('https://consent.example.com/approve?step=1');
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    await popup.close();
    await expect(result(page)).toContainText('accept');
  });

  test('URL elicitation required (-32042): shows the elicitation and retries the call', async ({ page }) => {
    await connect(page, EVERYTHING_MCP_URL);
    await runTool(page, 'trigger-url-elicitation', async () => {
      await page.getByLabel(/^url/).fill('https://consent.example.com/prerequisite');
      await page.getByRole('checkbox', { name: /errorPath/ }).check();
    });
    const region = result(page).getByRole('region', { name: 'URL elicitation required' });
    // server-everything's prerequisite is a fixed page, deliberately not the URL that failed.
    await expect(region.getByLabel('Full URL')).toHaveText('https://modelcontextprotocol.io/');
    await expect(region.locator('mark')).toHaveText('modelcontextprotocol.io');
    await region.getByRole('button', { name: 'Retry request' }).click();
    // The retry goes through: this time the server asks with a URL elicitation request.
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('asks you to open a page');
    await dialog.getByRole('button', { name: names.serverRequests.decline }).click();
    await expect(result(page)).toContainText('decline');
  });

  test('roots: edited in the Roots tab, announced, and read by the server', async ({ page }) => {
    await connect(page, EVERYTHING_MCP_URL);
    await showTab(page, names.tabs.roots);
    await page.getByRole('button', { name: 'Add root' }).click();
    await page.getByLabel('Root URI 1').fill('https://not-a-file');
    await page.getByRole('button', { name: 'Save roots' }).click();
    await expect(page.getByText('Roots are file:// URIs')).toBeVisible();
    await page.getByLabel('Root URI 1').fill('file:///tmp/lens-project');
    await page.getByLabel('Root name 1').fill('Lens project');
    await page.getByRole('button', { name: 'Save roots' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toContainText('notifications/roots/list_changed');
    await page.getByRole('tab', { name: names.tabs.tools }).click();
    await runTool(page, 'get-roots-list');
    await expect(result(page)).toContainText('file:///tmp/lens-project');
    await expect(result(page)).toContainText('Lens project');
  });

  test('a capability switched off: the server does not offer what needs it', async ({ page }) => {
    await openApp(page, EVERYTHING_MCP_URL);
    await openConnectionSettings(page);
    await page.getByRole('button', { name: names.connection.clientCapabilities }).click();
    await page.getByRole('checkbox', { name: 'Sampling', exact: true }).uncheck();
    await expect(page.getByRole('checkbox', { name: 'Sampling with tools' })).not.toBeChecked();
    await page.getByRole('button', { name: names.connection.connect, exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: /Connected|Failed/ })).toContainText('Connected');
    await expect(page.getByRole('button', { name: /^trigger-elicitation-request/ }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: /^trigger-sampling-request/ })).toHaveCount(0);
  });
});

test.describe('demo server', () => {
  test('every elicitation field type, with its default', async ({ page }) => {
    await connect(page, DEMO_MCP_URL);
    await runTool(page, 'ask-every-field');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('during our tools/call');
    await expect(dialog.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Ada Lovelace');
    await expect(dialog.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue('ada@example.com');
    await expect(dialog.getByLabel('Homepage')).toHaveValue('https://example.com/ada');
    await expect(dialog.getByLabel('Birthday')).toHaveValue('1815-12-10');
    await expect(dialog.getByLabel('Next meeting')).toHaveValue('2025-11-25T09:30:00Z');
    await expect(dialog.getByLabel('Team code')).toHaveValue('ENG');
    await expect(dialog.getByRole('textbox', { name: 'Age', exact: true })).toHaveValue('36');
    await expect(dialog.getByLabel('Score')).toHaveValue('95.5');
    await expect(dialog.getByLabel('Subscribe to news')).toBeChecked();
    await expect(dialog.getByLabel('Favourite colour')).toHaveValue('green');
    await expect(dialog.getByRole('combobox', { name: 'Size', exact: true })).toHaveValue('m');
    await expect(dialog.getByRole('combobox', { name: 'Size', exact: true }).locator('option:checked')).toHaveText('Medium');
    await expect(dialog.getByLabel('Plan (legacy enumNames)').locator('option:checked')).toHaveText('Pro plan');
    await expect(dialog.getByRole('checkbox', { name: 'pt' })).toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: 'Wednesday' })).toBeChecked();

    // Validation before Accept: pattern, range, and a required field.
    await dialog.getByLabel('Team code').fill('eng');
    await dialog.getByRole('textbox', { name: 'Age', exact: true }).fill('200');
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('');
    await dialog.getByRole('button', { name: names.serverRequests.accept }).click();
    await expect(dialog).toContainText('Must match the pattern ^[A-Z]{3}$');
    await expect(dialog).toContainText('Must be at most 150');
    await expect(dialog).toContainText('Required.');
    await dialog.getByLabel('Team code').fill('OPS');
    await dialog.getByRole('textbox', { name: 'Age', exact: true }).fill('37');
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Grace Hopper');
    await dialog.getByRole('checkbox', { name: 'Friday' }).check();
    await dialog.getByRole('button', { name: names.serverRequests.accept }).click();
    await expect(dialog).toBeHidden();
    await expect(result(page)).toContainText('"name": "Grace Hopper"');
    await expect(result(page)).toContainText('"code": "OPS"');
    await expect(result(page)).toContainText('"fri"');
  });

  test('sampling with tools: a tool_use reply, then the final answer', async ({ page }) => {
    await connect(page, DEMO_MCP_URL);
    await runTool(page, 'sample-with-tools');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Tools offered (1)');
    await expect(dialog).toContainText('get_weather');
    await expect(dialog).toContainText('claude-sonnet');
    await dialog.getByRole('button', { name: 'Add tool use' }).click();
    await dialog.getByLabel('Tool input (JSON)').fill('{"city": "Lisbon"}');
    await dialog.getByRole('button', { name: 'Remove' }).first().click();
    await dialog.getByRole('button', { name: names.serverRequests.approve }).click();
    // The second round carries the tool result and forbids tools.
    await expect(dialog).toContainText('tool_result for');
    await expect(dialog).toContainText('toolChoice is "none"');
    await dialog.getByLabel('Reply text').fill('It is sunny in Lisbon.');
    await dialog.getByRole('button', { name: names.serverRequests.approve }).click();
    await expect(result(page)).toContainText('It is sunny in Lisbon.');
  });

  test('a malformed tool pairing is refused with -32602 without asking', async ({ page }) => {
    await connect(page, DEMO_MCP_URL, { era: '2025 and older' });
    await runTool(page, 'sample-bad-pairing');
    await expect(result(page)).toContainText('refused it with error -32602');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('-32042: the elicitation completes, then Retry succeeds', async ({ page }) => {
    await connect(page, DEMO_MCP_URL, { era: '2025 and older' });
    await runTool(page, 'needs-authorization');
    const region = result(page).getByRole('region', { name: 'URL elicitation required' });
    await expect(region).toContainText('Authorize the demo server with example.com.');
    await expect(region.locator('mark')).toHaveText('auth.example.com');
    await expect(region.getByRole('status')).toHaveText('Completed');
    await region.getByRole('button', { name: 'Retry request' }).click();
    await expect(result(page)).toContainText('Authorized');
  });

  test('a punycode look-alike host is flagged before anything is opened', async ({ page }) => {
    await connect(page, DEMO_MCP_URL);
    await runTool(page, 'open-lookalike-url');
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('note', { name: 'Warnings about this URL' })).toContainText('punycode xn--pypal-4ve.com');
    await expect(dialog.getByRole('note', { name: 'Warnings about this URL' })).toContainText('p\u0430ypal.com');
    await dialog.getByRole('button', { name: names.connection.cancel }).click();
    await expect(result(page)).toContainText('cancel');
  });

  test('form elicitation switched off: refused without a dialog', async ({ page }) => {
    await openApp(page, DEMO_MCP_URL);
    await openConnectionSettings(page);
    await page.getByRole('button', { name: names.connection.clientCapabilities }).click();
    await page.getByRole('checkbox', { name: 'Elicitation (form)' }).uncheck();
    await page.getByRole('button', { name: names.connection.connect, exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: /Connected|Failed/ })).toContainText('Connected');
    await runTool(page, 'ask-every-field');
    // 2025: the tool reports the refused request; 2026-07-28: the server answers -32021 (capability not declared).
    await expect(result(page)).toContainText(/Tool returned an error|do not declare the required capability/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

test.describe('pending requests', () => {
  test('two requests queue; each is answered in turn', async ({ page }) => {
    await connect(page, DEMO_MCP_URL);
    await runTool(page, 'ask-two-at-once');
    const dialog = page.getByRole('dialog');
    const queue = dialog.getByRole('group', { name: '2 pending server requests' });
    await expect(queue).toBeVisible();
    await queue.getByRole('button', { name: '2. Form' }).click();
    await expect(dialog).toContainText('Second question');
    await dialog.getByRole('textbox', { name: 'city' }).fill('Porto');
    await dialog.getByRole('button', { name: names.serverRequests.accept }).click();
    await expect(dialog).toContainText('First question');
    await expect(queue).toBeHidden();
    await dialog.getByRole('textbox', { name: 'team' }).fill('Lens');
    await dialog.getByRole('button', { name: names.serverRequests.accept }).click();
    await expect(result(page)).toContainText('"city": "Porto"');
    await expect(result(page)).toContainText('"team": "Lens"');
  });

  test('a request the server gives up on leaves with a note', async ({ page }) => {
    await connect(page, DEMO_MCP_URL, { era: '2025 and older' });
    await runTool(page, 'ask-with-timeout');
    await expect(page.getByRole('dialog')).toContainText('Answer within 2 s.');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'no longer pending' })).toContainText('the server cancelled it');
    await expect(page.getByRole('region', { name: names.log.region })).toContainText('no longer pending');
    await page.getByRole('button', { name: names.authorization.dismiss }).click();
    await expect(page.getByRole('status').filter({ hasText: 'no longer pending' })).toHaveCount(0);
  });
});
