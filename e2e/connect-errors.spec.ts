/**
 * What a person sees when a connect fails: each class of failure with its own sentence, and the one-click
 * fix where there is one. The engine tests prove each sentence against real servers, Node's causes
 * included (src/test/engine-connect-errors.test.ts); this spec shows them in the app, in a browser, once.
 */
import type { Page } from '@playwright/test';
import { shootBothThemes } from './axe.ts';
import { chooseEra, expect, openApp, test } from './fixtures.ts';
import { nameOf, names } from './names.ts';
import {
  BAD_DISCOVER_MCP_URL,
  CLOSED_PORT,
  CLOSED_PORT_MCP_URL,
  DEMO_MCP_URL,
  EVERYTHING_MCP_URL,
  NO_CORS_MCP_URL,
} from './servers/ports.ts';

const status = (page: Page) => page.getByRole('status').filter({ hasText: /Connected|Connecting|Disconnected|Failed/ });
const failure = (page: Page) => page.getByRole('alert');

/** Types a URL and connects; the failure panel then holds `sentence`. */
async function failWith(page: Page, url: string, sentence: string | RegExp) {
  await page.getByRole('textbox', { name: names.connection.serverUrl }).fill(url);
  await page.getByRole('button', { name: names.connection.connect, exact: true }).click();
  await expect(failure(page)).toContainText(sentence, { timeout: 30_000 });
  await expect(status(page)).toContainText('Failed');
}

test('each failure says its own cause, and a URL that cannot work is offered the one that does', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const origin = new URL(DEMO_MCP_URL).origin;
  const hostPort = new URL(DEMO_MCP_URL).host;

  // The scheme left off: offered http:// on this machine, one click away.
  await openApp(page, `${hostPort}/mcp`);
  await expect(page.getByText(`Add http:// or https:// — did you mean ${DEMO_MCP_URL}?`)).toBeVisible();
  await expect(page.getByRole('button', { name: names.connection.connect, exact: true })).toBeDisabled();
  await shootBothThemes(page, testInfo, 'no-scheme');
  await page.getByRole('button', { name: nameOf.useSuggestedUrl(DEMO_MCP_URL) }).click();
  await expect(status(page)).toContainText('Connected', { timeout: 30_000 });
  await page.getByRole('button', { name: names.connection.disconnect }).click();
  await expect(status(page)).toContainText('Disconnected');

  // Wrong path: the server's own 404 words, not what the legacy SSE fallback met at the page on /.
  await failWith(page, `${origin}/`, 'The server says: “Not found. The MCP endpoint is /mcp.”');
  await expect(failure(page)).not.toContainText('HTTP 200');
  await shootBothThemes(page, testInfo, 'wrong-path');

  // Down: a browser cannot say why, so no cause is blamed, CORS least of all.
  const initializes = page.getByRole('region', { name: names.log.region }).getByRole('button', { name: /request initialize/ });
  const earlier = await initializes.count();
  await failWith(page, CLOSED_PORT_MCP_URL, `No answer from 127.0.0.1:${CLOSED_PORT}: the server may be down`);
  await expect(failure(page)).not.toContainText(/CORS|Mcp-Method/);
  // Its initialize has no answer in the log, and will get none: the request's detail says so, not a silent wait.
  // The log reaches the page in batches, which may come after the failure is told: wait for this attempt's row.
  await expect(initializes).toHaveCount(earlier + 1);
  await initializes.last().click();
  await expect(page.getByRole('region', { name: names.log.selected })).toContainText(
    'No answer: the HTTP request ended without a response the client could read',
  );

  // CORS: the server is reachable, the browser withholds its answers.
  await failWith(page, NO_CORS_MCP_URL, 'The server is reachable, but the browser blocked the response');

  // A 2026-07-28 server whose server/discover lacks capabilities: exactly that, never an HTTP 405.
  await failWith(page, BAD_DISCOVER_MCP_URL, 'The server answered server/discover, but its result is not valid: capabilities is missing.');
  await expect(failure(page)).not.toContainText('405');

  // https:// to a port that speaks http: offered http://, which connects.
  await failWith(
    page,
    DEMO_MCP_URL.replace('http:', 'https:'),
    `answers plain http, not https: this port does not speak TLS. Use http:// — did you mean ${DEMO_MCP_URL}?`,
  );
  await shootBothThemes(page, testInfo, 'wrong-scheme');
  await failure(page)
    .getByRole('button', { name: nameOf.useSuggestedUrl(DEMO_MCP_URL) })
    .click();
  await expect(status(page)).toContainText('Connected', { timeout: 30_000 });
  await page.getByRole('button', { name: names.connection.disconnect }).click();
  await expect(status(page)).toContainText('Disconnected');

  // The other era: pinned to 2026-07-28, a 2025-only server.
  await chooseEra(page, '2026-07-28');
  await failWith(
    page,
    EVERYTHING_MCP_URL,
    /Pinned to 2026-07-28, but the server answered server\/discover with .* as a server of the 2025 era/,
  );
  await expect(failure(page)).not.toContainText('did not offer');
});
