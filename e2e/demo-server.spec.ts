/** A new user's first session: the demo server, from connect to disconnect. */
import { connect, expect, openApp, openConnectionSettings, test } from './fixtures.ts';
import { APP_URL, DEMO_MCP_URL, NO_CORS_MCP_URL } from './servers/ports.ts';
import { names } from './names.ts';

test('connects to the demo server and shows who it is', async ({ page }) => {
  await connect(page, DEMO_MCP_URL);
  const main = page.getByRole('main');
  await expect(main).toContainText('MCP Lens Demo Server');
  await expect(main).toContainText('2025-11-25');
  await expect(main).toContainText('This is the MCP Lens demo server');
  await expect(page.getByRole('tab', { name: names.tabs.tools })).toBeVisible();
});

test('fills a form with several argument types, runs the tool and sees the exchange', async ({ page }) => {
  // The exchange checked below includes the 2025 handshake (initialize); e2e/eras.spec.ts covers 2026-07-28.
  await connect(page, DEMO_MCP_URL, { era: '2025 and older' });
  await page
    .getByRole('button', { name: /book-meeting|Book a meeting room/ })
    .first()
    .click();
  await page.getByLabel(/organizerEmail/).fill('ada@example.com');
  await page.getByLabel(/^date/).fill('2026-12-01');
  await page.getByLabel(/durationMinutes/).fill('45');
  await page.getByLabel(/remote/).check();
  await page.getByLabel(/^room/).selectOption('Borealis');
  await page.getByLabel(/^name/).fill('Ada Lovelace');
  await page.getByRole('button', { name: names.tools.runTool }).click();

  const result = page.getByRole('region', { name: names.tools.result });
  await expect(result).toContainText('Booked Borealis on 2026-12-01 for 45 minutes');
  await expect(result).toContainText('Host: Ada Lovelace; invitation from ada@example.com');

  const log = page.getByRole('region', { name: names.log.region });
  await expect(log).toContainText('initialize');
  await expect(log).toContainText('notifications/initialized');
  await expect(log).toContainText('tools/call');
  await log.getByRole('textbox', { name: names.log.filter }).fill('tools/call');
  await expect(log).not.toContainText('notifications/initialized');
  await log.getByText('tools/call').first().click();
  await expect(log).toContainText('"organizerEmail": "ada@example.com"');
});

test('shows images, structured content and tool errors as such', async ({ page }) => {
  await connect(page, DEMO_MCP_URL);
  const result = page.getByRole('region', { name: names.tools.result });

  await page
    .getByRole('button', { name: /draw-lens|Draw a picture/ })
    .first()
    .click();
  await page.getByRole('button', { name: names.tools.runTool }).click();
  const image = result.getByRole('img');
  await expect(image).toBeVisible();
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  await page
    .getByRole('button', { name: /get-forecast|Weather forecast/ })
    .first()
    .click();
  await page.getByRole('button', { name: names.tools.runTool }).click();
  await expect(result).toContainText('"unit": "celsius"');

  await page.getByRole('button', { name: 'always-fails' }).click();
  await page.getByRole('button', { name: names.tools.runTool }).click();
  await expect(result).toContainText('Tool returned an error');
  await expect(result).not.toContainText('Request failed');
});

test('puts server notifications on the timeline, and disconnects cleanly', async ({ page }) => {
  await connect(page, DEMO_MCP_URL);
  await page
    .getByRole('button', { name: /long-running-task|Long-running task/ })
    .first()
    .click();
  await page.getByLabel(/^steps/).fill('2');
  await page.getByLabel(/^stepMs/).fill('50');
  await page.getByRole('button', { name: names.tools.runTool }).click();
  await expect(page.getByRole('region', { name: names.tools.result })).toContainText('Completed 2 steps');
  const timeline = page.getByRole('region', { name: names.layout.notifications });
  await expect(timeline).toContainText('notifications/message');
  await expect(timeline).toContainText('notifications/progress');

  await page.getByRole('button', { name: names.connection.disconnect }).click();
  await expect(page.getByRole('status').filter({ hasText: /Disconnected/ })).toBeVisible();
  // What was received stays in the log after the session ends.
  await expect(page.getByRole('region', { name: names.log.region })).toContainText('tools/call');
  await expect(page.getByRole('button', { name: names.connection.connect, exact: true })).toBeEnabled();
});

test('refuses a bad URL at the field and sends nothing', async ({ page }) => {
  await openApp(page);
  const requests: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(APP_URL)) requests.push(request.url());
  });
  const field = page.getByRole('textbox', { name: names.connection.serverUrl });
  for (const bad of ['ftp://example.com/mcp', 'https://user:pw@example.com/mcp', 'not a url']) {
    await field.fill(bad);
    await expect(page.getByRole('button', { name: names.connection.connect, exact: true })).toBeDisabled();
  }
  await field.press('Enter');
  expect(requests).toEqual([]);
});

test('explains a refused connection and connects on the next attempt', async ({ page }) => {
  await openApp(page, 'http://127.0.0.1:47199/mcp');
  await page.getByRole('button', { name: names.connection.connect, exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /Failed/ })).toBeVisible();
  await expect(page.getByText(/No answer from 127\.0\.0\.1:47199: the server may be down/)).toBeVisible();

  await page.getByRole('textbox', { name: names.connection.serverUrl }).fill(DEMO_MCP_URL);
  await page.getByRole('button', { name: names.connection.connect, exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /Connected/ })).toBeVisible();
});

test('says when CORS is what blocks the connection, and what the server must send', async ({ page }) => {
  await openApp(page, NO_CORS_MCP_URL);
  await page.getByRole('button', { name: names.connection.connect, exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /Failed/ })).toBeVisible();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(/cross-origin \(CORS\)/);
  await alert.getByText('Details').click();
  await expect(alert).toContainText('Access-Control-Allow-Origin');
  await expect(alert).toContainText('Mcp-Session-Id');
  await expect(alert).toContainText('WWW-Authenticate');
});

test('sends custom headers and keeps their secret values out of the page', async ({ page }) => {
  await openApp(page, DEMO_MCP_URL);
  await openConnectionSettings(page);
  await page.getByRole('button', { name: /^Headers/ }).click();
  await page.getByRole('button', { name: /Add header/ }).click();
  await page.getByLabel('Header name 1').fill('Authorization');
  await page.getByLabel('Header value 1').fill('Bearer sk-lens-e2e-secret');
  const sent = page.waitForRequest((request) => request.method() === 'POST' && request.url() === DEMO_MCP_URL);
  await page.getByRole('button', { name: names.connection.connect, exact: true }).click();
  expect((await sent).headers()['authorization']).toBe('Bearer sk-lens-e2e-secret');
  await expect(page.getByRole('status').filter({ hasText: /Connected/ })).toBeVisible();
  await expect(page.getByRole('region', { name: names.log.region })).toContainText(/server\/discover|initialize/);
  expect(await page.getByRole('main').innerText()).not.toContain('sk-lens-e2e-secret');
});
