/** Results: annotations, structured content as a tree, output-schema mismatches, confirmation and settings. */
import { connect, expect, test } from './fixtures.ts';
import { DEMO_MCP_URL } from './servers/ports.ts';
import { names } from './names.ts';

test('shows content annotations, and a mismatch with the outputSchema beside the result', async ({ page }) => {
  await connect(page, DEMO_MCP_URL);
  const result = page.getByRole('region', { name: names.tools.result });
  await page.getByRole('button', { name: 'annotated-report' }).click();
  await page.getByRole('button', { name: names.tools.runTool }).click();
  const annotations = result.getByRole('list', { name: 'Annotations' });
  await expect(annotations.first()).toContainText('audience: user');
  await expect(annotations.first()).toContainText('priority: 1');
  await expect(annotations.first()).toContainText('modified:');
  await expect(annotations.nth(1)).toContainText('audience: assistant');
  await expect(result).toContainText('Binary content');

  await page.getByRole('button', { name: 'broken-output' }).click();
  await page.getByRole('button', { name: names.tools.runTool }).click();
  await expect(result.getByRole('note')).toContainText('Does not match the output schema');
  const tree = result.getByRole('tree', { name: 'Structured content' });
  await expect(tree).toContainText('count: "three"');
});

test('a 2025 result without a content array is shown as breaking the spec, though the SDK fills in an empty one', async ({ page }) => {
  // The demo server's answer with its content taken out on the way (the SDK defaults a missing one to []).
  const strip = (json: string) => {
    const message = JSON.parse(json) as { result?: Record<string, unknown> };
    if (message.result) delete message.result.content;
    return JSON.stringify(message);
  };
  await page.route('**/mcp', async (route) => {
    if (!(route.request().postData() ?? '').includes('"tools/call"')) return route.fallback();
    const response = await route.fetch();
    const text = await response.text();
    const body = text.trim().startsWith('{')
      ? strip(text)
      : text.replace(/^data: (.*)$/gm, (_line, json: string) => `data: ${strip(json)}`);
    await route.fulfill({ response, body });
  });
  await connect(page, DEMO_MCP_URL, { era: '2025 and older' });
  await page.getByRole('button', { name: 'echo', exact: true }).click();
  await page.getByRole('button', { name: names.tools.runTool }).click();
  const result = page.getByRole('region', { name: names.tools.result });
  await expect(result).toContainText('Result breaks the MCP spec');
  await expect(result.getByRole('note')).toContainText('the result has no "content" array');
});

test('shows a big structured result as a tree that expands lazily', async ({ page }) => {
  await connect(page, DEMO_MCP_URL);
  await page.getByRole('button', { name: 'big-structure' }).click();
  await page.getByRole('button', { name: names.tools.runTool }).click();
  const tree = page.getByRole('tree', { name: 'Structured content' });
  await expect(tree).toContainText('[5000 items]', { timeout: 15_000 });
  // The root, `total`, `rows` and one page of rows, not five thousand.
  await expect(tree.getByRole('treeitem')).toHaveCount(3 + 100);
  await tree.getByRole('button', { name: /Show 100 more of 4900/ }).click();
  await tree.getByRole('button', { name: 'Expand 150' }).click();
  await expect(tree).toContainText('name: "row-150"');
  await tree.getByRole('button', { name: 'Collapse rows' }).click();
  await expect(tree).not.toContainText('row-150');
});

test('asks before running a tool that may be destructive, and the question can be turned off', async ({ page }) => {
  await connect(page, DEMO_MCP_URL);
  const log = page.getByRole('region', { name: names.log.region });
  await page.getByRole('button', { name: 'reset-demo' }).click();
  await page.getByRole('button', { name: names.tools.runTool }).click();
  const dialog = page.getByRole('dialog', { name: /Run reset-demo/ });
  await expect(dialog).toContainText('by the MCP spec’s defaults');
  await dialog.getByRole('button', { name: names.tools.dontRun }).click();
  await expect(dialog).toBeHidden();
  await expect(log).not.toContainText('tools/call');

  await page.getByRole('button', { name: names.tools.runTool }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Run anyway' }).click();
  await expect(page.getByRole('region', { name: names.tools.result })).toContainText('Nothing was reset');

  // A read-only tool runs without the question.
  await page.getByRole('button', { name: /^echo$/ }).click();
  await page.getByRole('button', { name: names.tools.runTool }).click();
  await expect(page.getByRole('region', { name: names.tools.result })).toContainText('Hello, MCP!');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.getByText('Call settings').click();
  await page.getByLabel('Ask before running tools that may be destructive').uncheck();
  await page.getByLabel('Request timeout (seconds)').fill('90');
  await page.getByLabel('Request timeout (seconds)').press('Enter');
  await page.reload();
  await page.getByRole('button', { name: names.connection.connect, exact: true }).click();
  await page.getByText('Call settings').click();
  await expect(page.getByLabel('Ask before running tools that may be destructive')).not.toBeChecked();
  await expect(page.getByLabel('Request timeout (seconds)')).toHaveValue('90');
  await page.getByRole('button', { name: 'clear-notes' }).click();
  await page.getByRole('button', { name: names.tools.runTool }).click();
  await expect(page.getByRole('region', { name: names.tools.result })).toContainText(/note/i);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
