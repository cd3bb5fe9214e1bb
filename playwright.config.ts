import { defineConfig } from '@playwright/test';

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
  RELAY_STDIO_PORT,
} from './e2e/servers/ports.ts';

// Playwright cannot download browsers on our machines: it drives the system
// Chromium (scripts/ensure-chromium.mjs makes sure it is there).
const executablePath = process.env.CHROMIUM_PATH?.trim() || '/usr/bin/chromium';

// Servers are reused when already running locally (fast edit–test loops) but
// always started fresh on CI.
const reuseExistingServer = !process.env.CI;
// `node --import tsx` rather than `npx tsx`: one process, so signals reach it.
const tsNode = 'node --import tsx';
const stopGently = { signal: 'SIGTERM', timeout: 3_000 } as const;

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  // Two cores: one worker, one test at a time, and no retries that hide flakiness.
  workers: 1,
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
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-quic',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
  webServer: [
    {
      name: 'app',
      // Serves the dist/ that `npm run test:e2e` has just built.
      command: `${tsNode} e2e/servers/static.ts`,
      url: APP_URL,
      reuseExistingServer,
      gracefulShutdown: stopGently,
    },
    {
      name: 'demo',
      command: `${tsNode} src/node/demo-server/main.ts --port ${DEMO_PORT}`,
      // The root answers 200; /mcp would answer 400 without a session.
      url: `http://${HOST}:${DEMO_PORT}/`,
      reuseExistingServer,
      gracefulShutdown: stopGently,
    },
    {
      name: 'everything-http',
      command: 'npx --no mcp-server-everything streamableHttp',
      env: { PORT: String(EVERYTHING_HTTP_PORT) },
      // A GET without a session answers 400, which Playwright counts as "up".
      url: EVERYTHING_MCP_URL,
      reuseExistingServer,
      gracefulShutdown: stopGently,
    },
    {
      name: 'everything-sse',
      command: 'npx --no mcp-server-everything sse',
      env: { PORT: String(EVERYTHING_SSE_PORT) },
      // Probing /sse would open (and leak) a session per probe; wait for the port instead.
      port: EVERYTHING_SSE_PORT,
      reuseExistingServer,
      gracefulShutdown: stopGently,
      // It logs every message it receives to stderr.
      stderr: 'ignore',
    },
    {
      name: 'flood',
      command: `${tsNode} bench/flood-main.ts --port ${FLOOD_PORT}`,
      // GET answers 405 (no standalone stream), which counts as up.
      port: FLOOD_PORT,
      reuseExistingServer,
      gracefulShutdown: stopGently,
    },
    {
      name: 'no-cors',
      command: `${tsNode} e2e/servers/no-cors.ts`,
      url: `http://${HOST}:${NO_CORS_PORT}/`,
      reuseExistingServer,
      gracefulShutdown: stopGently,
    },
    {
      name: 'oauth',
      command: `${tsNode} e2e/servers/oauth.ts`,
      url: `${OAUTH_ORIGIN}/`,
      reuseExistingServer,
      gracefulShutdown: stopGently,
    },
    {
      name: 'modern',
      command: `${tsNode} e2e/servers/modern.ts`,
      url: `http://${HOST}:${MODERN_FIXTURE_PORT}/`,
      reuseExistingServer,
      gracefulShutdown: stopGently,
    },
    {
      name: 'no-cors-mcp',
      command: `${tsNode} e2e/servers/no-cors-mcp.ts`,
      port: NO_CORS_MCP_PORT,
      reuseExistingServer,
      gracefulShutdown: stopGently,
    },
    {
      // The relay answers nothing without its token, not even a readiness probe: wait for the port.
      name: 'relay-http',
      command: `${tsNode} src/node/relay/main.ts --port ${RELAY_HTTP_PORT} --lens ${APP_URL} ${NO_CORS_REAL_MCP_URL}`,
      env: { MCP_LENS_RELAY_TOKEN: E2E_RELAY_TOKEN },
      port: RELAY_HTTP_PORT,
      reuseExistingServer,
      gracefulShutdown: stopGently,
    },
    {
      // A stdio server from npm (already a devDependency), run by the relay as a person would.
      name: 'relay-stdio',
      command: `${tsNode} src/node/relay/main.ts --port ${RELAY_STDIO_PORT} --lens ${APP_URL} -- npx --no mcp-server-everything stdio`,
      env: { MCP_LENS_RELAY_TOKEN: E2E_RELAY_TOKEN },
      port: RELAY_STDIO_PORT,
      reuseExistingServer,
      gracefulShutdown: stopGently,
      // server-everything logs every message it receives to stderr, which the relay passes through.
      stderr: 'ignore',
    },
    {
      // OAuth through the relay: in front of the OAuth fixture, whose metadata names the fixture, not the relay.
      name: 'relay-oauth',
      command: `${tsNode} src/node/relay/main.ts --port ${RELAY_OAUTH_PORT} --lens ${APP_URL} ${oauthMcpUrl('consent')}`,
      env: { MCP_LENS_RELAY_TOKEN: E2E_RELAY_TOKEN },
      port: RELAY_OAUTH_PORT,
      reuseExistingServer,
      gracefulShutdown: stopGently,
    },
    {
      name: 'fake-provider',
      command: `${tsNode} e2e/servers/fake-provider.ts`,
      url: `http://${HOST}:${FAKE_PROVIDER_PORT}/`,
      reuseExistingServer,
      gracefulShutdown: stopGently,
    },
    {
      name: 'hostile',
      command: `${tsNode} e2e/servers/hostile.ts`,
      url: `http://${HOST}:${HOSTILE_PORT}/`,
      reuseExistingServer,
      gracefulShutdown: stopGently,
    },
    {
      name: 'broken-audit',
      command: `${tsNode} e2e/servers/broken-audit.ts`,
      url: `http://${HOST}:${BROKEN_AUDIT_PORT}/`,
      reuseExistingServer,
      gracefulShutdown: stopGently,
    },
  ],
});
