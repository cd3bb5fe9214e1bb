#!/usr/bin/env node
// Makes sure the Chromium that Playwright drives (see e2e/chromium.ts) is
// present before the end-to-end tests and the bench start. Playwright cannot
// download its own browsers on our machines, so we use the distribution's.
//
// CHROMIUM_PATH, if set, names the browser binary; otherwise /usr/bin/chromium,
// which the bench measures in, and /usr/bin/chromium-headless-shell, which the
// e2e tests prefer when it is there (the same engine without the browser UI, so
// each test's context costs less CPU). As root on a Debian-like system, this
// installs whichever is missing with apt-get (the headless shell only if the
// distribution has it); otherwise it explains what to install and exits 1.

import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, readFileSync } from 'node:fs';

const DEFAULT_PATH = '/usr/bin/chromium';
const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';
const explicitPath = process.env.CHROMIUM_PATH?.trim() || undefined;
const browserPath = explicitPath ?? DEFAULT_PATH;

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Runs `<browser> --version`; returns the version line, or undefined if it does not run. */
function browserVersion(path) {
  const result = spawnSync(path, ['--version'], { encoding: 'utf8', timeout: 30_000 });
  if (result.status !== 0) return undefined;
  return result.stdout.trim() || 'unknown version';
}

function isDebianLike() {
  if (existsSync('/etc/debian_version')) return true;
  try {
    return /^(ID|ID_LIKE)=.*\bdebian\b/m.test(readFileSync('/etc/os-release', 'utf8'));
  } catch {
    return false;
  }
}

function hasCommand(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

function run(command, args) {
  console.log(`ensure-chromium: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with status ${result.status}`);
}

function fail(lines) {
  console.error(['ensure-chromium: ' + lines[0], ...lines.slice(1).map((l) => '  ' + l)].join('\n'));
  process.exit(1);
}

function reportReady() {
  const version = browserVersion(browserPath);
  if (!version) {
    fail([
      `${browserPath} exists but "${browserPath} --version" failed, so Playwright could not start it either.`,
      'Reinstall it (sudo apt-get install --reinstall chromium) or set CHROMIUM_PATH to a working Chromium or Chrome binary.',
    ]);
  }
  console.log(`ensure-chromium: using ${browserPath} (${version})`);
  if (!explicitPath && isExecutable(HEADLESS_SHELL_PATH)) {
    console.log(`ensure-chromium: the e2e tests use ${HEADLESS_SHELL_PATH} (${browserVersion(HEADLESS_SHELL_PATH) ?? 'unknown version'})`);
  }
  process.exit(0);
}

if (explicitPath) {
  if (isExecutable(explicitPath)) reportReady();
  fail([
    `CHROMIUM_PATH=${explicitPath} is not an executable file.`,
    'Point CHROMIUM_PATH at a Chromium or Chrome binary, or unset it to use /usr/bin/chromium.',
  ]);
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const canInstall = isRoot && isDebianLike() && hasCommand('apt-get');
const missingFull = !isExecutable(DEFAULT_PATH);
const missingShell = !isExecutable(HEADLESS_SHELL_PATH);

let aptUpdated = false;
function aptInstall(pkg) {
  if (!aptUpdated) run('apt-get', ['update']);
  aptUpdated = true;
  run('apt-get', ['install', '-y', pkg]);
}

if (canInstall && missingFull) {
  try {
    aptInstall('chromium');
  } catch (error) {
    fail([
      `Installing chromium failed: ${error.message}`,
      'Install it yourself (apt-get install -y chromium), or set CHROMIUM_PATH to a Chromium or Chrome binary.',
      "On Ubuntu the chromium package is a snap wrapper; use Google Chrome or Debian's chromium and set CHROMIUM_PATH.",
    ]);
  }
  if (!isExecutable(browserPath)) {
    fail([
      `apt-get installed chromium, but ${browserPath} still does not exist.`,
      'Find the binary (dpkg -L chromium | grep bin/) and set CHROMIUM_PATH to it.',
    ]);
  }
}

// The headless shell only makes the e2e tests cheaper: where it cannot be installed (no such package, no
// network), they run in chromium, and nothing fails.
if (canInstall && missingShell && isExecutable(browserPath)) {
  try {
    aptInstall('chromium-headless-shell');
  } catch (error) {
    console.log(`ensure-chromium: no chromium-headless-shell (${error.message}); the e2e tests use ${DEFAULT_PATH}.`);
  }
}

if (isExecutable(browserPath)) reportReady();

fail([
  `No Chromium at ${browserPath}. The end-to-end tests drive the system Chromium through Playwright.`,
  isDebianLike() ? 'Install it: sudo apt-get install chromium' : 'Install Chromium or Google Chrome with your package manager.',
  'Or point CHROMIUM_PATH at an existing Chromium or Chrome binary, e.g. CHROMIUM_PATH=/usr/bin/google-chrome npm run test:e2e',
]);
