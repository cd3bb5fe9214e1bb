// `node scripts/with-load.mjs [--workers N] [--max-seconds S] [--nice N] -- <command> [args…]`
//
// Runs a command while busy worker processes keep the CPUs loaded, then prints the load average the command
// ran at. It is how we prove that a test set does not assume an idle machine (CI runs on a loaded two-core
// box), e.g. `node scripts/with-load.mjs -- npm run test:conformance -- 2026-07-28`.
//
// The workers are bounded: each one exits by itself after --max-seconds (default 1800), when its parent goes
// away, or when the command ends, whichever comes first. The default is eight workers a core, which puts a
// two-core machine at a load average of about 16 on its own. --nice lowers their priority (0–19): the load
// average counts them all the same, and other work on a shared machine keeps more of the CPU.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { availableParallelism, loadavg, setPriority } from 'node:os';

if (process.argv[2] === '--busy') busy(Number(process.argv[3]));
else await main();

/** One worker: spin until the deadline, or until the parent that started it is gone. */
function busy(deadline) {
  // The loop never yields, so no event can stop it: it looks at the clock and at its parent itself (a
  // SIGTERM from the parent still ends it at once).
  const parent = process.ppid;
  for (let spins = 1; ; spins++) {
    if (spins % 1_000_000 === 0 && (Date.now() > deadline || process.ppid !== parent)) process.exit(0);
  }
}

async function main() {
  const args = process.argv.slice(2);
  const split = args.indexOf('--');
  const own = split === -1 ? [] : args.slice(0, split);
  const command = split === -1 ? args : args.slice(split + 1);
  const option = (name, fallback) => {
    const at = own.indexOf(name);
    const value = at === -1 ? fallback : Number(own[at + 1]);
    if (!Number.isFinite(value) || value < 0) usage(`${name} takes a number.`);
    return value;
  };
  const cores = availableParallelism();
  const workers = Math.floor(option('--workers', cores * 8));
  const maxSeconds = option('--max-seconds', 1800);
  const nice = Math.min(19, Math.floor(option('--nice', 0)));
  if (command.length === 0) usage('Name the command to run after "--".');

  const deadline = Date.now() + maxSeconds * 1000;
  const pool = Array.from({ length: workers }, () => {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--busy', String(deadline)], { stdio: 'ignore' });
    if (nice > 0 && child.pid !== undefined) setPriority(child.pid, nice);
    return child;
  });
  const stopWorkers = () => {
    for (const child of pool) if (child.exitCode === null) child.kill();
  };
  process.on('exit', stopWorkers);
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

  // Let the load average (a one-minute moving average) climb before the command starts.
  const rampSeconds = Math.min(30, maxSeconds);
  console.log(`with-load: ${workers} busy workers on ${cores} cores (nice ${nice}); waiting ${rampSeconds} s for the load to build`);
  await new Promise((resolve) => setTimeout(resolve, rampSeconds * 1000));

  const samples = [];
  const sample = () => samples.push(loadavg()[0]);
  sample();
  const sampler = setInterval(sample, 5000);
  const started = Date.now();
  const code = await new Promise((resolve) => {
    const child = spawn(command[0], command.slice(1), { stdio: 'inherit' });
    child.on('error', (error) => {
      console.error(`with-load: could not start ${command[0]}: ${error.message}`);
      resolve(127);
    });
    child.on('close', (exit, signal) => resolve(exit ?? (signal ? 1 : 0)));
  });
  clearInterval(sampler);
  sample();
  stopWorkers();

  const min = Math.min(...samples);
  const max = Math.max(...samples);
  const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
  const still = Date.now() > deadline ? ` (the workers stopped at --max-seconds ${maxSeconds}, before the command ended)` : '';
  console.log(
    `with-load: "${command.join(' ')}" exited ${code} after ${Math.round((Date.now() - started) / 1000)} s at load average ` +
      `${mean.toFixed(1)} (min ${min.toFixed(1)}, max ${max.toFixed(1)}, ${samples.length} samples) on ${cores} cores${still}`,
  );
  process.exit(code);
}

function usage(problem) {
  console.error(`${problem}\nUsage: node scripts/with-load.mjs [--workers N] [--max-seconds S] [--nice 0-19] -- <command> [args…]`);
  process.exit(2);
}
