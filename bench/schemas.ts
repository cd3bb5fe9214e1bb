/**
 * Schema bombs (src/test/servers/hostile/schema-scenarios.ts, scenario `schema-bombs`): a tool whose
 * inputSchema has 10,000 properties, a 99,000-value enum, an allOf of anyOfs, objects nested 150 deep. Each is
 * selected, then arguments are typed into the JSON editor key by key until the schema check answers; the
 * longest main-thread task of each step is the figure (target ≤ 200 ms: the page never freezes).
 */
import type { Page } from '@playwright/test';
import { phase, type Report } from './lists.ts';

const BOMBS = [
  { tool: 'wide', label: '10,000 properties', args: '{"p1": 1}', problem: "must have required property 'p0'" },
  { tool: 'enum', label: '99,000-value enum', args: '{"choice": "nope"}', problem: 'must be equal to one of the allowed values' },
  { tool: 'combinations', label: 'allOf × anyOf (8^7)', args: '{"f0": 1}', problem: 'must be string' },
  { tool: 'deep', label: 'nesting 150 deep', args: '{"note": 1}', problem: 'could not be compiled' },
] as const;

export async function benchSchemaBombs(page: Page, report: Report, serverUrl: string, wait: number): Promise<void> {
  await page.goto(page.url().replace(/\?.*$/, `?url=${encodeURIComponent(serverUrl)}`));
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  const tools = page.getByRole('list', { name: 'Tools' });
  await tools.getByRole('button', { name: 'wide', exact: true }).waitFor({ timeout: wait });
  for (const bomb of BOMBS) {
    await phase(page, report, `schema bomb, ${bomb.label}: select the tool`, async () => {
      await tools.getByRole('button', { name: bomb.tool, exact: true }).click();
      await page.getByRole('button', { name: 'Run tool' }).waitFor({ timeout: wait });
    });
    await page.getByRole('button', { name: 'JSON', exact: true }).click();
    const editor = page.getByRole('textbox', { name: 'Arguments (JSON)' });
    await editor.fill('');
    await phase(page, report, `schema bomb, ${bomb.label}: type arguments, checked`, async () => {
      // Key by key, as a person types: each keystroke re-parses, and the check must not compile again.
      await editor.pressSequentially(bomb.args, { delay: 20 });
      await page.getByRole('note', { name: 'Schema check' }).filter({ hasText: bomb.problem }).waitFor({ timeout: wait });
    });
  }
  await page.getByRole('button', { name: 'Disconnect', exact: true }).click();
}
