import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';

import {
  BROKEN_AUDIT_PORT,
  APP_URL,
  DEMO_PORT,
  EVERYTHING_HTTP_PORT,
  EVERYTHING_MCP_URL,
  EVERYTHING_SSE_PORT,
  FAKE_PROVIDER_PORT,
  FLOOD_PORT,
  HOST,
  HOSTILE_PORT,
  MODERN_FIXTURE_PORT,
  NO_CORS_MCP_PORT,
  NO_CORS_PORT,
  NO_CORS_REAL_MCP_URL,
  OAUTH_ORIGIN,
  E2E_RELAY_TOKEN,
  oauthMcpUrl,
  RELAY_HTTP_PORT,
  RELAY_OAUTH_PORT,
  RELAY_CONSOLE_PORT,
  RELAY_STDIO_PORT,
  slotBase,
  BAD_DISCOVER_PORT,
} from './e2e/servers/ports.ts';
import { e2eLaunchOptions } from './e2e/chromium.ts';

// Servers are reused when already running locally (fast edit–test loops) but
// always started fresh on CI.
const reuseExistingServer = !process.env.CI;
// `node --import tsx` rather than `npx tsx`: one process, so signals reach it.
const tsNode = 'node --import tsx';
const stopGently = { signal: 'SIGTERM', timeout: 3_000 } as const;
const FULL_TRACE = process.env.LENS_E2E_TRACE === 'full';
const WORKERS = Math.max(1, Number(process.env.LENS_E2E_WORKERS) || 1);

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  // One worker by default, and no retries that hide flakiness. LENS_E2E_WORKERS=2 runs two, each against a set
  // of servers of its own (see servers() below).
  workers: WORKERS,
  fullyParallel: false,
  retries: 0,
  // Waits are on state; these bounds only turn a hang into a failure. Playwright's defaults (30 s a test, 5 s for an
  // expectation) assume an idle machine, and CI runs on a loaded two-core one: at load average 20 a test that
  // takes 6 s idle takes 50–70 s.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL: APP_URL,
    browserName: 'chromium',
    // A failed test keeps its trace: the actions with their timings, the network and the console. Without the
    // page snapshots and the screencast, which doubled a test's time (measured at load 17: 4 typical tests
    // 51 s untraced, 90–112 s fully traced); the failure screenshot below shows the page. LENS_E2E_TRACE=full
    // records them too, for a spec being debugged.
    trace: { mode: 'retain-on-failure', snapshots: FULL_TRACE, screenshots: FULL_TRACE, sources: FULL_TRACE },
    screenshot: 'only-on-failure',
    launchOptions: e2eLaunchOptions,
  },
  projects: [{ name: 'chromium' }],
  webServer: Array.from({ length: WORKERS }, (_, slot) => servers(slot)).flat(),
});

/**
 * One worker slot's servers (e2e/servers/ports.ts): each listens SLOT_SPAN ports above the previous slot's, and
 * finds its own ports from LENS_E2E_PORT_BASE.
 */
