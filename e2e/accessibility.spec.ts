/**
 * WCAG 2.2 AA, as axe-core checks it, on every tab in both themes: connected to the demo server, with a
 * tool run so the result, the message log and the notification timeline have content to check.
 *
 * One connected page serves every scan: each state (a tab, the HTTP view, an open elicitation dialog) is
 * scanned once with every rule in the light theme, then the theme is switched live (the app follows the
 * system's colour scheme) and only the rules whose outcome depends on colour run again in the dark one.
 * Structure, names and roles do not change with the theme; contrast does.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { connect, expect, test } from './fixtures.ts';
import { DEMO_MCP_URL } from './servers/ports.ts';
import { names } from './names.ts';

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** The WCAG 2.2 AA rules of axe-core whose outcome depends on the colours in use. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];
const TABS = ['Tools', 'Resources', 'Prompts', 'Tasks', 'Logs', 'Roots', 'Authorization'];

/** Each violation as one line a person can act on: the rule, and the first few elements it names. */
async function violations(page: Page, where: string, rules?: string[]): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  const { violations: found } = await (rules ? builder.withRules(rules) : builder.withTags(WCAG_22_AA)).analyze();
  return found.map(
    (v) =>
      `${where}: ${v.id} (${v.impact ?? 'n/a'}) ${v.help} — ${v.nodes
        .slice(0, 4)
        .map((node) => node.target.join(' '))
        .join(', ')}${v.nodes.length > 4 ? ` and ${v.nodes.length - 4} more` : ''}`,
  );
}

/** Every rule in the light theme, then the colour rules in the dark one; the page is left light. */
async function scanBothThemes(page: Page, where: string): Promise<string[]> {
  const found = await violations(page, `${where}, light theme`);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  found.push(...(await violations(page, `${where}, dark theme`, COLOUR_RULES)));
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  return found;
}

test('no WCAG 2.2 AA violations on any tab, in the light and the dark theme', async ({ page }) => {
  // axe takes seconds per scan on a loaded two-core machine, and this runs sixteen.
  test.setTimeout(480_000);
  await page.emulateMedia({ colorScheme: 'light' });
  // 2025: the server's question is a server request, which the timeline tags.
  await connect(page, DEMO_MCP_URL, { era: '2025 and older' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  const found: string[] = [];
  // Traffic to check: a call with log messages and a result, and a question from the server.
  await page.getByRole('button', { name: 'long-running-task' }).click();
  await page.getByRole('button', { name: names.tools.runTool }).click();
  await expect(page.getByRole('region', { name: names.tools.result, exact: true })).toContainText('Completed 5 steps');
  await expect(page.getByRole('region', { name: names.layout.notifications })).toContainText('Halfway there');
  await page.getByRole('button', { name: 'ask-every-field' }).click();
  await page.getByRole('button', { name: names.tools.runTool }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  found.push(...(await scanBothThemes(page, 'Elicitation dialog')));
  await dialog.getByRole('button', { name: names.serverRequests.decline }).click();
  await expect(page.getByRole('region', { name: names.tools.result, exact: true })).toContainText('Elicitation answered: decline');
  await expect(page.getByRole('region', { name: names.layout.notifications }).locator('.timeline-tag').first()).toBeVisible();

  for (const name of TABS) {
    const tab = page.getByRole('tab', { name, exact: true });
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toBeVisible();
    found.push(...(await scanBothThemes(page, name)));
  }
  await page.getByRole('button', { name: names.http.http, exact: true }).click();
  await expect(page.getByRole('region', { name: 'HTTP exchanges' })).toBeVisible();
  found.push(...(await scanBothThemes(page, 'HTTP view')));
  expect(found).toEqual([]);
});
