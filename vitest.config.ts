import { availableParallelism, loadavg } from 'node:os';
import { defineConfig } from 'vitest/config';
import { lensVersion } from './vite.config.ts';

/**
 * Two lanes. `unit` is pure: no server, no real engine, no port, no child process, so `npm run test:fast`
 * gives an answer in seconds. `engine` runs the real engine against real servers (in-process, spawned or
 * scripted), the Node entries that listen, and the application layer over a MessageChannel. A new test goes
 * to `engine` when it starts a server or an engine; `src/test/lanes.test.ts` checks that no unit test does.
 */
export const ENGINE_TESTS = [
  'src/test/engine-*.test.ts',
  'src/test/boundary.test.ts',
  'src/test/cors-doctor.test.ts',
  'src/test/planted-secret.test.ts',
  'src/node/demo-server/**/*.test.ts',
  'src/node/relay/**/*.test.ts',
  'src/node/static-server/**/*.test.ts',
  'src/node/npx/serve.test.ts',
  'src/app/app.test.ts',
  'src/app/workspace.test.ts',
  'src/app/workspace-identity.test.ts',
  'src/app/log/log-commands.test.ts',
  'src/app/calls.test.ts',
  'src/app/recipe.test.ts',
  'src/app/task-jobs.test.ts',
  'src/app/palette/command-registry.test.ts',
  'src/app/presentation/export-rule.test.ts',
  'src/node/build/hosting-*.test.ts',
  'src/bridge/session-file-service.test.ts',
  'src/engine/sdk/sdk-client.test.ts',
  'src/app/playground/playground.test.ts',
  'src/engine/playground/provider-clients.test.ts',
  'src/engine/playground/provider-hostile.test.ts',
  'src/node/http/raw-http.test.ts',
  'src/engine/playground/key-memory.test.ts',
  'src/app/playground/sampling.test.ts',
];

/** Engine tests that mock modules: they get a module graph of their own (see `isolate` below). */
const MOCKING_TESTS = ['src/test/engine-lazy-load-failure.test.ts'];

/**
 * Test files at once: one a core on an idle machine, fewer as the load average passes the cores, never fewer
 * than one. Vitest's own default, a core less than the machine has, leaves one of two cores idle while
 * engine tests mostly wait on sockets. MCP_LENS_VITEST_WORKERS pins it.
 */
const CORES = availableParallelism();
const WORKERS =
  Number(process.env.MCP_LENS_VITEST_WORKERS) ||
  Math.max(1, Math.min(CORES, Math.floor((CORES * CORES) / Math.max(CORES, loadavg()[0] ?? 0))));

export default defineConfig({
  define: { __MCP_LENS_VERSION__: JSON.stringify(lensVersion()) },
  test: {
    environment: 'node',
    maxWorkers: WORKERS,
    // Test files share a worker's module graph instead of each starting a fresh process and importing React,
    // the SDK and Zod again: measured on two cores, the unit lane went from 131 s to 16 s. Files that replace
    // modules (vi.mock) cannot share one, so they run isolated (MOCKING_TESTS below).
    isolate: false,
    // A bound for a test that hangs, not a performance budget: CI runs on a loaded two-core machine.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // expect.poll waits on state; its default of one second assumes an idle machine.
    expect: { poll: { timeout: 30_000 } },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
          exclude: ENGINE_TESTS,
        },
      },
      { extends: true, test: { name: 'engine', include: ENGINE_TESTS, exclude: MOCKING_TESTS } },
      { extends: true, test: { name: 'engine-isolated', include: MOCKING_TESTS, isolate: true } },
    ],
  },
});
