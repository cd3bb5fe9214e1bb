/**
 * The relay advice of a hosted copy, run as given (issue 34, 36). The app here is served by a plain static
 * server that says nothing about where it came from (e2e/servers/static.ts), as any static host: its CORS
 * panel offers the single file the build put beside it (dist/mcp-lens-relay.mjs). That command is then run
 * as a person would, in an empty folder: it downloads the file, whose SHA-256 is checked as the app says,
 * and starts the relay with Node, which reaches a server without CORS and a stdio server, in both eras.
 * The same for a clone's `npm run relay -- …`: src/test/engine-relay-advice.test.ts.
 */
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { relayFileImports } from '../src/node/build/relay-file.ts';
import { startRelay } from '../src/node/relay/relay.ts';
import { relayAdvice, relayCommand, relayFragment, RELAY_FILE, RELAY_VERSION_HEADER } from '../src/shared/relay.ts';
import { discoverThrough, initializeThrough, runAdvisedRelay, type AdvisedRelay } from '../src/test/relay-advice-run.ts';
import type { Page } from '@playwright/test';

import { scanBothThemes } from './axe.ts';
import { expect, openApp, openServerDetails, test } from './fixtures.ts';
import { names } from './names.ts';
import { APP_URL, NO_CORS_REAL_MCP_URL } from './servers/ports.ts';

const REPOSITORY = fileURLToPath(new URL('..', import.meta.url));
const FIXTURE = join(REPOSITORY, 'src/test/servers/relay-stdio-modern-fixture.ts');
// The SDK's older stdio server transport: it speaks 2025 alone.
const FIXTURE_2025 = join(REPOSITORY, 'src/test/servers/relay-stdio-fixture.ts');
// The stdio server is TypeScript, run by tsx from the repository: the relay's folder has nothing in it.
const TSX = pathToFileURL(join(REPOSITORY, 'node_modules/tsx/dist/loader.mjs')).href;
const APP_ORIGIN = new URL(APP_URL).origin;
const VERSION = (JSON.parse(readFileSync(join(REPOSITORY, 'package.json'), 'utf8')) as { version: string }).version;

