/**
 * The agreement test (issue 23): the official suite's `conformance server` mode and MCP Lens's audit, through
 * the command line's own code (auditCommand, with Node's raw HTTP), against the demo server in each era,
 * @modelcontextprotocol/server-everything, and one broken fixture per failure class. For every scenario both
 * run, the verdicts must be equal; where MCP Lens judges otherwise on purpose, DIFFERENCES below lists the
 * scenario, the verdicts, the evidence that shows it is that case, and why. Anything else fails the test.
 *
 * A vitest engine test rather than a step of scripts/conformance.mjs: the fixtures start in-process on port 0
 * (no fixed ports to collide with a parallel run), the audit runs as a function, and the suite is one child
 * process per server (all of an era's scenarios in one run, since starting the suite's Node costs more than
 * most scenarios), as many at a time as there are cores.
 */
import { availableParallelism, loadavg } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAudit } from '../node/cli/audit/command.ts';
import { realClock } from '../engine/clock.ts';
import { startDemoServer, type RunningDemoServer } from '../node/demo-server/index.ts';
import { nodeRawHttp } from '../node/http/raw-http.ts';
import type { AuditReport, AuditVerdict } from '../shared/audit.ts';
import { runSuite, type SuiteScenario } from './support/conformance-suite.ts';
import { startBrokenAuditServer, type AuditFault } from './servers/broken-audit-server.ts';
import { startEverythingServer } from './servers/everything-server.ts';

/** One broken fixture per failure class the issues name (23, and 34: the last four, in each era they apply to). */
const FAULTS: Array<AuditFault | [AuditFault, 'legacy' | 'modern']> = [
  'undying-session',
  'wrong-error-code',
  'invalid-schema',
  'negative-ttl',
  'unchecked-headers',
  'no-dns-rebinding-protection',
  'endless-pagination',
  'unchecked-param-headers',
  'single-stream',
  'input-required-list',
  'ungated-tasks',
  ['resource-uri-no-scheme', 'legacy'],
  ['resource-uri-no-scheme', 'modern'],
  'missing-list-hints',
  ['stream-without-data', 'legacy'],
  ['stream-without-data', 'modern'],
  ['template-read-empty', 'legacy'],
  ['template-read-empty', 'modern'],
];

/**
 * Servers the engine refuses to talk to: MCP Lens's report fails its `connection` check with the engine's
 * reason, and the suite fails the scenario that judges the same fault. Both verdicts are checked here, beside
 * each other, since no scenario pairs with `connection`.
 */
const REFUSED: Array<{ fault: AuditFault; era: Target['era']; lens: RegExp; scenario: string; suite: RegExp }> = [
  {
    fault: 'session-id-not-ascii',
    era: 'auto',
    lens: /Mcp-Session-Id is not valid: it contains " " at position 7/,
    scenario: 'server-initialize',
    suite: /server-session-id-visible-ascii: Session ID contains characters outside visible ASCII/,
  },
  {
    fault: 'malformed-discover',
    era: '2026-07-28',
    lens: /answered server\/discover, but its result is not valid: supportedVersions is missing/,
    scenario: 'server-stateless',
    suite: /sep-2575-server-implements-discover: Missing mandatory fields in discover response/,
  },
];

