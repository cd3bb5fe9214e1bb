/**
 * axe-core scans (WCAG 2.2 AA) for specs. A state is scanned once with every rule in the light theme, then
 * the theme is switched live on the same page (the app follows the system's colour scheme) and only the
 * rules whose outcome depends on colour run again in the dark one: structure, names and roles do not change
 * with the theme, contrast does. So a spec checks both themes in one test, without a second connect.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import { expect } from './fixtures.ts';

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** The WCAG 2.2 AA rules of axe-core whose outcome depends on the colours in use. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** Limits a scan to parts of the page (CSS selectors) and, for the dark pass, to some rules. */
interface ScanOptions {
  include?: string[] | undefined;
  rules?: string[];
}

/** Each violation as one line a person can act on: the rule, and the first few elements it names. */
async function violations(page: Page, where: string, options: ScanOptions = {}): Promise<string[]> {
  let builder = new AxeBuilder({ page });
  for (const selector of options.include ?? []) builder = builder.include(selector);
  builder = options.rules ? builder.withRules(options.rules) : builder.withTags(WCAG_22_AA);
  const { violations: found } = await builder.analyze();
  return found.map(
    (v) =>
      `${where}: ${v.id} (${v.impact ?? 'n/a'}) ${v.help} — ${v.nodes
        .slice(0, 4)
        .map((node) => node.target.join(' '))
        .join(', ')}${v.nodes.length > 4 ? ` and ${v.nodes.length - 4} more` : ''}`,
  );
}

/** Switches the system colour scheme the page sees and waits until the app has followed it. */
export async function useTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}

/** A screenshot of the page in each theme, kept with the test's output as `<name>-<theme>.png`; the page is left light. */
export async function shootBothThemes(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await useTheme(page, scheme);
    const path = testInfo.outputPath(`${name}-${scheme}.png`);
    await page.screenshot({ path });
    await testInfo.attach(`${name}-${scheme}`, { path, contentType: 'image/png' });
  }
  await useTheme(page, 'light');
}

/** Every rule in the light theme, then the colour rules in the dark one; the page is left light. */
export async function scanBothThemes(page: Page, where: string, include?: string[]): Promise<string[]> {
  const found = await violations(page, `${where}, light theme`, { include });
  await useTheme(page, 'dark');
  found.push(...(await violations(page, `${where}, dark theme`, { include, rules: COLOUR_RULES })));
  await useTheme(page, 'light');
  return found;
}
