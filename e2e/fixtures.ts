/**
 * What every spec uses: `test`, whose automatic `problems` fixture fails a test on any Content Security
 * Policy violation or uncaught page error (so a regression in what the app loads cannot pass quietly), and
 * the page helpers below, so specs say what a person does instead of repeating the clicks.
 */
import { test as base, expect, type Page } from '@playwright/test';
import { APP_URL } from './servers/ports.ts';
import { names } from './names.ts';

export const test = base.extend<{ problems: string[] }>({
  // Automatic: every test gets it without asking. A test that expects a problem takes `problems` and removes it.
  problems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      await page.exposeFunction('__reportCspViolation', (text: string) => problems.push(text));
      await page.addInitScript(() => {
        // An MCP App's own document (about:srcdoc inside the sandbox page) is the server's code under the
        // server's declared policy: what it tries and is refused is its business, and e2e/apps.spec.ts checks
        // those refusals on purpose. Everything of MCP Lens, the sandbox page included, is still watched.
        if (location.href === 'about:srcdoc') return;
        document.addEventListener('securitypolicyviolation', (event) => {
          (window as unknown as { __reportCspViolation(text: string): void }).__reportCspViolation(
            `CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || '(inline)'} in ${event.sourceFile}:${event.lineNumber}`,
          );
        });
      });
      page.on('pageerror', (error) => problems.push(`Page error: ${error.message}`));
      await use(problems);
      expect(problems, 'CSP violations and uncaught errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export async function openApp(page: Page, serverUrl?: string): Promise<void> {
  await page.goto(serverUrl === undefined ? APP_URL : `${APP_URL}?url=${encodeURIComponent(serverUrl)}`);
}

/** Opens the server card (connected, it starts folded to one line), unless it is open already. */
export async function openServerDetails(page: Page): Promise<void> {
  const button = page.getByRole('button', { name: names.connection.serverDetails });
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
}

/** The Protocol setting beside Connect, by the label a person sees. */
export type EraLabel = 'Auto' | '2026-07-28' | '2025 and older';

/**
 * Opens the toolbar's settings popover (transport, Protocol, Headers, Client capabilities, Save server),
 * unless it is open already. A click elsewhere, Connect included, closes it again.
 */
export async function openConnectionSettings(page: Page): Promise<void> {
  const button = page.getByRole('button', { name: names.connection.settings });
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  await expect(page.getByRole('group', { name: names.connection.settings })).toBeVisible();
}

/** Chooses the Protocol in the settings popover. */
export async function chooseEra(page: Page, era: EraLabel): Promise<void> {
  await openConnectionSettings(page);
  await page.getByRole('combobox', { name: names.connection.protocol }).selectOption({ label: era });
}

export async function connect(page: Page, serverUrl: string, options: { era?: EraLabel } = {}): Promise<void> {
  await openApp(page, serverUrl);
  await expect(page.getByRole('textbox', { name: names.connection.serverUrl })).toHaveValue(serverUrl);
  if (options.era) await chooseEra(page, options.era);
  await page.getByRole('button', { name: names.connection.connect, exact: true }).click();
  // A connect is several round trips (probe, handshake, lists) through a worker: on two loaded cores it can
  // take well over the default 5 s, which is a slow machine, not a failure.
  await expect(page.getByRole('status').filter({ hasText: /Connected|Failed/ })).toContainText('Connected', { timeout: 30_000 });
}

/** The Result region of the selected tool. */
export const result = (page: Page) => page.getByRole('region', { name: names.tools.result });

/** The JSON-RPC Message log region. */
export const messageLog = (page: Page) => page.getByRole('region', { name: names.log.region });

/**
 * Shows a feature tab as a person would: its tab when the row has it, else the "More tabs" menu's item, which
 * holds the tabs the row has no room for (at 1280 px beside the traffic column: the last few). Either way the
 * tab is then in the row and selected.
 */
export async function showTab(page: Page, name: string): Promise<void> {
  await expect(page.getByRole('tablist', { name: names.featureTabs.list })).toBeVisible();
  const tab = page.getByRole('tab', { name, exact: true });
  if ((await tab.count()) === 0) {
    await page.getByRole('button', { name: names.featureTabs.more }).click();
    await page.getByRole('menuitem', { name, exact: true }).click();
  } else {
    await tab.click();
  }
  await expect(tab).toHaveAttribute('aria-selected', 'true');
}

/** Opens the Tools tab and selects a tool by its exact name in the list. */
export async function openTool(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name: names.tabs.tools }).click();
  await page.getByRole('list', { name: names.tabs.tools }).getByRole('button', { name, exact: true }).click();
}

/**
 * Selects a tool, fills its form (`fill`) or its JSON arguments (`args`), and presses Run tool. It waits
 * for nothing after the click: the caller waits on the state it expects (a result, a dialog, progress).
 */
export async function runTool(page: Page, name: string, input: { fill?: () => Promise<void>; args?: unknown } = {}): Promise<void> {
  await openTool(page, name);
  if (input.args !== undefined) {
    await page.getByRole('button', { name: 'JSON', exact: true }).click();
    await page.getByRole('textbox', { name: 'Arguments (JSON)' }).fill(JSON.stringify(input.args));
  }
  await input.fill?.();
  await page.getByRole('button', { name: names.tools.runTool }).click();
}
