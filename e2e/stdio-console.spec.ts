/**
 * The console of a stdio server behind the local relay (issue 36): a server that writes to stderr and then
 * exits with code 3. The Console shows its lines (a secret it printed masked), the connection ends with "exited
 * with code 3" and its last line, and Restart brings it back.
 */
import { expect, test } from './fixtures.ts';
import { names } from './names.ts';
import { APP_URL, E2E_RELAY_TOKEN, RELAY_CONSOLE_URL } from './servers/ports.ts';

test('shows the server’s stderr, ends the connection with its exit code and last line, and Restart brings it back', async ({ page }) => {
  await page.goto(`${APP_URL}?url=${encodeURIComponent(RELAY_CONSOLE_URL)}#relay-token=${E2E_RELAY_TOKEN}`);
  await page.getByRole('button', { name: names.connection.connect, exact: true }).click();
  const status = page.getByRole('status').filter({ hasText: /Connected|Failed/ });
  await expect(status).toContainText('Connected', { timeout: 20_000 });

  const beside = page.getByRole('tablist', { name: names.console.tabs });
  await beside.getByRole('tab', { name: names.console.tab }).click();
  const consoleRegion = page.getByRole('region', { name: names.console.region });
  const lines = consoleRegion.getByLabel(names.console.lines);
  await expect(lines).toContainText('console fixture started');
  // A secret the server printed is masked before it reaches the page.
  await expect(lines).toContainText('loaded config: API_KEY=••••');
  await expect(page.getByText('sk-console-fixture-secret')).toHaveCount(0);

  // The filter narrows the lines.
  await consoleRegion.getByLabel(names.console.filter).fill('api_key');
  await expect(lines.getByRole('listitem')).toHaveCount(1);
  await consoleRegion.getByLabel(names.console.filter).fill('');

  await page.getByRole('tab', { name: names.tabs.tools }).click();
  await page
    .getByRole('button', { name: /^crash/ })
    .first()
    .click();
  await page.getByRole('button', { name: names.tools.runTool }).click();

  await expect(status).toContainText('Failed', { timeout: 20_000 });
  const failure = page.getByRole('alert').filter({ hasText: 'exited with code 3' });
  await expect(failure).toContainText('The server process exited with code 3');
  await expect(failure).toContainText('fatal: the crash tool was called, exiting');
  await expect(lines).toContainText('fatal: the crash tool was called, exiting');
  await expect(lines).toContainText('The server process exited with code 3.');

  // Restart is offered in the Console and beside the failure the exit caused.
  await expect(consoleRegion.getByRole('button', { name: names.console.restart, exact: true })).toBeEnabled();
  await failure.getByRole('button', { name: names.console.restart, exact: true }).click();
  await expect(status).toContainText('Connected', { timeout: 30_000 });
  await expect(lines).toContainText('The server process started again.');
  await expect(lines.getByText(/^console fixture started/)).toHaveCount(2);
});
