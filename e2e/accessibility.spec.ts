/**
 * WCAG 2.2 AA, as axe-core checks it, on every tab in both themes: connected to the demo server, with a
 * tool run so the result, the message log and the notification timeline have content to check.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { connect, expect, test } from './fixtures.ts';
import { DEMO_MCP_URL } from './servers/ports.ts';
import { names } from './names.ts';

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const TABS = ['Tools', 'Resources', 'Prompts', 'Tasks', 'Logs', 'Roots', 'Authorization'];

/** Each violation as one line a person can act on: the rule, and the first few elements it names. */
async function violations(page: Page, where: string): Promise<string[]> {
  const { violations: found } = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
  return found.map(
    (v) =>
      `${where}: ${v.id} (${v.impact ?? 'n/a'}) ${v.help} — ${v.nodes
        .slice(0, 4)
        .map((node) => node.target.join(' '))
        .join(', ')}${v.nodes.length > 4 ? ` and ${v.nodes.length - 4} more` : ''}`,
  );
}

for (const colorScheme of ['light', 'dark'] as const) {
  test(`no WCAG 2.2 AA violations on any tab, ${colorScheme} theme`, async ({ page }) => {
    // axe takes seconds per page on a loaded two-core machine, and this visits eight.
    test.setTimeout(300_000);
    await page.emulateMedia({ colorScheme });
    // 2025: the server's question is a server request, which the timeline tags.
    await connect(page, DEMO_MCP_URL, { era: '2025 and older' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
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
    found.push(...(await violations(page, 'Elicitation dialog')));
    await dialog.getByRole('button', { name: names.serverRequests.decline }).click();
    await expect(page.getByRole('region', { name: names.tools.result, exact: true })).toContainText('Elicitation answered: decline');
    await expect(page.getByRole('region', { name: names.layout.notifications }).locator('.timeline-tag').first()).toBeVisible();

    for (const name of TABS) {
      const tab = page.getByRole('tab', { name, exact: true });
      await tab.click();
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('tabpanel')).toBeVisible();
      found.push(...(await violations(page, name)));
    }
    await page.getByRole('button', { name: names.http.http, exact: true }).click();
    await expect(page.getByRole('region', { name: 'HTTP exchanges' })).toBeVisible();
    found.push(...(await violations(page, 'HTTP view')));
    expect(found).toEqual([]);
  });
}
