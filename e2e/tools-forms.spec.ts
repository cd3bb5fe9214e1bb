/** Tool argument forms for the JSON Schema real servers send, and the raw JSON editor beside them. */
import { connect, expect, test } from './fixtures.ts';
import { DEMO_MCP_URL } from './servers/ports.ts';
import { names } from './names.ts';

test('fills $ref places, a nullable date, an unset-able boolean and a map, with live checks', async ({ page }) => {
  await connect(page, DEMO_MCP_URL);
  await page.getByRole('button', { name: 'plan-trip' }).click();
  const form = page.locator('.tool-form');

  // Both places come from one $defs entry through $ref.
  await form.getByLabel(/^city/).first().fill('Lisbon');
  await form
    .getByLabel(/^country/)
    .first()
    .fill('portugal');
  // The pattern is checked as you type, before anything is sent.
  await expect(form).toContainText(/Does not match the expected format/);
  await form
    .getByLabel(/^country/)
    .first()
    .fill('PT');
  await form.getByLabel(/^city/).nth(1).fill('Oslo');
  await form
    .getByLabel(/^country/)
    .nth(1)
    .fill('NO');
  await form.getByLabel(/^departure/).fill('2026-12-01T09:30');
  await expect(form.getByLabel(/^returnDate/)).toHaveAttribute('type', 'date');
  await expect(form.getByLabel(/^travellerEmail/)).toHaveAttribute('type', 'email');

  // A boolean that is optional and has no default can stay unset: a select, not a checkbox.
  const flexible = form.getByLabel(/^flexibleDates/);
  await expect(flexible).toHaveValue('');
  await flexible.selectOption({ label: 'Yes' });

  // additionalProperties: a key/value map.
  await form.locator('#tool-args_preferences').getByRole('button', { name: /Add/ }).click();
  await form.locator('#tool-args_preferences input').last().fill('window');

  await page.getByRole('button', { name: names.tools.runTool }).click();
  const result = page.getByRole('region', { name: names.tools.result });
  await expect(result).toContainText('Trip from Lisbon (PT) to Oslo (NO), leaving 2026-12-01T');
  await expect(result).toContainText('Flexible dates: yes.');
  await expect(result).toContainText(/Preferences: .+=window/);
});

test('switches between form and JSON without losing input, and never sends JSON that does not parse', async ({ page }) => {
  await connect(page, DEMO_MCP_URL);
  await page.getByRole('button', { name: /^echo$/ }).click();
  await page.getByLabel(/^message/).fill('kept across editors');
  await page.getByRole('button', { name: 'JSON', exact: true }).click();
  const json = page.getByLabel('Arguments (JSON)');
  await expect(json).toHaveValue(/"message": "kept across editors"/);

  await json.fill('{"message": "edited in JSON", "shout": true');
  await expect(page.getByRole('alert').filter({ hasText: 'Not valid JSON' })).toBeVisible();
  await page.getByRole('button', { name: names.tools.runTool }).click();
  await page.getByRole('button', { name: 'Form', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'does not parse' })).toBeVisible();
  await expect(json).toHaveValue('{"message": "edited in JSON", "shout": true'); // the text is kept
  await expect(page.getByRole('region', { name: names.log.region })).not.toContainText('tools/call');

  await json.fill('{"message": "edited in JSON", "shout": true}');
  await page.getByRole('button', { name: 'Form', exact: true }).click();
  await expect(page.getByLabel(/^message/)).toHaveValue('edited in JSON');
  await expect(page.getByLabel(/shout/)).toBeChecked();
  await page.getByRole('button', { name: names.tools.runTool }).click();
  await expect(page.getByRole('region', { name: names.tools.result })).toContainText('EDITED IN JSON');
});

test('offers the raw editor with a notice for a dialect it cannot check', async ({ page }) => {
  await connect(page, DEMO_MCP_URL);
  await page.getByRole('button', { name: 'legacy-search' }).click();
  await expect(page.getByRole('note').filter({ hasText: 'draft-04' })).toContainText('Use the JSON editor');
  // Checked as you type, as advice: the raw editor exists to send what the schema would reject.
  await page.getByLabel('Arguments (JSON)').fill('{"query": 5}');
  await expect(page.getByRole('note', { name: 'Schema check' })).toContainText('/query must be string');
  await page.getByLabel('Arguments (JSON)').fill('{"query": "lenses", "limit": 3}');
  await expect(page.getByRole('note', { name: 'Schema check' })).toHaveCount(0);
  await page.getByRole('button', { name: names.tools.runTool }).click();
  await expect(page.getByRole('region', { name: names.tools.result })).toContainText('Searched for "lenses" (limit 3).');
});

test('says nothing under fields not yet visited, and says what is missing in plain words once Run is tried', async ({ page }) => {
  await connect(page, DEMO_MCP_URL);
  await page.getByRole('button', { name: 'plan-trip' }).click();
  const form = page.locator('.tool-form');
  await form.getByLabel(/^city/).first().fill('Lisbon');
  // The other required fields are untouched: no error under them yet, and never Ajv's wording.
  await expect(form.getByLabel(/^city/).first()).toHaveValue('Lisbon');
  await expect(form).not.toContainText('Required.');
  await expect(form).not.toContainText('must have required property');
  await page.getByRole('button', { name: names.tools.runTool }).click();
  await expect(form.getByText('Required.').first()).toBeVisible();
  await expect(form).not.toContainText('must have required property');
  await expect(page.getByRole('region', { name: names.log.region })).not.toContainText('tools/call');
});

test('a required field is named by its name alone and marked required; the red star is drawn, not read', async ({ page }) => {
  await connect(page, DEMO_MCP_URL);
  await page.getByRole('button', { name: 'book-meeting' }).click();
  const email = page.locator('.tool-form').getByRole('textbox', { name: 'organizerEmail', exact: true });
  await expect(email).toBeVisible();
  await expect(email).toHaveAttribute('required', '');
  // The star still shows beside the label.
  const label = page.locator('.tool-form label[for="tool-args_organizerEmail"]');
  expect(await label.evaluate((element) => getComputedStyle(element, '::after').content)).toContain('*');
});
