/**
 * What `mcp-lens test` prints and writes: a line per step as it ends, a summary, the whole run as JSON and as
 * JUnit XML (one testcase per step: a failed check is a <failure>, a refused or skipped step <skipped>, a
 * cancelled one an <error>). Server text goes to the terminal through terminalText (the caller's `say`);
 * JSON stays exact and JUnit escapes it.
 */
import type { Collection } from '../../../shared/collection/format.ts';
import type { CollectionRun, StepResult } from '../../../shared/collection/run.ts';
import type { ServerSummary } from '../../../shared/model.ts';
import { formatCount, plural } from '../../../shared/read.ts';
import { xmlEscape } from '../audit/junit.ts';
import { formatDuration } from '../duration.ts';

const WORD: Record<StepResult['status'], string> = {
  pass: 'pass',
  fail: 'FAIL',
  refused: 'refused',
  skipped: 'skip',
  cancelled: 'cancelled',
};

/** The lines one step ends with: its verdict and name, then each failed check and why. */
export function stepLines(step: StepResult): string[] {
  const time = step.elapsedMs === undefined ? '' : ` (${formatDuration(step.elapsedMs)})`;
  const head = `${WORD[step.status].padEnd(9)} ${step.index + 1}. ${step.name}${time}`;
  const why = step.reason === undefined ? [] : [`            ${step.reason}`];
  const failed = step.checks
    .filter((check) => !check.pass)
    .flatMap((check) => [
      `            ✗ ${check.label}${check.detail === undefined ? '' : `: ${check.detail}`}`,
      ...(check.differences ?? [])
        .slice(0, 10)
        .map((difference) => `                ${difference.change} ${difference.pointer || '(the result)'}`),
    ]);
  return [head, ...why, ...failed];
}

export function summaryLine(run: CollectionRun, elapsedMs: number): string {
  const { counts } = run;
  const parts = [
    `${formatCount(counts.pass)} passed`,
    `${formatCount(counts.fail)} failed`,
    ...(counts.refused > 0 ? [`${formatCount(counts.refused)} refused`] : []),
    ...(counts.skipped > 0 ? [`${formatCount(counts.skipped)} skipped`] : []),
    ...(counts.cancelled > 0 ? [`${formatCount(counts.cancelled)} cancelled`] : []),
  ];
  return `${plural(run.steps.length, 'step')}: ${parts.join(', ')} in ${formatDuration(elapsedMs)}`;
}

/** The run as one JSON document: the collection, the server, each step with what was sent and every check. */
export function runJson(collection: Collection, server: ServerSummary, run: CollectionRun): string {
  return JSON.stringify(
    {
      format: 'mcp-lens-collection-run',
      version: 1,
      collection: collection.name,
      server: { name: server.server.name, version: server.server.version, protocolVersion: server.protocolVersion },
      pass: run.pass,
      counts: run.counts,
      steps: run.steps,
    },
    null,
    2,
  );
}

export function runJUnit(collection: Collection, run: CollectionRun, elapsedMs: number): string {
  const attr = (value: string | number) => `"${xmlEscape(String(value))}"`;
  const failures = run.counts.fail;
  const skipped = run.counts.refused + run.counts.skipped;
  const cases = run.steps.map((step) => {
    const open = `    <testcase name=${attr(`${step.index + 1}. ${step.name}`)} classname=${attr(`mcp-lens.collection.${collection.name}`)} time=${attr(((step.elapsedMs ?? 0) / 1000).toFixed(3))}`;
    if (step.status === 'pass') return `${open}/>`;
    if (step.status === 'refused' || step.status === 'skipped')
      return `${open}>\n      <skipped message=${attr(step.reason ?? step.status)}/>\n    </testcase>`;
    if (step.status === 'cancelled') return `${open}>\n      <error message=${attr(step.reason ?? 'cancelled')}/>\n    </testcase>`;
    const failed = step.checks.filter((check) => !check.pass);
    const message = failed.map((check) => `${check.label}${check.detail === undefined ? '' : `: ${check.detail}`}`).join('; ');
    const body = failed
      .flatMap((check) => [
        `${check.label}: ${check.detail ?? ''}`,
        ...(check.differences ?? []).map((d) => `  ${d.change} ${d.pointer}: ${JSON.stringify(d.expected)} → ${JSON.stringify(d.actual)}`),
      ])
      .join('\n');
    return `${open}>\n      <failure message=${attr(message)} type="fail">${xmlEscape(body)}</failure>\n    </testcase>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="mcp-lens test" tests=${attr(run.steps.length)} failures=${attr(failures)} skipped=${attr(skipped)} time=${attr((elapsedMs / 1000).toFixed(3))}>`,
    `  <testsuite name=${attr(collection.name)} tests=${attr(run.steps.length)} failures=${attr(failures)} skipped=${attr(skipped)} errors=${attr(run.counts.cancelled)} time=${attr((elapsedMs / 1000).toFixed(3))}>`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
