/**
 * Long actions are jobs of the connection (src/app/calls.ts), not of the control that started them: a ping
 * chosen in the command palette is the one the Server details' Ping result shows. Shot at 1280×720, light
 * and dark.
 */
import { connect, expect, openServerDetails, test } from './fixtures.ts';
import { DEMO_MCP_URL } from './servers/ports.ts';
import { names } from './names.ts';

for (const scheme of ['light', 'dark'] as const) {
  test(`a ping from the command palette shows as the Ping result of the server (${scheme})`, async ({ page }, testInfo) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: 1280, height: 720 });
    // Only the 2025 era has ping.
    await connect(page, DEMO_MCP_URL, { era: '2025 and older' });
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: names.palette.dialog });
    await page.keyboard.type('ping the server');
    await palette.getByRole('option', { name: /Ping the server/ }).click();
    await expect(palette).toHaveCount(0);

    await openServerDetails(page);
    await expect(page.getByRole('status', { name: 'Ping result' })).toHaveText(/^\d+ ms round trip \(at /);
    await expect(page.getByRole('button', { name: 'Ping', exact: true })).toBeEnabled();
    await page.screenshot({ path: testInfo.outputPath(`jobs-ping-1280x720-${scheme}.png`), animations: 'disabled', caret: 'hide' });
  });
}
