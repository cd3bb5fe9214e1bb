/**
 * The audit as JUnit XML, the format CI systems show as test results: one testsuite per run, one testcase per
 * check. A fail is a <failure>, a check that does not apply is <skipped>, a warning passes with its reason in
 * <system-out> (JUnit has no warnings, and a warning must not fail a build). Every server-provided string is
 * escaped, and characters XML 1.0 cannot carry are replaced, so a hostile tool name cannot break the file.
 */
import type { AuditReport, AuditResult } from '../../../shared/audit.ts';

/** Characters XML 1.0 forbids anywhere (most C0 controls, lone surrogates, U+FFFE/U+FFFF). */
const NOT_XML =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export function xmlEscape(text: string): string {
  return (
    text
      .replace(NOT_XML, '\ufffd')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
      // Attribute values would fold these into spaces; kept as references they survive.
      .replace(/\r/g, '&#13;')
      .replace(/\n/g, '&#10;')
      .replace(/\t/g, '&#9;')
  );
}

const seconds = (ms: number) => (ms / 1000).toFixed(3);
const attrs = (pairs: Record<string, string | number>) =>
  Object.entries(pairs)
    .map(([name, value]) => `${name}="${xmlEscape(String(value))}"`)
    .join(' ');

function testcase(result: AuditResult): string {
  const open = `    <testcase ${attrs({ name: `${result.id}: ${result.title}`, classname: `mcp-lens.audit.${result.id}`, time: seconds(result.durationMs) })}`;
  const body = [result.reason, ...result.details, `Spec: ${result.spec.url}`].join('\n');
  if (result.verdict === 'fail')
    return `${open}>\n      <failure ${attrs({ message: result.reason, type: 'fail' })}>${xmlEscape(body)}</failure>\n    </testcase>`;
  if (result.verdict === 'not-applicable') return `${open}>\n      <skipped ${attrs({ message: result.reason })}/>\n    </testcase>`;
  if (result.verdict === 'warning') return `${open}>\n      <system-out>${xmlEscape(`warning: ${body}`)}</system-out>\n    </testcase>`;
  return `${open}/>`;
}

export function toJUnitXml(report: AuditReport): string {
  const { counts } = report;
  const tests = report.results.length;
  const totals = { tests, failures: counts.fail, errors: 0, skipped: counts['not-applicable'], time: seconds(report.durationMs) };
  const suite = {
    name: `MCP Lens audit of ${report.server.name} (${report.protocolVersion})`,
    ...totals,
    timestamp: new Date(report.startedAt).toISOString(),
  };
  const properties = {
    url: report.url,
    server: `${report.server.name} ${report.server.version}`,
    era: report.era,
    protocolVersion: report.protocolVersion,
    transport: report.transport,
  };
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites ${attrs({ name: 'MCP Lens audit', ...totals })}>`,
    `  <testsuite ${attrs(suite)}>`,
    '    <properties>',
    ...Object.entries(properties).map(([name, value]) => `      <property ${attrs({ name, value })}/>`),
    ...(report.cancelled ? [`      <property ${attrs({ name: 'cancelled', value: 'true' })}/>`] : []),
    '    </properties>',
    ...report.results.map(testcase),
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
