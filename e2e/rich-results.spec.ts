/** Rich results: images at a sensible size with zoom, resource links read in place, outputSchema pass/fail. */
import { connect, expect, test } from './fixtures.ts';
import { DEMO_MCP_URL } from './servers/ports.ts';
import { names } from './names.ts';

test('a tiny image is shown scaled up, says its natural size, and zooms', async ({ page }) => {
  await connect(page, DEMO_MCP_URL);
  await page.getByRole('button', { name: 'draw-lens' }).click();
  await page.getByLabel(/^size/).fill('20');
  await page.getByRole('button', { name: names.tools.runTool }).click();
  const result = page.getByRole('region', { name: names.tools.result });
  await expect(result).toContainText('20 × 20 px, shown at 600%');
  const image = result.getByRole('img', { name: /Image returned by the tool/ });
  await expect(image).toHaveAttribute('width', '120');

  await result.getByRole('button', { name: /Zoom image/ }).click();
  const zoom = page.getByRole('dialog', { name: names.richResults.imageZoom });
  // Opens fitted to the window: a whole factor for a tiny image, at most the largest step (1600%).
  await expect(zoom.getByRole('status')).toHaveText('1600%');
  await expect(zoom.getByRole('button', { name: names.richResults.fitToWindow })).toHaveAttribute('aria-pressed', 'true');
  await expect(zoom.getByRole('img')).toHaveAttribute('width', '320');
  const stage = await zoom.getByRole('group', { name: 'Zoomed image' }).boundingBox();
  const shown = await zoom.getByRole('img').boundingBox();
  expect(shown!.x >= stage!.x && shown!.x + shown!.width <= stage!.x + stage!.width).toBe(true);
  expect(shown!.y >= stage!.y && shown!.y + shown!.height <= stage!.y + stage!.height).toBe(true);
  // The dialog is styled: it has the app's surface, not the browser's bare default.
  const dialogBox = await zoom.boundingBox();
  expect(dialogBox!.width).toBeGreaterThan(page.viewportSize()!.width * 0.8);
  await zoom.getByRole('button', { name: names.richResults.zoomOut }).click();
  await expect(zoom.getByRole('status')).toHaveText('800%');
  await zoom.getByRole('button', { name: names.richResults.actualSize }).click();
  await expect(zoom.getByRole('img')).toHaveAttribute('width', '20');
  await zoom.getByRole('button', { name: names.richResults.fitToWindow }).click();
  await expect(zoom.getByRole('status')).toHaveText('1600%');
  await zoom.getByRole('button', { name: 'Close' }).click();
  await expect(zoom).toHaveCount(0);
});

test('a resource link in a result is read in place', async ({ page }) => {
  await connect(page, DEMO_MCP_URL);
  await page.getByRole('button', { name: 'find-docs' }).click();
  await page.getByRole('button', { name: names.tools.runTool }).click();
  const result = page.getByRole('region', { name: names.tools.result });
  await result.getByRole('button', { name: names.richResults.readResource }).click();
  await expect(result.getByRole('article', { name: 'Contents of demo://docs/readme' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: names.log.region }).getByRole('listitem').filter({ hasText: 'resources/read' }).first(),
  ).toBeVisible();
});

test('structured content carries a pass or fail badge against the outputSchema', async ({ page }) => {
  await connect(page, DEMO_MCP_URL);
  const result = page.getByRole('region', { name: names.tools.result });
  await page.getByRole('button', { name: 'get-forecast' }).click();
  await page.getByRole('button', { name: names.tools.runTool }).click();
  await expect(result.getByText('✓ outputSchema: pass')).toBeVisible();
  await page.getByRole('button', { name: 'broken-output' }).click();
  await page.getByRole('button', { name: names.tools.runTool }).click();
  await expect(result.getByText('✗ outputSchema: fail')).toBeVisible();
});

test('audio in a result is playable', async ({ page }) => {
  await connect(page, DEMO_MCP_URL);
  await page.getByRole('button', { name: 'play-tone' }).click();
  await page.getByRole('button', { name: names.tools.runTool }).click();
  const audio = page.getByRole('region', { name: names.tools.result }).locator('audio');
  // HAVE_METADATA or better: the browser decoded the WAV and knows its length.
  await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.readyState)).toBeGreaterThanOrEqual(1);
  expect(await audio.evaluate((element: HTMLAudioElement) => Math.round(element.duration * 10) / 10)).toBe(0.6);
});