/** Where MCP Lens disagrees on purpose. `evidence` must match the suite's failing check (or MCP Lens's reason). */
const DIFFERENCES: Array<{ scenario: string; lens: AuditVerdict; suite: AuditVerdict; evidence: RegExp; why: string }> = [
  {
    scenario: 'completion-complete',
    lens: 'pass',
    suite: 'fail',
    evidence: /test_prompt_with_arguments not found/,
    why: 'The suite completes its own fixture prompt, which other servers do not have; MCP Lens completes the first prompt argument or template variable the server lists.',
  },
  {
    scenario: 'resources-templates-read',
    lens: 'pass',
    suite: 'fail',
    evidence: /test:\/\/template\/123\/data/,
    why: "The suite reads its own fixture's test://template/123/data; MCP Lens fills in the server's own template with values its completion offers.",
  },
  {
    scenario: 'server-stateless',
    lens: 'pass',
    suite: 'warning',
    evidence: /list-changed-on-subscription/,
    why: 'The suite also opens subscriptions/listen and changes the lists through its fixture (a SHOULD); MCP Lens only reads, and checks the generic rules.',
  },
  {
    scenario: '*',
    lens: 'pass',
    suite: 'fail',
    evidence: /wire-schema-valid: .*(ttlMs: must be >= 0|must have required property '(ttlMs|cacheScope)')/,
    why: 'The suite checks every response against the wire schema in every scenario, so a negative or missing ttlMs (or a missing cacheScope) fails them all; MCP Lens judges caching hints where they are, in cache-hints and the list checks (which fail it).',
  },
  {
    scenario: 'caching',
    lens: 'pass',
    suite: 'fail',
    evidence: /-list-caching-hints: \w+\/list returned JSON-RPC error -32601/,
    why: 'The suite asks for every list whatever the server offers (a list the server does not offer fails); MCP Lens reads only the lists the capabilities declare.',
  },
  {
    scenario: 'tools-list',
    lens: 'fail',
    suite: 'pass',
    evidence: /the list never ends/,
    why: 'The suite reads the first page only; MCP Lens follows nextCursor to the end and fails a list that never ends.',
  },
  {
    scenario: 'server-sse-multiple-streams',
    lens: 'fail',
    suite: 'pass',
    evidence: /None of the \d event streams carried its response \(a data: line/,
    why: 'The suite checks that each concurrent POST is served (2xx), not what its event stream carries; MCP Lens fails streams with no data: line holding the response, which no client can read.',
  },
];

interface Target {
  name: string;
  url: string;
  era: 'auto' | '2025' | '2026-07-28';
}

interface Row {
  target: string;
  scenario: string;
  lens: string;
  suite: string;
  /** Set when the verdicts differ and MCP Lens says why. */
  listed?: string;
}

async function audit(target: Target): Promise<AuditReport> {
  let json = '';
  const code = await runAudit([target.url, '--era', target.era, '--json', 'report.json'], {
    env: {},
    fetch: (input, init) => fetch(input, init),
    clock: realClock,
    rawHttp: nodeRawHttp,
    stdout: () => undefined,
    stderr: (line) => console.error(line),
    writeFile: async (_path, text) => {
      json = text;
    },
  });
  if (code > 1 || json === '') throw new Error(`The audit of ${target.name} could not run (exit code ${code}).`);
  return (JSON.parse(json) as { report: AuditReport }).report;
}

/** Rows for every scenario both sides ran: the audit's check that mirrors it ran, and the suite judged it. */
function compare(target: string, report: AuditReport, suite: Map<string, SuiteScenario>): { rows: Row[]; oneSided: string[] } {
  const rows: Row[] = [];
  const oneSided: string[] = [];
  for (const result of report.results) {
    if (!result.suite) continue;
    const theirs = suite.get(result.suite.scenario);
    if (result.verdict === 'not-applicable' || !theirs || theirs.verdict === 'not-applicable') {
      oneSided.push(`${target} ${result.suite.scenario}`);
      continue;
    }
    const row: Row = {
      target,
      scenario: result.suite.scenario,
      lens: `${result.verdict} (${result.reason})`,
      suite: `${theirs.verdict}${theirs.why ? ` (${theirs.why})` : ''}`,
    };
    if (result.verdict !== theirs.verdict) {
      const scenario = result.suite.scenario;
      const known = DIFFERENCES.find(
        (d) =>
          (d.scenario === '*' || d.scenario === scenario) &&
          d.lens === result.verdict &&
          d.suite === theirs.verdict &&
          d.evidence.test(`${theirs.why ?? ''}\n${result.reason}`),
      );
      row.listed = known?.why ?? '';
    }
    rows.push(row);
  }
  return { rows, oneSided };
}

/** Runs `work` over `items`, as many at a time as `width`. */
async function pool<T, R>(items: readonly T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  const lanes = Array.from({ length: Math.min(width, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  });
  await Promise.all(lanes);
  return results;
}

let demo: RunningDemoServer;
let broken: Awaited<ReturnType<typeof startBrokenAuditServer>>;
let everything: Awaited<ReturnType<typeof startEverythingServer>>;
beforeAll(async () => {
  [demo, broken, everything] = await Promise.all([
    startDemoServer({ port: 0 }),
    startBrokenAuditServer(),
    startEverythingServer('streamableHttp'),
  ]);
});
afterAll(async () => {
  everything?.close();
  await Promise.all([demo?.close(), broken?.close()]);
});

describe('the audit agrees with the official conformance suite', () => {
  it(
    'gives the same verdict as `conformance server` for every scenario both run, or says why not',
    async () => {
      const targets: Target[] = [
        { name: 'demo (2025)', url: demo.url, era: '2025' },
        { name: 'demo (2026-07-28)', url: demo.url, era: '2026-07-28' },
        { name: 'server-everything', url: everything.url, era: 'auto' },
        ...FAULTS.map((entry): Target => {
          const [fault, era] = Array.isArray(entry) ? entry : [entry, undefined];
          return { name: `broken: ${fault}${era ? ` (${era})` : ''}`, url: broken.urlFor(fault, era), era: 'auto' };
        }),
      ];
      const started = Date.now();
      const outcomes = await pool(targets, availableParallelism(), async (target) => {
        const report = await audit(target);
        const suite = await runSuite(target.url, report.era === 'modern' ? '2026-07-28' : '2025-11-25');
        return compare(target.name, report, suite);
      });
      const rows = outcomes.flatMap((o) => o.rows);
      const agree = rows.filter((r) => r.listed === undefined);
      const listed = rows.filter((r) => r.listed);
      const unexplained = rows.filter((r) => r.listed === '');
      console.log(
        `Agreement: ${agree.length} of ${rows.length} scenarios agree, ${listed.length} listed differences, across ${targets.length} servers ` +
          `(${outcomes.reduce((n, o) => n + o.oneSided.length, 0)} run by one side only) in ${Math.round((Date.now() - started) / 1000)} s, load average ${loadavg()[0]!.toFixed(1)}.`,
      );
      for (const row of listed)
        console.log(`  listed: ${row.target} ${row.scenario}: MCP Lens ${row.lens}; the suite ${row.suite}. Why: ${row.listed}`);
      expect(unexplained.map((r) => `${r.target} ${r.scenario}: MCP Lens ${r.lens}; the suite ${r.suite}`)).toEqual([]);
      // Every failure class is found by both sides: each broken fixture fails at least one scenario both ran, or
      // its fault is in a rule the suite has no scenario for (wrong-error-code, invalid-schema), named by MCP Lens.
      expect(rows.length).toBeGreaterThan(targets.length);
    },
    15 * 60_000,
  );

  it.each(REFUSED)(
    'a server the engine refuses ($fault): MCP Lens fails connection with the reason, the suite fails $scenario',
    async ({ fault, era, lens, scenario, suite: why }) => {
      const url = broken.urlFor(fault);
      const report = await audit({ name: fault, url, era });
      const suite = await runSuite(url, fault === 'malformed-discover' ? '2026-07-28' : '2025-11-25');
      const theirs = suite.get(scenario);
      console.log(
        `Refused ${fault}: MCP Lens ${report.results[0]?.id} ${report.results[0]?.verdict} (${report.results[0]?.reason}); the suite ${scenario} ${theirs?.verdict} (${theirs?.why}).`,
      );
      expect(report).toMatchObject({ refused: true, counts: { fail: 1, pass: 0, warning: 0 } });
      expect(report.results[0]).toMatchObject({ id: 'connection', verdict: 'fail', reason: expect.stringMatching(lens) });
      expect(theirs).toMatchObject({ verdict: 'fail', why: expect.stringMatching(why) });
    },
    5 * 60_000,
  );
});
