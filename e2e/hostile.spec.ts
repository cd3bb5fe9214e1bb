/**
 * Broken and hostile servers (src/test/servers/hostile/scenarios.ts): each failure is explained in the UI, the
 * bytes that arrived are in the Message log, and the next request on the same session still works.
 */
import type { Page } from '@playwright/test';
import { expect, openApp, test } from './fixtures.ts';
import { hostileControlUrl, hostileUrl } from './servers/ports.ts';
import { names } from './names.ts';

async function connectTo(page: Page, scenario: string) {
  await openApp(page, hostileUrl(scenario));
  await page.getByRole('button', { name: names.connection.connect, exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /Connected|Failed/ })).toContainText('Connected');
}

async function run(page: Page, tool: string) {
  await page.getByRole('button', { name: tool, exact: true }).click();
  await page.getByRole('button', { name: names.tools.runTool }).click();
}

/** The log holds an entry matching `filter`; the filter is cleared again afterwards. */
async function expectLogged(page: Page, filter: string, expected: RegExp | string) {
  const log = page.getByRole('region', { name: names.log.region });
  const box = log.getByRole('textbox', { name: names.log.filter });
  await box.fill(filter);
  await expect(log.locator('.log-row').filter({ hasText: expected }).first()).toBeVisible();
  await box.fill('');
}

async function expectStillUsable(page: Page, scenario: string) {
  await run(page, 'ok');
  await expect(page.getByRole('region', { name: names.tools.result, exact: true })).toContainText(`ok from ${scenario}`);
  await expect(page.getByRole('status').filter({ hasText: /Connected/ })).toBeVisible();
}

/**
 * How the UI shows a protocol fault: the explanation in the Result, the bytes in the Message log, and the
 * session still usable. One body fault and one HTTP fault show it; each other fault's explanation, log
 * entry and the usable session after it are the engine's, proven in src/test/engine-hostile.test.ts
 * (stream-ends-early, no-result, html-200, html-502, too-large, too-deep).
 */
const FAULTS: Array<{ scenario: string; error: RegExp; logFilter: string; logged: RegExp | string }> = [
  { scenario: 'bad-json-body', error: /not valid JSON/, logFilter: 'body is not JSON', logged: 'unparseable' },
  { scenario: 'html-502', error: /HTTP 502/, logFilter: 'upstream unreachable', logged: 'unparseable' },
];

for (const fault of FAULTS) {
  test(`explains ${fault.scenario}, logs what arrived, and stays usable`, async ({ page }) => {
    await connectTo(page, fault.scenario);
    await run(page, 'probe');
    await expect(page.getByRole('region', { name: names.tools.result, exact: true })).toContainText(fault.error);
    await expectLogged(page, fault.logFilter, fault.logged);
    await expectStillUsable(page, fault.scenario);
  });
}

test('a broken SSE event is logged raw and the valid answer after it still arrives', async ({ page }) => {
  await connectTo(page, 'bad-json-event');
  await run(page, 'probe');
  await expect(page.getByRole('region', { name: names.tools.result, exact: true })).toContainText('answered after a broken event');
  await expectLogged(page, 'this is not json', 'unparseable');
  await expectStillUsable(page, 'bad-json-event');
});

// The first answer wins and a second one is marked; an answer to an id never sent is marked the same way
// (src/test/engine-hostile.test.ts proves both in the engine; here, that the log shows the mark).
test('a second answer to the same id is marked unmatched in the log; the first answer wins', async ({ page }) => {
  await connectTo(page, 'duplicate-id');
  await run(page, 'probe');
  await expect(page.getByRole('region', { name: names.tools.result, exact: true })).toContainText('first answer');
  await expectLogged(page, 'second answer', 'unmatched');
  await expectStillUsable(page, 'duplicate-id');
});

test('flags a notification that carries an id as a spec violation', async ({ page }) => {
  await connectTo(page, 'notification-with-id');
  await run(page, 'probe');
  await expect(page.getByRole('region', { name: names.tools.result, exact: true })).toContainText('done');
  await expectLogged(page, 'I have an id', 'spec violation');
  await expectStillUsable(page, 'notification-with-id');
});

