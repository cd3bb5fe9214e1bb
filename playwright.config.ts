import { defineConfig } from '@playwright/test';

import { APP_URL } from './e2e/servers/ports.ts';
import { READY_LINE } from './e2e/servers/list.ts';
import { e2eLaunchOptions } from './e2e/chromium.ts';

const FULL_TRACE = process.env.LENS_E2E_TRACE === 'full';
const WORKERS = Math.max(1, Number(process.env.LENS_E2E_WORKERS) || 1);

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  // One worker by default, and no retries that hide flakiness. LENS_E2E_WORKERS=2 runs two, each against a set
  // of servers of its own (e2e/servers/list.ts).
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
  // Every worker slot's servers (e2e/servers/list.ts), started side by side by one launcher, which says when all
  // of them answer. Outside CI it reuses a server already listening (fast edit–test loops); on CI it starts all.
  webServer: {
    name: 'e2e servers',
    command: 'node --import tsx e2e/servers/launch.ts',
    env: { LENS_E2E_WORKERS: String(WORKERS) },
    wait: { stdout: new RegExp(READY_LINE) },
    stdout: 'pipe',
    // A bound for a hang, not a budget: on a loaded two-core machine 34 servers can take a minute to start.
    timeout: 180_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 3_000 },
  },
});
