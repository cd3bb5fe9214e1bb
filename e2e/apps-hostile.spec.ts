/**
 * A hostile MCP App (src/test/servers/hostile/hostile-app.ts) tries to escape: every attempt is refused by the
 * browser (the sandbox, the opaque origin, the app's CSP), the refusals the browser reports are shown and
 * logged, and nothing out of policy reaches the network. Asserted on state: the app's own record of each
 * attempt, the fixture's record of what arrived, the page's URL and windows.
 */
import { createSocket } from 'node:dgram';
import type { Page } from '@playwright/test';
import { expect, openApp, test } from './fixtures.ts';
import { APP_URL, HOSTILE_PORT, hostileControlUrl, hostileUrl } from './servers/ports.ts';
import { names } from './names.ts';

const APP = 'ui://hostile/escape.html';

test('a hostile app cannot read storage, reach the worker, navigate, open popups or load out-of-policy scripts', async ({ page }) => {
  test.setTimeout(120_000);
  await openApp(page, hostileUrl('app-escape'));
  await page.evaluate(() => localStorage.setItem('mcp-lens.theme', 'dark'));
  await page.getByRole('button', { name: names.connection.connect, exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /Connected|Failed/ })).toContainText('Connected', { timeout: 30_000 });
  await page.getByRole('button', { name: 'open-escape-app', exact: true }).click();
  await page.getByRole('button', { name: names.tools.runTool }).click();

  const attempts = page.frameLocator(`iframe[title="MCP App ${APP}"]`).frameLocator('iframe').getByRole('list', { name: 'Attempts' });
  const outcome = (name: string) => attempts.locator(`li[data-attempt="${name}"]`);
  for (const name of ['storage', 'inspector document', 'worker', 'top navigation', 'popup', 'popup, native', 'remote script', 'fetch']) {
    await expect(outcome(name), name).toContainText(`${name}: refused`);
  }
  await expect(outcome('bypass proxy')).toHaveText('bypass proxy: sent');

  // What the browser refused and reported is shown beside the app and logged.
  const activity = page.getByRole('region', { name: names.apps.activity });
  await expect(
    activity.getByRole('listitem').filter({ hasText: 'the browser refused what its CSP does not allow (script-src-elem)' }),
  ).toHaveCount(1);
  await expect(
    activity.getByRole('listitem').filter({ hasText: 'the browser refused what its CSP does not allow (connect-src)' }),
  ).toHaveCount(1);
  await expect(activity.getByRole('listitem').filter({ hasText: 'the browser refused a popup to https://example.com/popup ' })).toHaveCount(
    1,
  );
  await expect(page.getByRole('region', { name: names.log.region })).toContainText(`MCP App ${APP}: the browser refused`);

  // Nothing out of policy arrived, and the call sent around the proxy was ignored.
  const received = (await (await page.request.get(hostileControlUrl('app-escape'))).json()) as Array<{ rpcMethod?: string }>;
  expect(received.filter((r) => r.rpcMethod?.startsWith('asset'))).toEqual([]);
  expect(received.filter((r) => r.rpcMethod === 'tools/call')).toHaveLength(1);
  // Only the inspector's own address: the server, the tab and the tool it put there itself.
  expect(page.url()).toBe(`${APP_URL}?url=${encodeURIComponent(hostileUrl('app-escape'))}#tools/open-escape-app`);
  expect(page.context().pages()).toHaveLength(1);
  expect(await page.evaluate(() => localStorage.getItem('mcp-lens.theme'))).toBe('dark');
});

/** The machine these run on is shared: waits on state get more time than the default 5 s. */
const slow = expect.configure({ timeout: 30_000 });

/** Connects to a hostile app scenario and runs the tool that shows its app; returns the app's list of attempts. */
async function runHostileApp(page: Page, scenario: string, tool: string) {
  // These runs wait on a machine shared by many: the app starts after a connect, a read and a frame load.
  test.setTimeout(120_000);
  await openApp(page, hostileUrl(scenario));
  await page.getByRole('button', { name: names.connection.connect, exact: true }).click();
  await slow(page.getByRole('status').filter({ hasText: /Connected|Failed/ })).toContainText('Connected');
  await page.getByRole('button', { name: tool, exact: true }).click();
  await page.getByRole('button', { name: names.tools.runTool }).click();
  const attempts = page.frameLocator(`iframe[title="MCP App ui://hostile/${scenario.replace('app-', '')}.html"]`).frameLocator('iframe');
  return (name: string) => attempts.locator(`li[data-attempt="${name}"]`);
}