const folders: string[] = [];
const running: AdvisedRelay[] = [];
test.afterEach(async () => {
  await Promise.all(running.splice(0).map((relay) => relay.stop()));
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** Runs an advised command in a new empty folder, as a person would paste it. */
async function runInEmptyFolder(command: string): Promise<{ relay: AdvisedRelay; folder: string }> {
  const folder = mkdtempSync(join(tmpdir(), 'mcp-lens-relay-file-'));
  folders.push(folder);
  const relay = await runAdvisedRelay(command, folder);
  running.push(relay);
  return { relay, folder };
}

/** The check the app shows, run in the folder: sha256sum reads the published hash and checks the download. */
function checkAsAdvised(posixCheck: string, folder: string): string {
  return execFileSync('sh', ['-c', posixCheck], { cwd: folder, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

test('a plain static host offers the single-file relay: the command, its PowerShell form and its check', async ({ page }, testInfo) => {
  await openApp(page, NO_CORS_REAL_MCP_URL);
  await page.getByRole('button', { name: names.connection.connect, exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /Failed/ })).toBeVisible({ timeout: 15_000 });
  const offer = page.getByRole('alert').getByRole('region', { name: names.connection.localRelay });
  const advice = relayCommand('hosted', APP_URL, NO_CORS_REAL_MCP_URL);
  await expect(offer.getByLabel(names.connection.relayCommand, { exact: true })).toHaveText(advice.command);
  // Running a file from a host is more than using its page: said beside the command, not folded away.
  await expect(offer).toContainText('runs it with Node, with your access to this machine: run it only from a host you trust.');
  await offer.getByText(names.connection.relayMore, { exact: true }).click();
  await expect(offer.getByLabel(names.connection.relayCommandPowershell)).toBeVisible();
  await expect(offer.getByLabel(names.connection.relayCommandPowershell)).toHaveText(advice.powershell);
  await expect(offer.getByLabel(names.connection.checkRelayFile)).toHaveText(`${advice.check!.posix}\n${advice.check!.powershell}`);
  await expect(offer.getByRole('button', { name: names.connection.copyRelayCommand })).toBeEnabled();
  expect(await scanBothThemes(page, 'The relay offer, unfolded', ['.relay-offer'])).toEqual([]);
  for (const scheme of ['light', 'dark'] as const) {
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.emulateMedia({ colorScheme: scheme });
    await offer.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`relay-offer-hosted-${scheme}.png`) });
  }
});

test('the downloaded relay file checks out, and reaches a server without CORS in both eras', async () => {
  const advice = relayCommand('hosted', APP_URL, NO_CORS_REAL_MCP_URL);
  const { relay, folder } = await runInEmptyFolder(advice.command);
  expect(readdirSync(folder)).toEqual([RELAY_FILE]);
  const file = readFileSync(join(folder, RELAY_FILE));
  // What the host published is what the build made, and the check the app gives passes on it.
  expect(file.equals(readFileSync(join(REPOSITORY, 'dist', RELAY_FILE)))).toBe(true);
  expect(checkAsAdvised(advice.check!.posix, folder)).toBe(`${RELAY_FILE}: OK\n`);
  expect(readFileSync(join(REPOSITORY, 'dist', `${RELAY_FILE}.sha256`), 'utf8')).toBe(
    `${createHash('sha256').update(file).digest('hex')}  ${RELAY_FILE}\n`,
  );
  // Self-contained: it loads Node's own modules and nothing else.
  const builtins = new Set(builtinModules);
  expect(relayFileImports(file.toString('utf8')).filter((name) => !name.startsWith('node:') && !builtins.has(name))).toEqual([]);

  expect(relay.output()).toContain(`MCP Lens relay ${VERSION} for ${NO_CORS_REAL_MCP_URL}`);
  const initialized = await initializeThrough(relay, APP_ORIGIN);
  expect(initialized.status).toBe(200);
  expect(initialized.message).toMatchObject({ id: 1, result: { serverInfo: { name: expect.any(String) } } });
  expect(initialized.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
  expect(initialized.headers.get(RELAY_VERSION_HEADER)).toBe(VERSION);
  const discovered = await discoverThrough(relay);
  expect(discovered.status).toBe(200);
  expect(discovered.message).toMatchObject({ id: 2, result: { supportedVersions: expect.arrayContaining(['2026-07-28']) } });
  // Run without --lens, its link opens the app on this machine, which a hosted copy's user may not run: it says so.
  const bare = await runAdvisedRelay(`node ${RELAY_FILE} ${NO_CORS_REAL_MCP_URL}`, folder);
  running.push(bare);
  expect(bare.output()).toContain(
    '(if MCP Lens is not running on this machine yet: run this again with --lens <the address of the MCP Lens you use>)',
  );
  // A tampered file fails the same check.
  execFileSync('sh', ['-c', `printf '//' >> ${RELAY_FILE}`], { cwd: folder });
  expect(() => checkAsAdvised(advice.check!.posix, folder)).toThrow();
});

test('the downloaded relay file runs a stdio server, initialize on one run and server/discover on another', async () => {
  const advice = relayAdvice('hosted', APP_URL, ['--', process.execPath, '--import', TSX, FIXTURE]);
  const first = await runInEmptyFolder(advice.command);
  expect((await initializeThrough(first.relay)).message).toMatchObject({
    id: 1,
    result: { serverInfo: { name: 'relay-stdio-modern-fixture' } },
  });
  await first.relay.stop();
  const second = await runInEmptyFolder(advice.command);
  expect((await discoverThrough(second.relay)).message).toMatchObject({
    id: 2,
    result: { supportedVersions: expect.arrayContaining(['2026-07-28']) },
  });
});

/** A request the relay served or refused, in its log: none may come before the person says yes. */
const RELAY_REQUEST_LINE = /^relay: (?:GET|POST|DELETE|OPTIONS|refused|probe)/m;

/** Opens the link the relay printed, and checks the question it asks: the relay, what it runs, no request yet. */
async function openRelayLink(page: Page, relay: AdvisedRelay, runs: string) {
  expect(relay.link.startsWith(`${APP_URL}?url=${encodeURIComponent(relay.url)}&connect=1#relay-token=${relay.token}`)).toBe(true);
  await page.goto(relay.link);
  const request = page.getByRole('region', { name: names.links.request });
  await expect(request).toContainText(`This link asks to connect through the local relay at ${relay.url}`);
  await expect(request.locator('.link-request-runs')).toHaveText(runs);
  // The token went into the connection's headers and left the address bar (and this history entry) at once.
  expect(page.url()).not.toContain('relay-token');
  expect(page.url()).not.toContain(relay.token);
  await expect(page.getByRole('status').filter({ hasText: /Disconnected/ })).toBeVisible();
  expect(relay.output()).not.toMatch(RELAY_REQUEST_LINE);
  return request;
}

/** Connected through the relay, in the era the server speaks, and the token nowhere on the page or in its address. */
async function expectConnected(page: Page, relay: AdvisedRelay, era?: '2025 era' | '2026-07-28 (stateless)') {
  await expect(page.getByRole('status').filter({ hasText: /Connected|Failed/ })).toContainText('Connected', { timeout: 30_000 });
  expect(relay.output()).toMatch(RELAY_REQUEST_LINE);
  if (era !== undefined) {
    await openServerDetails(page);
    await expect(page.locator('.server-panel .era-badge')).toHaveText(era);
  }
  expect(page.url()).not.toContain(relay.token);
  expect(await page.content()).not.toContain(relay.token);
}

test('the one command from a hosted copy: run the file for a stdio server, open its link, say yes by keyboard, connected (2026-07-28)', async ({
  page,
}, testInfo) => {
  const advice = relayAdvice('hosted', APP_URL, ['--', process.execPath, '--import', TSX, FIXTURE, '--modern-only']);
  const { relay } = await runInEmptyFolder(advice.command);
  const request = await openRelayLink(page, relay, `${process.execPath} --import ${TSX} ${FIXTURE} --modern-only`);
  await expect(request).toBeFocused();
  expect(await scanBothThemes(page, 'The relay link question', ['.link-request'])).toEqual([]);
  for (const scheme of ['light', 'dark'] as const) {
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: testInfo.outputPath(`relay-link-question-${scheme}.png`) });
  }
  await page.keyboard.press('Tab');
  await expect(request.getByRole('button', { name: names.links.connectToThisServer })).toBeFocused();
  await page.keyboard.press('Enter');
  await expectConnected(page, relay, '2026-07-28 (stateless)');
});

