/**
 * A server that keeps dropping the event stream (hostile scenario `flaky-stream`: four drops, then the
 * stream holds): the connection bar says so beside "Connected", shows why on request, and returns to
 * plain "Connected" once a minute passes without drops.
 */
import { connect, expect, test } from './fixtures.ts';
import { hostileUrl } from './servers/ports.ts';
import { names } from './names.ts';

test('the connection bar shows an unstable event stream, the drops behind it, and recovers', async ({ page }) => {
  await connect(page, hostileUrl('flaky-stream'));
  const status = page.getByRole('status').filter({ hasText: 'Connected' });
  // Drops come about a second apart (the SDK's delay; the scenario sends no `retry`): the third makes it unstable.
  await expect(status).toContainText(/stream unstable \([34] reconnects in the last minute\)/, { timeout: 15_000 });
  await expect(status).toContainText('Connected');

  const badge = status.getByRole('button', { name: /stream unstable/ });
  await expect(badge).toHaveAttribute('title', /Last drop at .*SSE stream disconnected/);
  await badge.click();
  const details = page.getByRole('region', { name: names.streamHealth.drops });
  await expect(details).toContainText('The server keeps dropping the event stream.');
  await expect(details.getByRole('listitem').first()).toContainText(/SSE stream disconnected.*resumes after event \S+-\d/);
  // The fourth drop is the last one; the fifth stream holds.
  await expect(status).toContainText('4 reconnects in the last minute', { timeout: 10_000 });
  await expect(details.getByRole('listitem')).toHaveCount(4);

  // A minute later without drops (the page's clock moved on; timers keep running): plain "Connected".
  await page.clock.setFixedTime(Date.now() + 61_000);
  await expect(status).not.toContainText('unstable', { timeout: 5_000 });
  await expect(status).toHaveText(/^Connected\s*Streamable HTTP$/);
  await expect(details).toBeHidden();
});
