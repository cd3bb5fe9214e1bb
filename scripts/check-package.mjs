// `npm run test:package`: proves the published `npx mcp-lens` works the way a stranger would get it. It packs
// packages/mcp-lens (its prepack builds the app and bundles the Node entry points), checks what the tarball
// holds and weighs, installs it into an empty temporary project, and there runs each subcommand against the
// demo server: the app's server (headers included), the relay in front of an HTTP server and of a stdio
// server, the one command for a stdio server (`mcp-lens -e … -- <command>`, `--config … --server …`: the link
// it prints, followed as the app would, reaches the server with -e in its environment), the headless client's
// listing and subcommands, the audit, the contract's snapshot and diff, and a collection's test. npm installs the two SDK packages from its cache when it has
// them (--prefer-offline), else from the registry. Nothing here sleeps: each step waits for what a process
// prints or for an answer, with a generous bound, because this runs on loaded machines too.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const packageDir = join(root, 'packages/mcp-lens');
const windows = process.platform === 'win32';
const npm = windows ? 'npm.cmd' : 'npm';
const npx = windows ? 'npx.cmd' : 'npx';
/** Node runs a Windows .cmd only through a shell. */
const shell = windows;
const TOKEN = 'Y2hlY2stcGFja2FnZS1jaGVjay1wYWNrYWdlLWNoZWM';
/** How long any one step may take: far beyond an idle machine's seconds, so only a real hang fails. */
const STEP_MS = 180_000;
/** The package's own files besides the app: the command, its one bundle, and what npm always packs. */
const NODE_FILES = ['README.md', 'bin/mcp-lens.mjs', 'dist/mcp-lens.mjs', 'package.json'];
/** The app: its three pages, its icon and the built scripts and styles; no source maps, no other host's recipes. */
const APP_FILE =
  /^dist\/app\/(index\.html|oauth-callback\.html|sandbox\.html|favicon\.svg|schemas\/[\w.-]+\.schema\.json|assets\/[\w.-]+\.(js|css))$/;
/**
 * The tarball's bounds. Today it packs to about 1.2 MB (4.2 MB unpacked: the app 3.1 MB, the one Node bundle
 * 1.2 MB, which carries the engine, Ajv and zod for the CLI, the audit and the relay; measured 2026-12-07). The bounds leave room to grow by about half, and fail on the
 * slips that would multiply it: the app's source maps (+10 MB unpacked), a bundled SDK, a copied node_modules.
 */
const MAX_PACKED_BYTES = 1.5e6;
const MAX_UNPACKED_BYTES = 5.5e6;
/** The app's and the tools' packages, none of which the package may pull in at run time. */
const NOT_INSTALLED = ['react', 'vite', 'tsx', 'typescript', 'rolldown', 'playwright', '@modelcontextprotocol/conformance'];

const work = mkdtempSync(join(tmpdir(), 'mcp-lens-package-'));
const children = [];
const fail = (message) => {
  throw new Error(message);
};

