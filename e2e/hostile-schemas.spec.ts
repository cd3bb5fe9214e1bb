/**
 * Hostile schemas and content (src/test/servers/hostile/schema-scenarios.ts): patterns that backtrack, schemas whose
 * combinations explode, images that declare decompression bombs, prototype-named fields, an optional nested
 * object, and markdown with HTML entities under Trusted Types. The page stays responsive throughout.
 */
import type { Page } from '@playwright/test';
import { expect, openApp, test } from './fixtures.ts';
import { hostileUrl } from './servers/ports.ts';
import { names } from './names.ts';

async function connectTo(page: Page, scenario: string) {
  await openApp(page, hostileUrl(scenario));
  await page.getByRole('button', { name: names.connection.connect, exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /Connected|Failed/ })).toContainText('Connected');
}

const result = (page: Page) => page.getByRole('region', { name: names.tools.result, exact: true });

async function expectStillUsable(page: Page, scenario: string) {
  await page.getByRole('button', { name: 'ok', exact: true }).click();
  await page.getByRole('button', { name: names.tools.runTool }).click();
  await expect(result(page)).toContainText(`ok from ${scenario}`);
}

test('a catastrophic pattern is checked in linear time in the form, the JSON editor and the output check', async ({ page }) => {
  await connectTo(page, 'regex-bomb');
  await page.getByRole('button', { name: 'probe', exact: true }).click();
  // One keystroke of live validation against ^(a+)+$ used to freeze the tab.
  await page.getByLabel('code').fill(`${'a'.repeat(40)}!`);
  await expect(page.locator('.tool-form')).toContainText('Does not match the expected format');
  await page.getByRole('button', { name: 'JSON', exact: true }).click();
  await expect(page.getByRole('note', { name: 'Schema check' })).toContainText('must match pattern');
  await page.getByRole('textbox', { name: 'Arguments (JSON)' }).fill('{}');
  await page.getByRole('button', { name: names.tools.runTool }).click();
  // The engine checks structuredContent against the same pattern, and the worker answers.
  await expect(result(page).getByRole('note')).toContainText('/code must match pattern');
  await expectStillUsable(page, 'regex-bomb');
});

test('a schema whose allOf/anyOf combinations explode opens in the JSON editor, with the reason', async ({ page }) => {
  await connectTo(page, 'combinatorial');
  await page.getByRole('button', { name: 'probe', exact: true }).click();
  await expect(page.getByRole('note').filter({ hasText: '2,097,152 alternatives' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Form', exact: true })).toBeDisabled();
  await page.getByRole('textbox', { name: 'Arguments (JSON)' }).fill('{"f0": "option 0.1"}');
  await page.getByRole('button', { name: names.tools.runTool }).click();
  await expect(result(page)).toContainText('combinations accepted');
});

test('schema bombs open in the JSON editor with the reason, and are checked in a worker', async ({ page }) => {
  // Ajv compiles 10,000 properties in seconds, tens of seconds on a loaded two-core machine (in the worker).
  test.slow();
  await connectTo(page, 'schema-bombs');
  const check = page.getByRole('note', { name: 'Schema check' });
  const editor = page.getByRole('textbox', { name: 'Arguments (JSON)' });
  await page.getByRole('button', { name: 'wide', exact: true }).click();
  await expect(page.getByRole('note').filter({ hasText: 'more than 5,000 parts' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Form', exact: true })).toBeDisabled();
  await editor.fill('{"p1": 1}');
  // Compiling 10,000 properties takes seconds on a loaded machine; it happens in the schema-check worker.
  await expect(check).toContainText("must have required property 'p0'", { timeout: 150_000 });
  await page.getByRole('button', { name: 'enum', exact: true }).click();
  await expect(page.getByRole('note').filter({ hasText: 'An enum lists 99,000 values' })).toBeVisible();
  await editor.fill('{"choice": "nope"}');
  await expect(check).toContainText('must be equal to one of the allowed values', { timeout: 60_000 });
  await page.getByRole('button', { name: 'deep', exact: true }).click();
  await expect(page.getByRole('note').filter({ hasText: 'more than 24 levels deep' })).toBeVisible();
  await expectStillUsable(page, 'schema-bombs');
});

test('icons and resource images that declare 20000×20000 pixels are refused before decoding', async ({ page }) => {
  await connectTo(page, 'image-bombs');
  await expect(page.getByRole('img', { name: /Icon not shown: .*20000×20000 pixels/ }).first()).toBeVisible();
  await page.getByRole('tab', { name: names.tabs.resources }).click();
  const list = page.getByRole('list', { name: names.tabs.resources });
  const contents = page.getByRole('region', { name: 'Resource contents' });
  await list.getByRole('button', { name: 'bomb.png', exact: true }).click();
  await expect(contents).toContainText('The image is not shown: it is 20000×20000 pixels');
  await expect(contents.locator('img')).toHaveCount(0);
  await list.getByRole('button', { name: 'small.png', exact: true }).click();
  await expect(contents.getByRole('img')).toHaveCount(1);
});

test('markdown with HTML entities renders under Trusted Types', async ({ page }) => {
  await connectTo(page, 'image-bombs');
  await page.getByRole('tab', { name: names.tabs.resources }).click();
  await page.getByRole('list', { name: names.tabs.resources }).getByRole('button', { name: 'entities.md', exact: true }).click();
  const contents = page.getByRole('region', { name: 'Resource contents' });
  await expect(contents.getByRole('heading', { name: 'Entities' })).toBeVisible();
  await expect(contents).toContainText('© 2026 Example & Co — all <rights> reserved.');
});

test('an optional nested object whose fields are required can be left out of a form run', async ({ page }) => {
  await connectTo(page, 'optional-nested');
  await page.getByRole('button', { name: 'probe', exact: true }).click();
  await expect(page.locator('.tool-form')).toContainText('leave all of its fields empty to leave it out');
  await page.getByLabel('title').fill('Crash on save');
  await page.getByRole('button', { name: names.tools.runTool }).click();
  await expect(result(page)).toContainText('issue filed');
  await expect(page.locator('.tool-form')).not.toContainText('must have required property');
});

test('input properties named toString and constructor render as ordinary fields', async ({ page }) => {
  await connectTo(page, 'prototype-fields');
  await page.getByRole('button', { name: 'probe', exact: true }).click();
  const form = page.locator('.tool-form');
  // An optional boolean without a default gets a select with "(not set)", looked up by its own name only.
  await expect(form.getByRole('combobox', { name: 'toString' })).toBeVisible();
  await expect(form.getByRole('combobox', { name: 'valueOf' })).toBeVisible();
  await form.getByLabel('topic').fill('prototypes');
  await page.getByRole('button', { name: names.tools.runTool }).click();
  await expect(result(page)).toContainText('prototype fields received');
  await expect(page.locator('body')).not.toContainText('[object Object]');
});