test('stays responsive through a flood of 5000 notifications', async ({ page }) => {
  await connectTo(page, 'flood');
  await run(page, 'probe');
  await expect(page.getByRole('region', { name: names.tools.result, exact: true })).toContainText('after 5000 notifications', {
    timeout: 20_000,
  });
  await expectLogged(page, '"seq":4999', 'notifications/message');
  await expectStillUsable(page, 'flood');
});

test('re-initializes once when the server forgets the session, without repeating the tool call', async ({ page }) => {
  await connectTo(page, 'session-404');
  await run(page, 'probe');
  await expect(page.getByRole('region', { name: names.tools.result, exact: true })).toContainText(
    /forgotten the session \(HTTP 404\), so MCP Lens started a new one/,
  );
  await expect(page.getByRole('status').filter({ hasText: /Connected/ })).toBeVisible();
  const received = (await (await page.request.get(hostileControlUrl('session-404'))).json()) as Array<{
    rpcMethod?: string;
    method: string;
  }>;
  expect(received.filter((r) => r.rpcMethod === 'tools/call')).toHaveLength(1);
  expect(received.filter((r) => r.rpcMethod === 'initialize')).toHaveLength(2);
  await run(page, 'probe');
  await expect(page.getByRole('region', { name: names.tools.result, exact: true })).toContainText('new session works');
});

// The refusal reaches the person as an alert with its reason. Which answers are refused is the engine's:
// src/test/engine-hostile.test.ts (a bad session id), engine-era.test.ts and engine-faults.test.ts (a version
// MCP Lens does not speak).
for (const [scenario, error] of [['bad-session-id', /Mcp-Session-Id is not valid/]] as const) {
  test(`refuses to connect on ${scenario}, with the reason`, async ({ page }) => {
    await openApp(page, hostileUrl(scenario));
    await page.getByRole('button', { name: names.connection.connect, exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: /Failed/ })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText(error);
  });
}

test('server strings with markup stay inert text, and hidden characters are shown', async ({ page }) => {
  let dialogs = 0;
  page.on('dialog', (dialog) => {
    dialogs++;
    void dialog.dismiss();
  });
  await connectTo(page, 'xss');
  const main = page.getByRole('main');
  await expect(main).toContainText('<img src=x onerror=');
  await run(page, 'probe');
  await expect(page.getByRole('region', { name: names.tools.result, exact: true })).toContainText('<script>alert');
  expect(await page.locator('main img[src="x"], main script').count()).toBe(0);
  await expect(main).toContainText(/U\+202E|RLO|⟪/);
  expect(dialogs).toBe(0);
});

// A lying MIME type is refused by the same check before any <img> exists (src/ui/content/media.test.ts,
// src/shared/image-header.test.ts); here, that the Result shows the reason and no image.
for (const [scenario, reason] of [['image-bomb', /20000×20000 pixels, more than the 8192×8192/]] as const) {
  test(`blocks an image before decoding: ${scenario}`, async ({ page }) => {
    await connectTo(page, scenario);
    await run(page, 'probe');
    const result = page.getByRole('region', { name: names.tools.result, exact: true });
    await expect(result).toContainText(reason);
    expect(await result.locator('img').count()).toBe(0);
    await expectStillUsable(page, scenario);
  });
}

test('a JSON-RPC error with markup is shown as text', async ({ page }) => {
  await connectTo(page, 'error-response');
  await run(page, 'probe');
  const result = page.getByRole('region', { name: names.tools.result, exact: true });
  await expect(result).toContainText('-32050');
  await expect(result).toContainText('<img src=x onerror=');
  expect(await result.locator('img, script').count()).toBe(0);
  await expectStillUsable(page, 'error-response');
});

test('a result that breaks the schema is explained and kept in the log', async ({ page }) => {
  await connectTo(page, 'invalid-result');
  await run(page, 'probe');
  await expect(page.getByRole('region', { name: names.tools.result, exact: true })).toContainText(/not valid MCP|invalid/i);
  await expectLogged(page, 'not an array', 'tools/call');
  await expectStillUsable(page, 'invalid-result');
});