try {
  // 1. Pack: prepack builds dist/; --json says what went in.
  const [packed] = JSON.parse(
    execFileSync(npm, ['pack', '--json', '--pack-destination', work], {
      shell,
      cwd: packageDir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
  );
  const files = packed.files.map((file) => file.path).sort();
  const appFiles = files.filter((file) => file.startsWith('dist/app/'));
  const others = files.filter((file) => !file.startsWith('dist/app/'));
  if (JSON.stringify(others) !== JSON.stringify(NODE_FILES))
    fail(`The tarball holds ${others.join(', ')}; expected ${NODE_FILES.join(', ')}.`);
  const strayAppFiles = appFiles.filter((file) => !APP_FILE.test(file));
  if (strayAppFiles.length > 0) fail(`The tarball's app holds files it should not: ${strayAppFiles.join(', ')}.`);
  for (const page of ['index.html', 'oauth-callback.html', 'sandbox.html'])
    if (!files.includes(`dist/app/${page}`)) fail(`The tarball's app has no ${page}.`);
  console.log(`packed ${packed.filename}: ${others.join(', ')}, and the app: ${appFiles.length} files in dist/app/`);
  console.log(`  ${appFiles.join('\n  ')}`);
  console.log(
    `size: ${kb(packed.size)} packed (at most ${kb(MAX_PACKED_BYTES)}), ${kb(packed.unpackedSize)} unpacked (at most ${kb(MAX_UNPACKED_BYTES)})`,
  );
  if (packed.size > MAX_PACKED_BYTES || packed.unpackedSize > MAX_UNPACKED_BYTES)
    fail('The tarball is over its size bound; see what grew above.');

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
  // The long-running commands run the installed bin with this Node, not through npx: no shell on Windows, and
  // one process to stop. npx itself is proven by the short commands.
  const bin = join(project, 'node_modules/mcp-lens/bin/mcp-lens.mjs');

  // 4. The command line: the usage, the version, and an unknown subcommand refused.
  const help = await run(npx, ['mcp-lens', '--help'], project);
  if (help.code !== 0 || !help.stdout.includes('npx mcp-lens relay [options] <server URL>')) fail(`npx mcp-lens --help: ${show(help)}`);
  const version = await run(npx, ['mcp-lens', '--version'], project);
  if (version.code !== 0 || version.stdout.trim() !== published.version) fail(`npx mcp-lens --version: ${show(version)}`);
  const unknown = await run(npx, ['mcp-lens', 'frobnicate'], project);
  if (unknown.code !== 2 || !unknown.stderr.includes('Usage:') || unknown.stdout !== '') fail(`npx mcp-lens frobnicate: ${show(unknown)}`);
  const relayHelp = await run(npx, ['mcp-lens', 'relay', '--help'], project);
  // Its usage names the package's own command (src/node/lens-context.ts), not a clone's npm run relay.
  if (
    relayHelp.code !== 0 ||
    !relayHelp.stdout.includes('--lens <url>') ||
    !relayHelp.stdout.includes('npx mcp-lens relay [options] <server URL>')
  )
    fail(`npx mcp-lens relay --help: ${show(relayHelp)}`);
  console.log('npx mcp-lens --help, --version, relay --help: answered; npx mcp-lens frobnicate: the usage on stderr, exit 2');

  // 5. The app, served with its policy in a header (and the same policy, less frame-ancestors, in the page).
  const app = start(process.execPath, [bin, '--port', '0'], project);
  const appUrl = (await app.line(/MCP Lens: (\S+)/))[1];
  const page = await get(appUrl);
  const policy = page.headers.get('content-security-policy') ?? '';
  const expectHeader = (response, name, value) => {
    if (response.headers.get(name) !== value) fail(`${response.url} sent ${name}: ${response.headers.get(name)}; expected ${value}.`);
  };
  if (page.status !== 200 || !page.text.includes('<div id="root">'))
    fail(`GET ${appUrl} answered ${page.status}: ${page.text.slice(0, 300)}`);
  expectHeader(page, 'content-type', 'text/html; charset=utf-8');
  expectHeader(page, 'cross-origin-opener-policy', 'same-origin');
  expectHeader(page, 'x-content-type-options', 'nosniff');
  expectHeader(page, 'referrer-policy', 'no-referrer');
  if (!policy.includes("frame-ancestors 'none'") || !policy.includes("require-trusted-types-for 'script'"))
    fail(`The app's policy: ${policy}`);
  const withoutFrameAncestors = policy.replace("; frame-ancestors 'none'", '');
  if (metaPolicy(page.text) !== withoutFrameAncestors) fail(`The page's meta policy differs from its header: ${metaPolicy(page.text)}`);
  const script = /<script type="module" crossorigin src="\.\/([^"]+)"/.exec(page.text)?.[1] ?? fail('The page loads no script.');
  const scriptAnswer = await get(new URL(script, appUrl));
  if (scriptAnswer.status !== 200) fail(`GET ${script} answered ${scriptAnswer.status}.`);
  expectHeader(scriptAnswer, 'content-type', 'text/javascript; charset=utf-8');
  expectHeader(scriptAnswer, 'content-security-policy', policy);
  // MCP Apps run in sandbox.html, under its own policy and without the app's opener policy (it is only framed).
  const sandbox = await get(new URL('sandbox.html', appUrl));
  if (sandbox.status !== 200 || metaPolicy(sandbox.text) !== sandbox.headers.get('content-security-policy'))
    fail(`sandbox.html answered ${sandbox.status} with the policy ${sandbox.headers.get('content-security-policy')}`);
  if (sandbox.headers.has('cross-origin-opener-policy')) fail('sandbox.html carries the app’s opener policy.');
  // The page says it came from the package, so its relay advice is `npx mcp-lens relay` (src/shared/relay.ts).
  if (!page.text.includes('<meta name="mcp-lens-context" content="package">')) fail('The page does not say it came from the package.');
  // The package's Node files sit beside the app's folder, never inside what is served, and a hosted copy's
  // single-file relay is not in it.
  for (const outside of ['relay.mjs', '../package.json', 'mcp-lens-relay.mjs', 'mcp-lens-relay.mjs.sha256']) {
    const answer = await get(new URL(outside, appUrl));
    if (answer.status !== 404) fail(`GET ${outside} beside the app answered ${answer.status}.`);
  }
  console.log(
    `mcp-lens --port 0: ${appUrl} serves the app (${script}) as the package's, its policy in the header and the page, sandbox.html under its own`,
  );

  // 6. The relay in front of the demo server (HTTP), and in front of a stdio server.
  const demo = start(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), 'src/node/demo-server/main.ts', '--port', '0'], root);
  const demoUrl = (await demo.line(/MCP Lens demo server: (\S+)/))[1];
  const httpRelay = start(process.execPath, [bin, 'relay', demoUrl], project, { MCP_LENS_RELAY_TOKEN: TOKEN });
  const [, link] = await httpRelay.line(/Open this link[^\n]*\n\s*(\S+)/);
  if (!link.startsWith('http://127.0.0.1:5173/?url=')) fail(`The relay's link opens ${link}, not the app npx mcp-lens serves.`);
  await initializeThrough(httpRelay, 'mcp-lens-demo', `relay ${demoUrl}`);
  const everything = join(root, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');
  const stdioRelay = start(process.execPath, [bin, 'relay', '--', process.execPath, everything, 'stdio'], project, {
    MCP_LENS_RELAY_TOKEN: TOKEN,
  });
  await initializeThrough(stdioRelay, 'mcp-servers/everything', 'relay -- node server-everything stdio');

  // 6b. One command for a stdio server (issue 36): the app, the server behind the relay and a link that
  // asks the app to connect; -e reaches the child. Then the same server from a VS Code config by name.
  const launched = start(
    process.execPath,
    [bin, '--port', '0', '--no-open', '-e', 'LENS_CHECK_ENV=from -e', '--', process.execPath, everything, 'stdio'],
    project,
  );
  await connectedThrough(launched, 'LENS_CHECK_ENV', 'from -e', `-e LENS_CHECK_ENV=… -- node server-everything stdio`);
  const config = join(work, '.vscode', 'mcp.json');
  mkdirSync(dirname(config), { recursive: true });
  writeFileSync(
    config,
    `{
  // VS Code's form: comments and trailing commas, and the folder as \${workspaceFolder}.
  "servers": {
    "everything": { "type": "stdio", "command": ${JSON.stringify(process.execPath)}, "args": [${JSON.stringify(everything)}, "stdio"],
                    "env": { "LENS_CHECK_ENV": "from \${workspaceFolder}" }, },
    "remote": { "type": "http", "url": "https://server.example/mcp" },
  },
}`,
  );
  const fromConfig = start(process.execPath, [bin, '--port', '0', '--no-open', '--config', config, '--server', 'everything'], project);
  await connectedThrough(fromConfig, 'LENS_CHECK_ENV', `from ${work}`, '--config .vscode/mcp.json --server everything');
  const noSuchServer = await run(npx, ['mcp-lens', '--config', config, '--server', 'nope'], project);
  if (noSuchServer.code !== 2 || !noSuchServer.stderr.includes(`has no server "nope". Its servers: "everything", "remote".`))
    fail(`npx mcp-lens --config … --server nope: ${show(noSuchServer)}`);
  console.log('npx mcp-lens --config … --server nope: exit 2, the names listed');

  // 7. The headless client: the smoke run's listing, then the scripted subcommands, by their own word and after cli.
  const smokeList = await run(npx, ['mcp-lens', 'cli', '--no-call', demoUrl], project);
  if (smokeList.code !== 0 || !/^connected: mcp-lens-demo /m.test(smokeList.stdout) || !/^tools: .*\becho\b/m.test(smokeList.stdout))
    fail(`npx mcp-lens cli --no-call ${demoUrl}: ${show(smokeList)}`);
  console.log(`npx mcp-lens cli --no-call ${demoUrl}: ${smokeList.stdout.split('\n')[0]}`);
  for (const args of [
    ['list', demoUrl],
    ['cli', 'list', 'tools', demoUrl],
  ]) {
    const listing = await run(npx, ['mcp-lens', ...args], project);
    const names = listing.code === 0 ? parsedOr(listing.stdout)?.tools?.map((tool) => tool.name) : undefined;
    if (!names?.includes('echo')) fail(`npx mcp-lens ${args.join(' ')}: ${show(listing)}`);
    console.log(`npx mcp-lens ${args.join(' ')}: ${names.length} tools as JSON`);
  }
  const echoed = await run(npx, ['mcp-lens', 'call', 'echo', '--arg', 'message=from the package', demoUrl], project);
  const echo = echoed.code === 0 ? parsedOr(echoed.stdout) : undefined;
  if (echo?.content?.[0]?.text !== 'from the package' || echo.verdict !== 'ok') fail(`npx mcp-lens call echo: ${show(echoed)}`);
  const refused = await run(npx, ['mcp-lens', 'call', 'clear-notes', demoUrl], project);
  if (refused.code !== 2 || !/--allow-writes/.test(refused.stderr)) fail(`npx mcp-lens call clear-notes: ${show(refused)}`);
  console.log('npx mcp-lens call: echo answered, clear-notes refused without --allow-writes (exit 2)');
  // 8. The headless client calling tools: the read-only ones pass but broken-output (its result breaks its
  // outputSchema on purpose, so exit 1), the writers are skipped, the task that asks for input is cancelled,
  // and the run ends on its summary line (it used to poll that task for minutes).
  const calls = await run(npx, ['mcp-lens', 'cli', demoUrl], project);
  if (
    calls.code !== 1 ||
    !/^\d+ passed, 1 failed, \d+ skipped/m.test(calls.stdout) ||
    !/^call broken-output: failed — broken result/m.test(calls.stdout) ||
    !/^skip clear-notes: destructive/m.test(calls.stdout)
  )
    fail(`npx mcp-lens cli ${demoUrl}: ${show(calls)}`);
  console.log(`npx mcp-lens cli ${demoUrl}: ${calls.stdout.trim().split('\n').at(-1)}`);

  // 9. The audit, from the same bundle: the demo server gets no failure.
  const audit = await run(npx, ['mcp-lens', 'audit', demoUrl], project);
  if (audit.code !== 0) fail(`npx mcp-lens audit ${demoUrl}: ${show(audit)}`);
  console.log(`npx mcp-lens audit ${demoUrl}: ${audit.stdout.trim().split('\n').at(-1)}`);

  // 10. The contract: a snapshot of the demo server, a clean diff against it live, and a breaking one against
  // a copy that still has a tool the server no longer lists (exit 1, JUnit written).
  const snapshot = await run(npx, ['mcp-lens', 'snapshot', '--out', 'contract.json', demoUrl], project);
  if (snapshot.code !== 0 || !/^wrote contract\.json$/m.test(snapshot.stdout)) fail(`npx mcp-lens snapshot ${demoUrl}: ${show(snapshot)}`);
  const clean = await run(npx, ['mcp-lens', 'diff', 'contract.json', demoUrl], project);
  if (clean.code !== 0 || clean.stdout.trim().split('\n').at(-1) !== 'no changes')
    fail(`npx mcp-lens diff contract.json ${demoUrl}: ${show(clean)}`);
  const older = JSON.parse(readFileSync(join(project, 'contract.json'), 'utf8'));
  older.tools['retired-tool'] = { inputSchema: { type: 'object' } };
  writeFileSync(join(project, 'older.json'), JSON.stringify(older));
  const breaking = await run(npx, ['mcp-lens', 'diff', 'older.json', 'contract.json', '--junit', 'contract.xml'], project);
  if (
    breaking.code !== 1 ||
    !/^1 breaking, 0 risky, 0 safe$/m.test(breaking.stdout) ||
    !readFileSync(join(project, 'contract.xml'), 'utf8').includes('<failure ')
  )
    fail(`npx mcp-lens diff older.json contract.json: ${show(breaking)}`);
  console.log(
    `npx mcp-lens snapshot and diff: ${snapshot.stdout.trim().split('\n').at(-2)}; a removed tool: ${breaking.stdout.trim().split('\n').at(-1)}`,
  );

  // 11. A collection (docs/collections.md), run headless: every step passes and JUnit is written; a step that
  // calls a tool that changes things without saying so in the file is refused (exit 1).
  const collection = {
    format: 'mcp-lens-collection',
    version: 1,
    name: 'package check',
    steps: [
      {
        name: 'echo',
        request: { method: 'tools/call', params: { name: 'echo', arguments: { message: 'from the package' } } },
        expect: { assert: [{ pointer: '/content/0/text', equals: 'from the package' }] },
      },
      {
        name: 'a missing prompt',
        request: { method: 'prompts/get', params: { name: 'no-such-prompt' } },
        expect: { outcome: { error: 'any' } },
      },
    ],
  };
  writeFileSync(join(project, 'smoke.collection.json'), JSON.stringify(collection));
  const tested = await run(npx, ['mcp-lens', 'test', 'smoke.collection.json', '--junit', 'collection.xml', demoUrl], project);
  if (
    tested.code !== 0 ||
    !/^2 steps: 2 passed, 0 failed in /m.test(tested.stdout) ||
    !readFileSync(join(project, 'collection.xml'), 'utf8').includes('tests="2" failures="0"')
  )
    fail(`npx mcp-lens test smoke.collection.json ${demoUrl}: ${show(tested)}`);
  collection.steps.push({ name: 'clear the notes', request: { method: 'tools/call', params: { name: 'clear-notes', arguments: {} } } });
  writeFileSync(join(project, 'writes.collection.json'), JSON.stringify(collection));
  const refusedStep = await run(npx, ['mcp-lens', 'test', 'writes.collection.json', demoUrl], project);
  if (refusedStep.code !== 1 || !/^refused +3\. clear the notes/m.test(refusedStep.stdout))
    fail(`npx mcp-lens test writes.collection.json ${demoUrl}: ${show(refusedStep)}`);
  console.log(`npx mcp-lens test: ${tested.stdout.trim().split('\n').at(-1)}; a write not marked in the file refused (exit 1)`);
  console.log('package check passed');
} finally {
  for (const child of children) stop(child);
  rmSync(work, { recursive: true, force: true, maxRetries: 5 });
}

