/** The CSP's Trusted Types are enforced: HTML sinks refuse strings, while the worker and Ajv still work. */
import { connect, expect, openApp, test } from './fixtures.ts';
import { DEMO_MCP_URL } from './servers/ports.ts';
import { names } from './names.ts';

test('an HTML sink refuses a plain string, and the app still starts its worker and validates forms', async ({ page, problems }) => {
  await openApp(page);
  const outcome = await page.evaluate(() => {
    try {
      // eslint-disable-next-line no-restricted-syntax -- the point of this test: the sink must refuse a string
      document.createElement('div').innerHTML = '<img src=x onerror=alert(1)>';
      return 'allowed';
    } catch (error) {
      return (error as Error).name;
    }
  });
  expect(outcome).toBe('TypeError');
  // That refusal is itself reported as a violation; it is the one this test provoked on purpose.
  await expect.poll(() => problems.some((p) => p.includes('require-trusted-types-for'))).toBe(true);
  problems.splice(0, problems.length, ...problems.filter((p) => !p.includes('require-trusted-types-for')));

  await connect(page, DEMO_MCP_URL);
  await page
    .getByRole('button', { name: /book-meeting|Book a meeting room/ })
    .first()
    .click();
  await page.getByLabel(/organizerEmail/).fill('not-an-email');
  await page.getByRole('button', { name: names.tools.runTool }).click();
  // Ajv (new Function under the default policy) ran in the page: the form reports the format error itself.
  await expect(page.getByText(/Enter an email address/).first()).toBeVisible();
});