test('a batch body is split into its messages and the answer inside it is used', async ({ page }) => {
  await connectTo(page, 'batch');
  await run(page, 'probe');
  await expect(page.getByRole('region', { name: names.tools.result, exact: true })).toContainText('answer inside a batch');
  await expectLogged(page, 'batched', 'notifications/message');
});

test('icons that break the rules are never fetched and show why', async ({ page }) => {
  await connectTo(page, 'icons');
  const tools = page.getByRole('list', { name: names.tabs.tools });
  await expect(tools.getByRole('img', { name: /Icon not shown: .*javascript/ })).toBeVisible();
  await expect(tools.getByRole('img', { name: /Icon not shown: .*another origin/ })).toBeVisible();
  await expect(tools.getByRole('img', { name: /Icon not shown: .*file/ })).toBeVisible();
  // The SVG with a script is shown only as an <img> from a blob, where its script cannot run.
  const svg = tools.locator('img.server-icon');
  await expect(svg).toHaveCount(1);
  expect(await svg.getAttribute('src')).toMatch(/^blob:/);
});

test('a progress notification for a token never issued does not disturb the call', async ({ page }) => {
  await connectTo(page, 'unknown-progress-token');
  await run(page, 'probe');
  await expect(page.getByRole('region', { name: names.tools.result, exact: true })).toContainText('done despite a stray progress token');
  await expectLogged(page, 'never-issued', 'notifications/progress');
  await expectStillUsable(page, 'unknown-progress-token');
});

test('prototype keys: server data named __proto__, constructor, toString or hasOwnProperty stays plain names', async ({ page }) => {
  await connectTo(page, 'prototype-keys');
  const resourcesTab = async () => {
    await page.getByRole('tab', { name: names.tabs.resources }).click();
    const list = page.getByRole('list', { name: names.tabs.resources });
    await expect(list.getByRole('button', { name: 'normal', exact: true })).toBeVisible();
    return list;
  };

  // Resources named after prototype members: listed, with no update or subscription nobody announced.
  let list = await resourcesTab();
  await expect(list.getByRole('button', { name: '__proto__', exact: true })).toBeVisible();
  await expect(list.getByRole('button', { name: 'constructor', exact: true })).toBeVisible();
  await expect(list.getByText(/^updated/)).toHaveCount(0);
  await expect(list.getByText('subscribed', { exact: true })).toHaveCount(0);

  // Prompt arguments named after prototype members start empty.
  await page.getByRole('tab', { name: names.tabs.prompts }).click();
  await page.getByRole('list', { name: names.tabs.prompts }).getByRole('button', { name: 'proto-args', exact: true }).click();
  const form = page.getByRole('form', { name: 'Prompt arguments' });
  await expect(form.getByRole('textbox', { name: /__proto__/ })).toHaveValue('');
  await expect(form.getByRole('textbox', { name: /toString/ })).toHaveValue('');
  await expect(form.getByRole('textbox', { name: /topic/ })).toHaveValue('');

  // Notifications whose methods are prototype names, then an ordinary log message.
  await page.getByRole('tab', { name: names.tabs.tools }).click();
  await run(page, 'probe');
  await expect(page.getByRole('region', { name: names.tools.result, exact: true })).toContainText('prototype keys sent');
  await expect(page.getByRole('region', { name: names.layout.notifications })).toContainText('hasOwnProperty');
  await page.getByRole('tab', { name: names.tabs.logs }).click();
  await expect(page.getByRole('list', { name: names.serverLogs.list })).toContainText('after the prototype methods');

  list = await resourcesTab();
  await expect(list.getByText(/^updated/)).toHaveCount(0);
  await expect(page.locator('body')).not.toContainText('[object Object]');
  await page.getByRole('tab', { name: names.tabs.tools }).click();
  await expectStillUsable(page, 'prototype-keys');
});