/** A command's stdout read as JSON, or undefined when it is not. */
function parsedOr(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Sends `initialize` through a relay that is starting, and checks the server behind it answered. */
async function initializeThrough(relay, serverName, what) {
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
    signal: AbortSignal.timeout(STEP_MS),
  });
  const text = await answer.text();
  if (answer.status !== 200 || !text.includes(`"name":"${serverName}"`))
    fail(`initialize through ${what} answered ${answer.status}: ${text.slice(0, 300)}`);
  console.log(`mcp-lens ${what}: initialize through ${relayUrl} reached ${serverName} (${answer.status})`);
}

/**
 * Follows the link `npx mcp-lens … -- <command>` printed as the app would: the page is the package's and
 * names the relay as launched, the link asks to connect (`connect=1`) to that relay with its token in the
 * fragment, and through it, from the
 * app's origin, the server answers initialize and its get-env tool shows `name` set to `value` in the child.
 */
async function connectedThrough(launch, name, value, what) {
  const [, link] = await launch.line(/Open MCP Lens connected to it:\n\s*(\S+)/);
  const url = new URL(link);
  const relayUrl = url.searchParams.get('url');
  const token = new URLSearchParams(url.hash.slice(1)).get('relay-token');
  if (url.searchParams.get('connect') !== '1' || relayUrl === null || token === null)
    fail(`${what} printed ${link}: no connect=1, url or token.`);
  const page = await get(new URL(url.pathname, url));
  if (page.status !== 200 || !page.text.includes('<meta name="mcp-lens-context" content="package">'))
    fail(`${what}: the app at ${url.origin} answered ${page.status}.`);
  // The page names the relay its own server started, so the link connects without the question every other
  // relay link gets (src/app/saved-servers/saved-server-commands.ts, openConnectLink).
  if (!page.text.includes(`<meta name="mcp-lens-launch" content="${relayUrl}">`))
    fail(`${what}: the page does not name ${relayUrl} as its launched server, so the link would ask before connecting.`);
  const headers = {
    'Content-Type': 'application/json',
    Accept: 'application/json, text/event-stream',
    'Lens-Relay-Token': token,
    Origin: url.origin,
    'Mcp-Protocol-Version': '2025-11-25',
  };
  const post = async (body, session) => {
    const answer = await fetch(relayUrl, {
      method: 'POST',
      headers: { ...headers, ...(session && { 'Mcp-Session-Id': session }) },
      body: JSON.stringify({ jsonrpc: '2.0', ...body }),
      signal: AbortSignal.timeout(STEP_MS),
    });
    return { status: answer.status, session: answer.headers.get('mcp-session-id'), text: await answer.text() };
  };
  const hello = await post({
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'check-package', version: '1' } },
  });
  if (hello.status !== 200 || hello.session === null || !hello.text.includes('"name":"mcp-servers/everything"'))
    fail(`${what}: initialize through ${relayUrl} answered ${hello.status}: ${hello.text.slice(0, 300)}`);
  await post({ method: 'notifications/initialized' }, hello.session);
  const env = await post({ id: 2, method: 'tools/call', params: { name: 'get-env', arguments: {} } }, hello.session);
  const result = JSON.parse(/^data: (.*)$/m.exec(env.text)?.[1] ?? env.text).result;
  const childEnv = JSON.parse(result?.content?.[0]?.text ?? '{}');
  if (childEnv[name] !== value) fail(`${what}: the child's ${name} is ${JSON.stringify(childEnv[name])}, not ${JSON.stringify(value)}.`);
  console.log(
    `npx mcp-lens ${what}: ${link.replace(/#.*/, '#relay-token=…')} serves the app; through the relay the server answered and has ${name}=${value}`,
  );
}

