// `npm run test:package`: proves the published `npx mcp-lens relay` works the way a stranger would get it.
// It packs packages/mcp-lens (its prepack builds the relay to plain JavaScript), checks what the tarball
// holds, installs it into an empty temporary project, runs `npx mcp-lens relay --help`, then a real
// relay in front of the demo server, and sends one MCP request through it. npm installs the two SDK
// packages from its cache when it has them (--prefer-offline), else from the registry.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const packageDir = join(root, 'packages/mcp-lens');
const windows = process.platform === 'win32';
const npm = windows ? 'npm.cmd' : 'npm';
const npx = windows ? 'npx.cmd' : 'npx';
/** Node runs a Windows .cmd only through a shell. */
const shell = windows;
const TOKEN = 'Y2hlY2stcGFja2FnZS1jaGVjay1wYWNrYWdlLWNoZWM';
/** What `npx mcp-lens` needs, and nothing more. */
const EXPECTED_FILES = ['README.md', 'bin/mcp-lens.mjs', 'dist/relay.mjs', 'package.json'];
/** The app's and the tools' packages, none of which the relay may pull in at run time. */
const NOT_INSTALLED = ['react', 'vite', 'tsx', 'typescript', 'rolldown', 'playwright', '@modelcontextprotocol/conformance'];

const work = mkdtempSync(join(tmpdir(), 'mcp-lens-package-'));
const children = [];
const fail = (message) => {
  throw new Error(message);
};

try {
  // 1. Pack: prepack builds dist/relay.mjs; --json says what went in.
  const [packed] = JSON.parse(
    execFileSync(npm, ['pack', '--json', '--pack-destination', work], {
      shell,
      cwd: packageDir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
  );
  const files = packed.files.map((file) => file.path).sort();
  if (JSON.stringify(files) !== JSON.stringify(EXPECTED_FILES))
    fail(`The tarball holds ${files.join(', ')}; expected ${EXPECTED_FILES.join(', ')}.`);
  console.log(`packed ${packed.filename}: ${files.join(', ')} (${packed.size} bytes)`);

  // 2. Its runtime dependencies are the SDK packages alone, at the ranges the repository itself uses.
  const published = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
  const repository = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const repositoryRanges = { ...repository.devDependencies, ...repository.dependencies };
  for (const [name, range] of Object.entries(published.dependencies)) {
    if (!name.startsWith('@modelcontextprotocol/')) fail(`${name} is a runtime dependency; only the MCP SDK packages may be.`);
    if (repositoryRanges[name] !== range) fail(`${name} is ${range} in packages/mcp-lens but ${repositoryRanges[name]} in the repository.`);
  }

  // 3. Install the tarball into an empty project, as `npx mcp-lens` would.
  const project = join(work, 'project');
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), '{ "private": true }\n');
  execFileSync(npm, ['install', '--no-audit', '--no-fund', '--prefer-offline', join(work, packed.filename)], {
    shell,
    cwd: project,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const strays = NOT_INSTALLED.filter((name) => existsSync(join(project, 'node_modules', name)));
  if (strays.length > 0) fail(`Installing mcp-lens also installed ${strays.join(', ')}.`);

  // 4. --help answers with the usage and exit code 0.
  const help = execFileSync(npx, ['mcp-lens', 'relay', '--help'], { cwd: project, encoding: 'utf8', shell });
  if (!help.includes('npx mcp-lens relay [options] <server URL>')) fail(`--help printed:\n${help}`);
  console.log('npx mcp-lens relay --help: prints the usage');

  // 5. A real relay in front of the demo server, and one MCP request through it.
  const demo = start(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), 'src/node/demo-server/main.ts', '--port', '0'], root);
  const demoUrl = (await demo.line(/MCP Lens demo server: (\S+)/))[1];
  const relay = start(npx, ['mcp-lens', 'relay', demoUrl], project, { MCP_LENS_RELAY_TOKEN: TOKEN });
  const relayUrl = (await relay.line(/Or connect to (\S+) with the header/))[1];
  const answer = await fetch(relayUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'Lens-Relay-Token': TOKEN },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'check-package', version: '1' } },
    }),
  });
  const text = await answer.text();
  if (answer.status !== 200 || !text.includes('mcp-lens-demo'))
    fail(`initialize through the relay answered ${answer.status}: ${text.slice(0, 300)}`);
  console.log(
    `npx mcp-lens relay ${demoUrl}: initialize through ${relayUrl} answered ${answer.status}, upstream ${answer.headers.get('lens-relay-upstream-status')}`,
  );
  console.log('package check passed');
} finally {
  for (const child of children) {
    if (child.exitCode !== null) continue;
    if (windows) child.kill();
    else process.kill(-child.pid, 'SIGTERM');
  }
  rmSync(work, { recursive: true, force: true });
}

/** Starts a command in its own process group (npx runs the relay in a child of its own), so it can be stopped whole. */
function start(command, args, cwd, env = {}) {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    detached: !windows,
    shell: windows && command === npx,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  let output = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk) => (output += chunk));
  return {
    line: (pattern) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const match = pattern.exec(output);
          if (match) return resolve(match);
        };
        child.stdout.on('data', check);
        child.once('exit', (code) =>
          reject(new Error(`${command} ${args.join(' ')} exited (${code}) before printing ${pattern}:\n${output}`)),
        );
        check();
      }),
  };
}
