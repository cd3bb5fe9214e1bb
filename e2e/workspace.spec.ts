/** Saved servers, config import and export, and links that land where they were made. */
import type { Page } from '@playwright/test';
import { connect, expect, openApp, openConnectionSettings, openTool, result, runTool, test } from './fixtures.ts';
import { APP_URL, DEMO_MCP_URL, EVERYTHING_SSE_URL } from './servers/ports.ts';
import { names } from './names.ts';

const SECRET = 'Bearer sk-planted-e2e-42';
const URL_TOKEN = 'tok-planted-e2e-77';

const savedServers = (page: Page) => page.getByRole('list', { name: names.savedServers.list });
const status = (page: Page) => page.getByRole('status').filter({ hasText: /Connected|Connecting|Disconnected|Failed/ });

test('imports a Claude Desktop config with three servers and connects to one from the list', async ({ page }) => {
  await openApp(page);
  const config = {
    mcpServers: {
      demo: { type: 'http', url: DEMO_MCP_URL },
      everything: { type: 'sse', url: EVERYTHING_SSE_URL },
      files: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp/My Files'], env: { TOKEN: 'x' } },
    },
  };
  await page.getByRole('textbox', { name: names.savedServers.configJson }).fill(JSON.stringify(config));
  await page.getByRole('button', { name: names.savedServers.import, exact: true }).click();
  await expect(page.getByText('Saved 2 servers.')).toBeVisible();
  // Served by a plain static server, the app advises the relay file it publishes, with --lens naming itself.
  await expect(page.getByRole('list', { name: names.savedServers.localServers })).toContainText(
    `curl -fsSLO ${APP_URL}mcp-lens-relay.mjs && node mcp-lens-relay.mjs --lens ${APP_URL} -- npx -y @modelcontextprotocol/server-filesystem '/tmp/My Files'`,
  );
  await expect(savedServers(page).getByRole('listitem')).toHaveCount(2);

  // The list survives a reload (localStorage) and connects in one click.
  await page.reload();
  await page.getByRole('button', { name: 'Connect to demo' }).click();
  await expect(status(page)).toContainText('Connected', { timeout: 15_000 });
  await expect(page.getByRole('textbox', { name: names.connection.serverUrl })).toHaveValue(DEMO_MCP_URL);

  // Recent first on the next visit.
  await page.getByRole('button', { name: names.connection.disconnect }).click();
  await expect(savedServers(page).getByRole('listitem').first()).toContainText('demo');

  await page.getByRole('button', { name: 'Rename everything' }).click();
  await page.getByRole('textbox', { name: names.savedServers.serverName }).fill('Everything (SSE)');
  await page.getByRole('button', { name: names.savedServers.saveName }).click();
  await page.getByRole('button', { name: 'Duplicate Everything (SSE)' }).click();
  await expect(savedServers(page).getByRole('listitem')).toHaveCount(3);
  await page.getByRole('button', { name: 'Delete Everything (SSE) (copy)' }).click();
  await expect(savedServers(page).getByRole('listitem')).toHaveCount(2);
});

test('reloads onto the same tool, with the address following tab and tool', async ({ page }) => {
  await connect(page, DEMO_MCP_URL);
  await runTool(page, 'echo', { args: { message: 'before reload' } });
  await expect(result(page)).toContainText('before reload');
  await expect.poll(() => new URL(page.url()).hash).toBe('#tools/echo');
  expect(new URL(page.url()).searchParams.get('url')).toBe(DEMO_MCP_URL);

  await page.reload();
  await page.getByRole('button', { name: names.connection.connect, exact: true }).click();
  await expect(status(page)).toContainText('Connected', { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'echo' })).toBeVisible();
  await expect(page.getByRole('button', { name: names.tools.runTool })).toBeVisible();

  await page.getByRole('tab', { name: names.tabs.prompts }).click();
  await expect.poll(() => new URL(page.url()).hash).toBe('#prompts');
});

test('a link that connects says what it will do first, then lands on its tool', async ({ page }) => {
  await page.goto(`${APP_URL}?url=${encodeURIComponent(DEMO_MCP_URL)}&connect=1#tools/echo`);
  const request = page.getByRole('region', { name: names.links.request });
  await expect(request).toContainText(DEMO_MCP_URL);
  await expect(status(page)).toContainText('Disconnected');
  // Once read, the request leaves the address: a reload does not connect again.
  await expect.poll(() => page.url()).not.toContain('connect=1');
  await request.getByRole('button', { name: names.links.connectToThisServer }).click();
  await expect(status(page)).toContainText('Connected', { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'echo' })).toBeVisible();
});

test('no generated link or export carries a secret header value or a URL token', async ({ page }) => {
  const serverUrl = `${DEMO_MCP_URL}?api_token=${URL_TOKEN}`;
  await openApp(page, serverUrl);
  await openConnectionSettings(page);
  await page.getByRole('button', { name: /^Headers/ }).click();
  await page.getByRole('button', { name: /Add header/ }).click();
  await page.getByRole('textbox', { name: 'Header name 1' }).fill('Authorization');
  await page.getByLabel('Header value 1').fill(SECRET);
  await page.getByRole('button', { name: names.connection.connect, exact: true }).click();
  await expect(status(page)).toContainText('Connected', { timeout: 15_000 });
  await openTool(page, 'echo');

  await openConnectionSettings(page);
  await page.getByRole('button', { name: names.connection.saveServer }).click();
  const form = page.getByRole('form', { name: names.connection.saveServer });
  await form.getByRole('textbox', { name: names.savedServers.formName }).fill('Secret demo');
  await expect(form.getByRole('checkbox', { name: /Keep the value of Authorization/ })).not.toBeChecked();
  await form.getByRole('button', { name: names.savedServers.save, exact: true }).click();

  await page.getByRole('button', { name: names.connection.disconnect }).click();
  await page.getByRole('button', { name: 'Export Secret demo' }).click();
  const exports = page.getByRole('group', { name: 'Export Secret demo for a client' });
  await expect(exports).toContainText('claude mcp add --transport http');
  await expect(exports).toContainText('<your Authorization>');

  const generated = [page.url(), await exports.innerText(), JSON.stringify(await page.evaluate(() => ({ ...localStorage })))];
  for (const text of generated) expect(text).not.toContain('sk-planted-e2e');
  expect(page.url()).not.toContain(URL_TOKEN);

  // Without its value kept, Connect asks for it instead of connecting with an empty header.
  await page.getByRole('button', { name: 'Connect to Secret demo' }).click();
  await expect(page.getByText(/Fill in the value of Authorization/)).toBeVisible();
  await expect(status(page)).toContainText('Disconnected');
});
