/**
 * Issue 25, class 4: an app's postMessage flood stalled every connection (a Ping took 23–34 s against 0.1–0.2 s).
 * The hostile flood app (src/test/servers/hostile/hostile-apps.ts) starts each flood from a button of its own,
 * so Ping is timed first with the app loaded and quiet, then during each flood. An app's messages are counted
 * and queued on arrival and worked off in background slices (src/ui/apps/app-transport.ts), the sandbox page
 * coalesces size changes and keeps a budget of messages and bytes (public/sandbox.html), and an app over it is
 * paused and named.
 */
import type { Page } from '@playwright/test';
import { expect, openApp, test } from './fixtures.ts';
import { hostileUrl } from './servers/ports.ts';
import { names } from './names.ts';

const APP = 'ui://hostile/flood.html';
/** The machine these run on is shared: waits on state get more time than the default. */
const slow = expect.configure({ timeout: 30_000 });

interface PingTime {
  /** From the click to the result on screen. */
  total: number;
  /** The engine's own round trip, measured in the worker around the request: the wire and the server. */
  wire: number;
}

/** One Ping, clicked and timed in the page: from the click to its result on screen, and the engine's round trip. */
const ping = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<PingTime>((resolve) => {
        const status = document.querySelector('[aria-label="Ping result"]')!;
        const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Ping')!;
        const start = performance.now();
        let pending = false;
        new MutationObserver((_, observer) => {
          if (status.textContent?.startsWith('Pinging')) pending = true;
          else if (pending && status.textContent?.includes('round trip')) {
            observer.disconnect();
            const [, value, unit] = /^([\d.]+) (ms|s) round trip/.exec(status.textContent) ?? [];
            resolve({ total: performance.now() - start, wire: Number(value) * (unit === 's' ? 1000 : 1) });
          }
        }).observe(status, { childList: true, characterData: true, subtree: true });
        button.click();
      }),
  );
const pingMs = async (page: Page) => (await ping(page)).total;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const show = (values: number[]) => values.map((ms) => ms.toFixed(0)).join(', ');
/** The medians of a run of pings: on screen, the engine's round trip, and the rest (the page's share). */
const summary = (times: PingTime[]) =>
  `median ${median(times.map((t) => t.total)).toFixed(0)} (round trip ${median(times.map((t) => t.wire)).toFixed(0)}, ` +
  `page ${median(times.map((t) => t.total - t.wire)).toFixed(0)}) [${show(times.map((t) => t.total))}]`;

/** Runs the flood app's tool and waits until the app is running; returns its frame. */
async function startApp(page: Page) {
  await page.getByRole('button', { name: names.tools.runTool }).click();
  await slow(page.getByRole('region', { name: names.apps.activity }).last()).toContainText('hostile-app 1.0.0 is running');
  return page.frameLocator(`iframe[title="MCP App ${APP}"]`).frameLocator('iframe');
}

/** Pings until `done` holds (at least `least` times): the pings that overlap what the app is doing. */
async function pingUntil(page: Page, done: () => Promise<boolean>, least: number) {
  const times: PingTime[] = [];
  while (times.length < least || (!(await done()) && times.length < 200)) times.push(await ping(page));
  return times;
}

test('an app’s postMessage flood stalls every connection: not any more; Ping answers within twice its idle time', async ({ page }) => {
  test.setTimeout(180_000);
  await openApp(page, hostileUrl('app-flood'));
  await page.getByRole('button', { name: names.connection.connect, exact: true }).click();
  await slow(page.getByRole('status').filter({ hasText: /Connected|Failed/ })).toContainText('Connected');
  await page.getByRole('button', { name: 'open-flood-app', exact: true }).click();
  const app = await startApp(page);
  const activity = page.getByRole('region', { name: names.apps.activity });
  const paused = page.getByRole('status').filter({ hasText: `${APP} was paused` });

  // Idle: the app loaded and quiet (the first pings after its start are warm-up, not counted).
  for (let i = 0; i < 3; i++) await pingMs(page);
  const idle: PingTime[] = [];
  for (let i = 0; i < 9; i++) idle.push(await ping(page));

  // A steady flood just under the budget, for 8 s: the app keeps running, and Ping keeps its pace.
  await app.getByRole('button', { name: 'steady' }).click();
  const steady = await pingUntil(page, async () => (await activity.getByText('steady: sent').count()) > 0, 9);
  await expect(paused).toHaveCount(0);

  // A burst far over the budget: the app is paused and named, and Ping is not held up meanwhile.
  await app.getByRole('button', { name: 'burst' }).click();
  const burst = await pingUntil(page, async () => (await paused.count()) > 0, 3);
  await slow(paused).toBeVisible();
  await slow(activity).toContainText('paused: it sent more than 120 messages in one second');
  const after: PingTime[] = [];
  for (let i = 0; i < 5; i++) after.push(await ping(page));

  console.log(`Ping (ms): idle ${summary(idle)}; steady flood ${summary(steady)}; burst ${summary(burst)}; after ${summary(after)}`);
  // Within twice the idle time, compared as medians. On the shared two-core machine the tests run on, single
  // pings jump between 15 ms and 1 s whatever the app does, so the limit has a floor of 300 ms: still a hundred
  // times under the 23–34 s a flood used to cost. The steady flood's figures are printed, not asserted: the
  // app's own process competes for the same two cores (docs/security.md has the figures).
  const onScreen = (times: PingTime[]) => median(times.map((t) => t.total));
  const limit = Math.max(2 * onScreen(idle), 300);
  expect(onScreen(burst), 'Ping during a burst').toBeLessThan(limit);
  expect(onScreen(after), 'Ping after the app was paused').toBeLessThan(limit);

  // Bytes count too: an app posting 3 MB messages is paused at 8 MB in one second.
  const again = await startApp(page);
  await again.getByRole('button', { name: 'heavy' }).click();
  await slow(activity.last()).toContainText('paused: it sent more than 8 MB of messages in one second');
});
