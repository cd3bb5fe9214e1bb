/**
 * Every headless command line the docs give (README.md, docs/*.md, packages/mcp-lens/README.md: the lines of
 * their shell blocks that start `npx mcp-lens` or `npm run cli --`) is run as a shell reads it (sh splits the
 * words, so a quote the shell would eat is eaten here too), against the demo server in place of the docs'
 * example servers: it must not be a usage error (exit 2) nor fail to connect (exit 3). The app's and the
 * relay's lines are read by their own parsers. A line with a placeholder (`…`, `<name>`) is not a command.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { HelpRequested } from '../node/command/framework.ts';
import { startDemoServer, type RunningDemoServer } from '../node/demo-server/index.ts';
import { readCommandLine } from '../node/npx/command-line.ts';
import { parseServeArgs } from '../node/npx/serve-args.ts';
import { parseRelayArgs } from '../node/relay/args.ts';
import { startCli } from './support/cli-harness.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DOCS = [
  'README.md',
  'packages/mcp-lens/README.md',
  ...readdirSync(`${ROOT}docs`)
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];
/** The docs' example servers, each a stand-in for a real one. */
const EXAMPLE_SERVERS = /https:\/\/(?:server|staging)\.example\/mcp|http:\/\/127\.0\.0\.1:3001\/mcp/g;

/** Each line of a shell block that runs one of ours, with the file it is in. */
function documentedCommands(): Array<{ file: string; line: string }> {
  const found: Array<{ file: string; line: string }> = [];
  for (const file of DOCS) {
    let inShell = false;
    for (const raw of readFileSync(`${ROOT}${file}`, 'utf8').split('\n')) {
      const line = raw.trim();
      if (line.startsWith('```')) {
        inShell = !inShell && /^```(?:sh|bash|shell)?$/.test(line);
        continue;
      }
      if (!inShell || !/^(?:npx mcp-lens|npm run cli --)( |$)/.test(line)) continue;
      if (/…|<[a-z]/.test(line.replace(/#.*$/, ''))) continue;
      found.push({ file, line });
    }
  }
  return found;
}

/** The words a POSIX shell makes of a line (its comment dropped, quotes removed, ~ expanded). */
function shellWords(line: string): string[] {
  const out = execFileSync('sh', ['-c', `set -- ${line}\nprintf '%s\\0' "$@"`], { encoding: 'utf8' });
  return out.split('\0').slice(0, -1);
}

let demo: RunningDemoServer;
const files = new Map<string, string>();
beforeAll(async () => {
  demo = await startDemoServer({ port: 0 });
  const snapshot = startCli(['snapshot', demo.url, '--out', 'contract.json'], { files });
  expect(await snapshot.done).toBe(0);
  const contract = files.get('contract.json')!;
  for (const name of ['old.json', 'new.json']) files.set(name, contract);
  const collection = JSON.stringify({
    format: 'mcp-lens-collection',
    version: 1,
    name: 'smoke',
    steps: [{ name: 'ping', request: { method: 'ping' } }],
  });
  for (const name of ['smoke.collection.json', '../tests/smoke.collection.json']) files.set(name, collection);
});
afterAll(() => demo.close());

const commands = documentedCommands();

describe('the command lines the docs give', () => {
  it('finds them', () => {
    expect(commands.length).toBeGreaterThan(20);
  });

  it.each(commands)('$file: $line', async ({ line }) => {
    const words = shellWords(line.replace(EXAMPLE_SERVERS, demo.url));
    const [first, second, third, ...rest] = words;
    const program = first === 'npx' ? readCommandLine([third!, ...rest].filter((word) => word !== undefined)) : undefined;
    if (program?.run === 'serve') return void expect(() => parseServeArgs(program.args)).not.toThrow();
    if (program?.run === 'relay') {
      try {
        parseRelayArgs(program.args);
      } catch (error) {
        if (!(error instanceof HelpRequested)) throw error;
      }
      return;
    }
    if (program?.run === 'unknown') throw new Error(`npx mcp-lens has no "${program.name}" command`);
    expect(first === 'npx' || `${second} ${third}` === 'run cli').toBe(true);
    const args = program ? program.args : rest.slice(rest[0] === '--' ? 1 : 0);
    const run = startCli(args, { files });
    const code = await run.done;
    // 0 passed, 1 the server said no (a resource the demo server lacks), or a tool or prompt the demo server
    // does not list refused by name: the line itself was read right and reached the server.
    const stderr = run.stderr.join('\n');
    if (code === 2) expect(stderr).toMatch(/the server lists no (?:tool|prompt) by this name/);
    else expect([0, 1], `exit ${code}: ${stderr}`).toContain(code);
  });
});