const received = async (page: Page, scenario: string) =>
  (await (await page.request.get(hostileControlUrl(scenario))).json()) as Array<{ rpcMethod?: string; toolName?: string }>;

test('an app can reach the network its declaration denies: neither over WebRTC nor by navigating its frame', async ({ page, problems }) => {
  // A UDP listener where the app aims its TURN and STUN requests (the fixture's port number, over UDP).
  const udp = createSocket('udp4');
  const packets: Buffer[] = [];
  udp.on('message', (packet) => packets.push(packet));
  await new Promise<void>((resolve) => udp.bind(HOSTILE_PORT, '127.0.0.1', resolve));
  try {
    await runHostileApp(page, 'app-network', 'open-network-app');
    // The app's own record of each attempt reaches the host's App activity (its document does not survive
    // the blocked navigation: the frame shows an error page instead).
    const activity = page.getByRole('region', { name: names.apps.activity });
    for (const name of ['webrtc', 'webrtc, fresh frame', 'webrtc, srcdoc frame'])
      await slow(activity.getByRole('listitem').filter({ hasText: `info: ${name}: refused` }), name).toHaveCount(1);
    await slow(activity.getByRole('listitem').filter({ hasText: 'refused a WebRTC peer connection' }).first()).toBeVisible();
    await slow(activity.getByRole('listitem').filter({ hasText: 'a navigation of its frame to' }).first()).toBeVisible();
    // Nothing left: no ICE packet, no navigation carrying the query.
    expect(packets.length).toBe(0);
    expect((await received(page, 'app-network')).filter((r) => r.rpcMethod?.startsWith('asset'))).toEqual([]);
  } finally {
    udp.close();
  }
  // The sandbox page's own refusals of the navigation are expected here, and are what the activity shows.
  const expected = problems.filter((problem) => problem.includes('frame-src'));
  expect(expected.length).toBeGreaterThan(0);
  problems.splice(0, problems.length, ...problems.filter((problem) => !problem.includes('frame-src')));
});

test('an app runs destructive tools without the confirmation: not any more; it asks first, naming the app', async ({ page }) => {
  const outcome = await runHostileApp(page, 'app-destructive', 'open-destructive-app');
  const question = page.getByRole('dialog', { name: 'The app ui://hostile/destructive.html asks to run wipe' });
  await slow(question).toContainText('The server marks this tool as destructive');
  expect((await received(page, 'app-destructive')).filter((r) => r.toolName === 'wipe')).toEqual([]);
  // The safe choice has the focus: Enter declines.
  await slow(question.getByRole('button', { name: names.tools.dontRun })).toBeFocused();
  await page.keyboard.press('Enter');
  await slow(outcome('wipe 1')).toContainText('wipe 1: refused');

  await question.getByRole('button', { name: names.apps.allowForSession }).click();
  await slow(outcome('wipe 2')).toHaveText('wipe 2: done');
  // Allowed for this session: the third call and the read-only one run without a question.
  await slow(outcome('wipe 3')).toHaveText('wipe 3: done');
  await slow(outcome('peek')).toHaveText('peek: done');
  await slow(question).toBeHidden();
  expect((await received(page, 'app-destructive')).filter((r) => r.toolName === 'wipe')).toHaveLength(2);
  // Each call is the app's in the log.
  await slow(
    page.getByRole('region', { name: names.log.region }).getByRole('listitem').filter({ hasText: 'from app' }).first(),
  ).toBeVisible();
});

// Class 4, an app's postMessage flood, is e2e/apps-flood.spec.ts.

test('the open-link consent can be swapped: not any more; a second request is refused and the first is answered', async ({ page }) => {
  const outcome = await runHostileApp(page, 'app-links', 'open-links-app');
  const question = page.getByRole('dialog', { name: 'The app asks to open a link' });
  await slow(question).toContainText('/first-link');
  // The second request, 1.5 s later, is refused while the question is open; the dialog is unchanged.
  await slow(outcome('second link')).toContainText('second link: refused');
  await slow(question).toContainText('/first-link');
  await slow(question).not.toContainText('/second-link');
  const popup = page.context().waitForEvent('page');
  await question.getByRole('button', { name: names.apps.openLink }).click();
  expect((await popup).url()).toContain('/first-link');
  await slow(outcome('first link')).toHaveText('first link: done');
  expect((await received(page, 'app-links')).filter((r) => r.rpcMethod === 'asset second-link')).toEqual([]);
});
