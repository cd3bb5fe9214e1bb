// `npm test`: every check, timed. The static checks (typecheck, lint, format, knip) are single-threaded
// and independent, so they run side by side, as many at once as there are idle cores, the longest first; their
// output is printed whole when each ends. Then the unit and engine tests run beside the conformance suite (the
// engine tests mostly wait on sockets and child processes, and the suite's scenarios fill the idle core), and
// last the end-to-end tests, which spread their own work over the cores. The first failing stage stops the run
// (as `&&` did), and the run ends with how long each phase took and the load average it ran at, so a slow phase
// is seen where it happens.
import { spawn } from 'node:child_process';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';

/** Longest first (lint 43 s, typecheck 37 s, format 20 s, knip 4 s on two cores), so no core idles at the end. */
const STATIC = ['lint', 'typecheck', 'format:check', 'knip'];
/**
 * One stage after another; the scripts of a stage run at once when the cores are idle (below). The first one's
 * output streams, the others' is printed whole when each ends. Measured on the shared two-core machine: unit and conformance one after the
 * other took 81 s and 35 s; side by side, figures in CONTRIBUTING.md.
 */
const STAGES = [['test:unit', 'test:conformance'], ['test:e2e']];
const CORES = availableParallelism();

/**
 * How many cores are idle now, sampled over two seconds before each stage starts. Not the load average: it
 * lags by minutes, and on a fresh clone it still counts the `npm ci` that just ran (measured: load 3.0 on an
 * otherwise idle two-core machine, which ran every phase one worker at a time).
 */
async function idleCores(ms = 2000) {
  const sample = () => {
    let idle = 0;
    let all = 0;
    for (const { times } of cpus()) {
      idle += times.idle;
      all += times.user + times.nice + times.sys + times.idle + times.irq;
    }
    return { idle, all };
  };
  const before = sample();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = sample();
  return (CORES * (after.idle - before.idle)) / Math.max(1, after.all - before.all);
}

/**
 * How wide a stage runs: one worker a core that is idle just before it starts, never fewer than one. Sampled
 * again before each stage, not once for the run: a busy spell at the start (the install that just ended,
 * another job's build) once made a fresh clone's whole run single-file (937 s against 554–637 s).
 * The e2e tests run in two workers only when two cores are idle: each worker is a browser and a set of servers
 * of its own, and a second one on a busy machine only makes both slower (figures in CONTRIBUTING.md).
 */
async function stageWidth() {
  const idle = await idleCores();
  const width = Math.max(1, Math.min(CORES, Math.round(idle)));
  return {
    idle,
    width,
    env: {
      MCP_LENS_VITEST_WORKERS: process.env.MCP_LENS_VITEST_WORKERS || String(width),
      LENS_E2E_WORKERS: process.env.LENS_E2E_WORKERS || String(Math.min(2, width)),
    },
  };
}

/**
 * Node's on-disk compile cache (Node ≥ 22.1; older ones ignore it): the run starts well over a hundred Node
 * processes that load the same code (the conformance suite and our CLI bundle for each scenario, the e2e
 * servers, tsc, eslint, vitest's workers), and each compiles it again without one. Measured for the
 * conformance suite's process: 0.55 s of CPU cold, 0.45 s with the cache. A run's own setting wins.
 */
const compileCache = process.env.NODE_COMPILE_CACHE ?? fileURLToPath(new URL('../node_modules/.cache/node-compile-cache', import.meta.url));

const timings = [];
const started = Date.now();

const first = await stageWidth();
let ok = await pool(STATIC, first.width, (script) => npmRun(script, { buffered: true, width: first }));
for (const stage of STAGES) {
  if (!ok) break;
  const now = await stageWidth();
  // A stage's scripts run side by side only when two cores are idle: on a busy machine they would only slow each
  // other, and the conformance suite's reconnect timing with them.
  const together = now.width >= 2;
  ok = await pool(stage, together ? stage.length : 1, (script) =>
    npmRun(script, { buffered: together && script !== stage[0], width: now }),
  );
}
summary();
process.exit(ok ? 0 : 1);

/** Runs `npm run <script>`; with `buffered`, its output is printed in one piece when it ends. */
function npmRun(script, { buffered, width }) {
  const load = loadavg()[0];
  const began = Date.now();
  if (!buffered) console.log(`\n--- npm run ${script} (load average ${load.toFixed(1)})`);
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '-s', script], {
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, NODE_COMPILE_CACHE: compileCache, ...width.env },
    });
    let output = '';
    if (buffered) for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => {
      output += `could not start npm: ${error.message}\n`;
    });
    child.on('close', (code) => {
      const seconds = (Date.now() - began) / 1000;
      timings.push({ script, seconds, load, ok: code === 0, width });
      if (buffered) {
        console.log(`\n--- npm run ${script}: ${code === 0 ? 'passed' : `failed (exit ${code})`} in ${seconds.toFixed(0)} s`);
        if (output.trim() !== '') process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
      }
      resolve(code === 0);
    });
  });
}

/** Runs `work` over `items`, starting one only while fewer than `limit` run; true when every one passed. */
async function pool(items, limit, work) {
  const queue = [...items];
  let running = 0;
  let allOk = true;
  await new Promise((resolve) => {
    const next = () => {
      if (queue.length === 0 && running === 0) return resolve();
      while (queue.length > 0 && running < limit) {
        running++;
        void work(queue.shift()).then((passed) => {
          allOk &&= passed;
          running--;
          next();
        });
      }
    };
    next();
  });
  return allOk;
}

function summary() {
  const total = (Date.now() - started) / 1000;
  console.log(
    `\n--- npm test: ${CORES} cores; each phase, the seconds it took, the load average when it started, and the idle cores and workers it was given`,
  );
  for (const t of timings) {
    const { idle, env } = t.width;
    console.log(
      `  ${t.ok ? '✓' : '✗'} ${t.script.padEnd(18)} ${t.seconds.toFixed(0).padStart(5)} s   load ${t.load.toFixed(1)}   ${idle.toFixed(1)} idle (${env.MCP_LENS_VITEST_WORKERS} vitest, ${env.LENS_E2E_WORKERS} e2e workers)`,
    );
  }
  console.log(`  ${'total (wall clock)'.padEnd(20)} ${total.toFixed(0).padStart(5)} s   load now ${loadavg()[0].toFixed(1)}`);
}