function servers(slot: number) {
  const shift = slotBase(slot) - slotBase(0);
  const port = (p: number) => p + shift;
  const at = (url: string) => url.replace(/:(\d+)(?=[/]|$)/, (_, p: string) => `:${port(Number(p))}`);
  const slotEnv = { LENS_E2E_PORT_BASE: String(slotBase(slot)) };
  const suffix = slot === 0 ? '' : `${slot}:`;
  return [
    {
      name: suffix + 'app',
      // Serves the dist/ that `npm run test:e2e` has just built.
      command: `${tsNode} e2e/servers/static.ts`,
      url: at(APP_URL),
      env: slotEnv,
      reuseExistingServer,
      gracefulShutdown: stopGently,
    },
    {
      name: suffix + 'demo',
      command: `${tsNode} src/node/demo-server/main.ts --port ${port(DEMO_PORT)}`,
      // The root answers 200; /mcp would answer 400 without a session.
      url: `http://${HOST}:${port(DEMO_PORT)}/`,
      env: slotEnv,
      reuseExistingServer,
      gracefulShutdown: stopGently,
    },
    {
      name: suffix + 'everything-http',
      command: 'npx --no mcp-server-everything streamableHttp',
      env: { ...slotEnv, PORT: String(port(EVERYTHING_HTTP_PORT)) },
      // A GET without a session answers 400, which Playwright counts as "up".
      url: at(EVERYTHING_MCP_URL),
      reuseExistingServer,
      gracefulShutdown: stopGently,
    },
    {
      name: suffix + 'everything-sse',
      command: 'npx --no mcp-server-everything sse',
      env: { ...slotEnv, PORT: String(port(EVERYTHING_SSE_PORT)) },
      // Probing /sse would open (and leak) a session per probe; wait for the port instead.
      port: port(EVERYTHING_SSE_PORT),
      reuseExistingServer,
      gracefulShutdown: stopGently,
      // It logs every message it receives to stderr.
      stderr: 'ignore',
    },
    {
      name: suffix + 'flood',
      command: `${tsNode} bench/flood-main.ts --port ${port(FLOOD_PORT)}`,
      // GET answers 405 (no standalone stream), which counts as up.
      port: port(FLOOD_PORT),
      env: slotEnv,
      reuseExistingServer,
      gracefulShutdown: stopGently,
    },
    {
      name: suffix + 'no-cors',
      command: `${tsNode} e2e/servers/no-cors.ts`,
      url: `http://${HOST}:${port(NO_CORS_PORT)}/`,
      env: slotEnv,
      reuseExistingServer,
      gracefulShutdown: stopGently,
    },
    {
      name: suffix + 'oauth',
      command: `${tsNode} e2e/servers/oauth.ts`,
      url: `${at(OAUTH_ORIGIN)}/`,
      env: slotEnv,
      reuseExistingServer,
      gracefulShutdown: stopGently,
    },
    {
      name: suffix + 'modern',
      command: `${tsNode} e2e/servers/modern.ts`,
      url: `http://${HOST}:${port(MODERN_FIXTURE_PORT)}/`,
      env: slotEnv,
      reuseExistingServer,
      gracefulShutdown: stopGently,
    },
    {
      name: suffix + 'no-cors-mcp',
      command: `${tsNode} e2e/servers/no-cors-mcp.ts`,
      port: port(NO_CORS_MCP_PORT),
      env: slotEnv,
      reuseExistingServer,
      gracefulShutdown: stopGently,
    },
    {
      // The relay answers nothing without its token, not even a readiness probe: wait for the port.
      name: suffix + 'relay-http',
      command: `${tsNode} src/node/relay/main.ts --port ${port(RELAY_HTTP_PORT)} --lens ${at(APP_URL)} ${at(NO_CORS_REAL_MCP_URL)}`,
      env: { ...slotEnv, MCP_LENS_RELAY_TOKEN: E2E_RELAY_TOKEN },
      port: port(RELAY_HTTP_PORT),
      reuseExistingServer,
      gracefulShutdown: stopGently,
    },
    {
      // A stdio server from npm (already a devDependency), run by the relay as a person would.
      name: suffix + 'relay-stdio',
      command: `${tsNode} src/node/relay/main.ts --port ${port(RELAY_STDIO_PORT)} --lens ${at(APP_URL)} -- npx --no mcp-server-everything stdio`,
      env: { ...slotEnv, MCP_LENS_RELAY_TOKEN: E2E_RELAY_TOKEN },
      port: port(RELAY_STDIO_PORT),
      reuseExistingServer,
      gracefulShutdown: stopGently,
      // server-everything logs every message it receives to stderr, which the relay passes through.
      stderr: 'ignore',
    },
    {
      // A stdio server that writes to stderr and exits with code 3 when asked: the app's Console and Restart.
      name: suffix + 'relay-console',
      command: `${tsNode} src/node/relay/main.ts --port ${port(RELAY_CONSOLE_PORT)} --lens ${at(APP_URL)} -- node --import tsx src/test/servers/stdio-console-fixture.ts`,
      env: { ...slotEnv, MCP_LENS_RELAY_TOKEN: E2E_RELAY_TOKEN },
      port: port(RELAY_CONSOLE_PORT),
      reuseExistingServer,
      gracefulShutdown: stopGently,
      stderr: 'ignore',
    },
    {
      // OAuth through the relay: in front of the OAuth fixture, whose metadata names the fixture, not the relay.
      name: suffix + 'relay-oauth',
      command: `${tsNode} src/node/relay/main.ts --port ${port(RELAY_OAUTH_PORT)} --lens ${at(APP_URL)} ${at(oauthMcpUrl('consent'))}`,
      env: { ...slotEnv, MCP_LENS_RELAY_TOKEN: E2E_RELAY_TOKEN },
      port: port(RELAY_OAUTH_PORT),
      reuseExistingServer,
      gracefulShutdown: stopGently,
    },
    {
      name: suffix + 'fake-provider',
      command: `${tsNode} e2e/servers/fake-provider.ts`,
      url: `http://${HOST}:${port(FAKE_PROVIDER_PORT)}/`,
      env: slotEnv,
      reuseExistingServer,
      gracefulShutdown: stopGently,
    },
    {
      name: suffix + 'hostile',
      command: `${tsNode} e2e/servers/hostile.ts`,
      url: `http://${HOST}:${port(HOSTILE_PORT)}/`,
      env: slotEnv,
      reuseExistingServer,
      gracefulShutdown: stopGently,
    },
    {
      // POST only: GET answers 405, which Playwright does not count as up; wait for the port.
      name: suffix + 'bad-discover',
      command: `${tsNode} e2e/servers/errors.ts`,
      port: port(BAD_DISCOVER_PORT),
      env: slotEnv,
      reuseExistingServer,
      gracefulShutdown: stopGently,
    },
    {
      name: suffix + 'broken-audit',
      command: `${tsNode} e2e/servers/broken-audit.ts`,
      url: `http://${HOST}:${port(BROKEN_AUDIT_PORT)}/`,
      env: slotEnv,
      reuseExistingServer,
      gracefulShutdown: stopGently,
    },
  ] satisfies PlaywrightTestConfig['webServer'];
}