test('the one command from a hosted copy, for a 2025 stdio server: open its link, click yes, connected', async ({ page }) => {
  const advice = relayAdvice('hosted', APP_URL, ['--', process.execPath, '--import', TSX, FIXTURE_2025]);
  const { relay } = await runInEmptyFolder(advice.command);
  const request = await openRelayLink(page, relay, `${process.execPath} --import ${TSX} ${FIXTURE_2025}`);
  await request.getByRole('button', { name: names.links.connectToThisServer }).click();
  await expectConnected(page, relay, '2025 era');
});

test('the one command from a hosted copy, for a server without CORS: Escape is Not now, and Connect still works', async ({ page }) => {
  const { relay } = await runInEmptyFolder(relayCommand('hosted', APP_URL, NO_CORS_REAL_MCP_URL).command);
  const request = await openRelayLink(page, relay, NO_CORS_REAL_MCP_URL);
  await page.keyboard.press('Escape');
  await expect(request).toBeHidden();
  expect(relay.output()).not.toMatch(RELAY_REQUEST_LINE);
  await expect(page.getByRole('textbox', { name: names.connection.serverUrl })).toHaveValue(relay.url);
  await page.getByRole('button', { name: names.connection.connect, exact: true }).click();
  await expectConnected(page, relay);
});

test('says so when the relay is another version than the app', async ({ page }, testInfo) => {
  const relay = await startRelay({
    target: { kind: 'http', url: new URL(NO_CORS_REAL_MCP_URL) },
    allowedOrigins: [APP_ORIGIN],
    log: () => undefined,
    version: '0.0.1',
  });
  try {
    await page.goto(`${APP_URL}?url=${encodeURIComponent(relay.url)}${relayFragment(relay.token)}`);
    await page.getByRole('button', { name: names.connection.connect, exact: true }).click();
    const status = page.getByRole('status').filter({ hasText: /Connected|Failed/ });
    await expect(status).toContainText('Connected', { timeout: 20_000 });
    await expect(status).toContainText(`relay 0.0.1, app ${VERSION}`);
    await openServerDetails(page);
    await expect(page.locator('.relay-version-note')).toHaveText(
      `The local relay is version 0.0.1 and this app ${VERSION}. If something fails through it, stop it and start the relay with the command this app gives for a server it cannot reach directly.`,
    );
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width: 1280, height: 720 });
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: testInfo.outputPath(`relay-version-${scheme}.png`) });
    }
  } finally {
    await relay.close();
  }
});