/** A GET with its body read, bounded in time. */
async function get(url) {
  const response = await fetch(url, { signal: AbortSignal.timeout(STEP_MS) });
  return { status: response.status, headers: response.headers, url: String(url), text: await response.text() };
}

/** The Content-Security-Policy meta tag's policy in a page, entities decoded. */
function metaPolicy(html) {
  const content = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/i.exec(html)?.[1];
  return content?.replaceAll('&#39;', "'").replaceAll('&quot;', '"').replaceAll('&amp;', '&');
}

function kb(bytes) {
  return `${Math.round(bytes / 1000)} kB`;
}

function show({ code, stdout, stderr }) {
  return `exit ${code}\n--- stdout\n${stdout}\n--- stderr\n${stderr}`;
}

/** Runs a command to its end and gives back its exit code and output; a hang fails the check. */
function run(command, args, cwd) {
  const child = spawn(command, args, { cwd, shell: windows && command === npx, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`${command} ${args.join(' ')} did not finish within ${STEP_MS / 1000} s:\n${stdout}${stderr}`));
    }, STEP_MS);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Starts a long-running command in its own process group (a relay runs its stdio server as a child), so it can be stopped whole. */
function start(command, args, cwd, env = {}) {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    detached: !windows,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  let output = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk) => (output += chunk));
  return {
    line: (pattern) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`${args.join(' ')} printed no ${pattern} within ${STEP_MS / 1000} s:\n${output}`)),
          STEP_MS,
        );
        const check = () => {
          const match = pattern.exec(output);
          if (match) {
            clearTimeout(timer);
            resolve(match);
          }
        };
        child.stdout.on('data', check);
        child.once('exit', (code) => {
          clearTimeout(timer);
          reject(new Error(`${args.join(' ')} exited (${code}) before printing ${pattern}:\n${output}`));
        });
        check();
      }),
  };
}

function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  try {
    if (windows) execFileSync('taskkill', ['/pid', String(child.pid), '/t', '/f'], { stdio: 'ignore' });
    else process.kill(-child.pid, 'SIGTERM');
  } catch {
    // It ended on its own meanwhile.
  }
}
