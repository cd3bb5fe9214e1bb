/**
 * The page fixture every spec uses: it fails a test on any Content Security Policy violation or uncaught
 * page error, so a regression in what the app loads cannot pass quietly.
 */
import { test as base, expect, type Page } from '@playwright/test';
import { APP_URL } from './servers/ports.ts';

export const test = base.extend<{ problems: string[] }>({
  problems: async ({ page }, use) => {
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
});

export { expect };

export async function openApp(page: Page, serverUrl?: string): Promise<void> {
  await page.goto(serverUrl === undefined ? APP_URL : `${APP_URL}?url=${encodeURIComponent(serverUrl)}`);
}

/** The Protocol setting beside Connect, by the label a person sees. */
export type EraLabel = 'Auto' | '2026-07-28' | '2025 and older';

export async function connect(page: Page, serverUrl: string, options: { era?: EraLabel } = {}): Promise<void> {
  await openApp(page, serverUrl);
  await expect(page.getByRole('textbox', { name: 'Server URL' })).toHaveValue(serverUrl);
  if (options.era) await page.getByRole('combobox', { name: 'Protocol' }).selectOption({ label: options.era });
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /Connected|Failed/ })).toContainText('Connected');
}
