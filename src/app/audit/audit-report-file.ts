/**
 * The audit report as a file: JSON (opened again read-only in the Audit tab) and Markdown (for a pull
 * request or an issue). Each check carries the request it sent and the answer it got, as the Message log
 * holds them, with secrets masked by the one redaction policy (src/shared/redact.ts); the server URL is
 * masked by the broader URL-credential rule, since a file leaves the page. A file read back is untrusted:
 * `parseAuditReportFile` checks every field it shows.
 */
import {
  countVerdicts,
  summarizeCounts,
  type AuditExchange,
  type AuditReport,
  type AuditResult,
  type AuditVerdict,
} from '../../shared/audit.ts';
import { eraFrom, isSpecRevision } from '../../shared/era-profile.ts';
import { isRecord } from '../../shared/read.ts';
import { maskUrlCredentials, redactJson, redactUrlsIn } from '../../shared/redact.ts';
import { AUDIT_REPORT_FORMAT } from './audit-report-format.ts';

/** Far bigger than any real report (tens of KB), and small enough to parse on the UI thread without a long task; a bigger file is refused unread. */
export const MAX_AUDIT_REPORT_BYTES = 5_000_000;

/** One exchange of a check, with the messages themselves (masked) when the log still held them. */
interface AuditFileExchange extends AuditExchange {
  request?: unknown;
  response?: unknown;
}

interface AuditFileResult extends Omit<AuditResult, 'exchanges'> {
  exchanges: AuditFileExchange[];
}

export interface AuditReportFile {
  format: typeof AUDIT_REPORT_FORMAT;
  version: 1;
  lensVersion: string;
  exportedAt: string;
  report: Omit<AuditReport, 'results'> & { results: AuditFileResult[] };
}

/** The report with each exchange's messages, looked up by log seq (`messageOf`), all masked. */
export function buildAuditReportFile(
  report: AuditReport,
  messageOf: (seq: number) => unknown,
  meta: { lensVersion: string; exportedAt: Date },
): AuditReportFile {
  const withMessages = (exchange: AuditExchange): AuditFileExchange => {
    const request = exchange.requestSeq === undefined ? undefined : messageOf(exchange.requestSeq);
    const response = exchange.responseSeq === undefined ? undefined : messageOf(exchange.responseSeq);
    return {
      ...exchange,
      ...(request !== undefined && { request: redactJson(request) }),
      ...(response !== undefined && { response: redactJson(response) }),
    };
  };
  return {
    format: AUDIT_REPORT_FORMAT,
    version: 1,
    lensVersion: meta.lensVersion,
    exportedAt: meta.exportedAt.toISOString(),
    report: {
      ...report,
      url: maskUrlCredentials(report.url),
      results: report.results.map((result) => ({
        ...result,
        reason: redactUrlsIn(result.reason),
        details: result.details.map(redactUrlsIn),
        exchanges: result.exchanges.map(withMessages),
      })),
    },
  };
}

const VERDICT_WORD: Record<AuditVerdict, string> = { pass: 'PASS', fail: 'FAIL', warning: 'WARNING', 'not-applicable': 'N/A' };
const ERA_NAME = { legacy: 'MCP 2025-11-25', modern: 'MCP 2026-07-28' } as const;

/** What needs a look first: failures, then warnings; passes and checks that did not apply last. */
const VERDICT_ORDER: Record<AuditVerdict, number> = { fail: 0, warning: 1, pass: 2, 'not-applicable': 3 };
/** Run order within a verdict (a stable sort). */
const needsLookFirst = <T extends { verdict: AuditVerdict }>(results: readonly T[]): T[] =>
  [...results].sort((a, b) => VERDICT_ORDER[a.verdict] - VERDICT_ORDER[b.verdict]);

/** A table cell: one line, pipes escaped. */
const cell = (text: string) => text.replace(/\s+/g, ' ').replace(/\\/g, '\\\\').replace(/\|/g, '\\|');
/** One layout for every spec link, in the table and under each check: `[revision section](url)`. */
const specLink = (spec: AuditReport['results'][number]['spec']) =>
  `[${[spec.revision, cell(spec.section)].filter((part) => part.trim() !== '').join(' ')}](${spec.url})`;

/** A fenced block no server text can close early: the fence is longer than any backtick run inside. */
function fenced(text: string, lang = ''): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((match) => match[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${lang}\n${text}\n${fence}`;
}

export function auditReportMarkdown(file: AuditReportFile): string {
  const { report } = file;
  const results = needsLookFirst(report.results);
  const lines = [
    `# MCP Lens audit: ${cell(report.server.name)} ${cell(report.server.version)}`,
    '',
    `- Server: \`${cell(report.url).replace(/`/g, '')}\` (${report.transport})`,
    report.refused
      ? '- Era: none agreed: MCP Lens could not talk to the server (see the connection check)'
      : `- Era: ${ERA_NAME[report.era]} (protocol version ${cell(report.protocolVersion)})`,
    `- Run: ${new Date(report.startedAt).toISOString()}, ${(report.durationMs / 1000).toFixed(1)} s${report.cancelled ? ', cancelled before every check ran' : ''}`,
    `- MCP Lens ${cell(file.lensVersion)}, exported ${file.exportedAt}`,
    `- Result: ${summarizeCounts(report.counts)}`,
    '',
    '| Verdict | Check | Spec | Why |',
    '|---|---|---|---|',
    ...results.map((r) => `| ${VERDICT_WORD[r.verdict]} | \`${r.id}\` ${cell(r.title)} | ${specLink(r.spec)} | ${cell(r.reason)} |`),
  ];
  for (const result of results) {
    lines.push('', `## ${VERDICT_WORD[result.verdict]} \`${result.id}\`: ${cell(result.title)}`, '');
    lines.push(`Spec: ${specLink(result.spec)} · ${result.durationMs} ms`, '');
    lines.push(cell(result.reason), '');
    if (result.suite)
      lines.push(
        `Official suite scenario: \`${result.suite.scenario}\`${result.suite.differs ? `. Differs: ${cell(result.suite.differs)}` : ''}`,
        '',
      );
    for (const line of result.details) lines.push(`- ${cell(line)}`);
    result.exchanges.forEach((exchange, index) => {
      lines.push(
        '',
        `### Exchange ${index + 1}: ${cell(exchange.method)}${exchange.httpStatus === undefined ? '' : ` (HTTP ${exchange.httpStatus})`}`,
        '',
      );
      if (exchange.plainHttp) {
        // No JSON-RPC message: the probe's HTTP request and answer are the evidence themselves.
        lines.push('A raw HTTP probe with no JSON-RPC message; what went over the wire:', '');
        lines.push(
          'Request:',
          '',
          fenced(exchange.plainHttp.request, 'http'),
          '',
          'Response:',
          '',
          fenced(exchange.plainHttp.response, 'http'),
        );
        return;
      }
      const noRequest = exchange.requestSeq === undefined ? '(no JSON-RPC message was sent)' : '(no longer in the Message log)';
      lines.push(
        'Request:',
        '',
        fenced(exchange.request === undefined ? noRequest : JSON.stringify(exchange.request, null, 2), 'json'),
        '',
      );
      lines.push(
        'Response:',
        '',
        fenced(exchange.response === undefined ? '(no response)' : JSON.stringify(exchange.response, null, 2), 'json'),
      );
    });
  }
  return `${lines.join('\n')}\n`;
}

type Parsed = { ok: true; file: AuditReportFile } | { ok: false; error: string };

const VERDICTS = new Set<unknown>(['pass', 'fail', 'warning', 'not-applicable']);
const isNum = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isStr = (value: unknown): value is string => typeof value === 'string';
const optNum = (value: unknown) => (isNum(value) ? value : undefined);

function readExchange(value: unknown): AuditFileExchange | undefined {
  if (!isRecord(value) || !isStr(value.method)) return undefined;
  const ids = {
    requestSeq: optNum(value.requestSeq),
    responseSeq: optNum(value.responseSeq),
    httpSeq: optNum(value.httpSeq),
    httpStatus: optNum(value.httpStatus),
  };
  return {
    method: value.method,
    ...Object.fromEntries(Object.entries(ids).filter(([, v]) => v !== undefined)),
    // Masked again on the way in: a hand-edited file is shown by the same rule as an exported one.
    ...(value.request !== undefined && { request: redactJson(value.request) }),
    ...(value.response !== undefined && { response: redactJson(value.response) }),
    ...(isRecord(value.plainHttp) &&
      isStr(value.plainHttp.request) &&
      isStr(value.plainHttp.response) && {
        plainHttp: {
          request: value.plainHttp.request.slice(0, MAX_PLAIN_CHARS),
          response: value.plainHttp.response.slice(0, MAX_PLAIN_CHARS),
        },
      }),
  };
}

/** A plain HTTP exchange's texts are short when written (probe-log.ts); a hand-edited file is cut to this. */
const MAX_PLAIN_CHARS = 4000;

function readResult(value: unknown): AuditFileResult | undefined {
  if (!isRecord(value) || !isStr(value.id) || !isStr(value.title) || !VERDICTS.has(value.verdict) || !isStr(value.reason)) return undefined;
  const { spec } = value;
  if (!isRecord(spec) || !isStr(spec.section) || !isSpecRevision(spec.revision)) return undefined;
  const suite =
    isRecord(value.suite) && isStr(value.suite.scenario)
      ? { scenario: value.suite.scenario, ...(isStr(value.suite.differs) && { differs: value.suite.differs }) }
      : undefined;
  return {
    id: value.id,
    title: value.title,
    // The link is rebuilt, never taken from the file: only modelcontextprotocol.io is linked.
    spec: {
      revision: spec.revision,
      section: spec.section,
      url: `https://modelcontextprotocol.io/specification/${spec.revision}/${spec.section.replace(/^\/+/, '')}`,
    },
    verdict: value.verdict as AuditVerdict,
    reason: value.reason,
    details: Array.isArray(value.details) ? value.details.filter(isStr) : [],
    exchanges: Array.isArray(value.exchanges) ? value.exchanges.flatMap((e) => readExchange(e) ?? []) : [],
    durationMs: optNum(value.durationMs) ?? 0,
    ...(suite && { suite }),
  };
}

/** A report file read back, checked field by field; what it cannot use is said in `error`. */
export function parseAuditReportFile(text: string): Parsed {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, error: 'This is not JSON. Open the .json report MCP Lens exported (the Markdown one is for reading).' };
  }
  if (!isRecord(json) || json.format !== AUDIT_REPORT_FORMAT) return { ok: false, error: 'This JSON is not an MCP Lens audit report.' };
  if (json.version !== 1)
    return {
      ok: false,
      error: `This report is version ${String(json.version)}; this MCP Lens reads version 1. Open it in a newer MCP Lens.`,
    };
  const report = json.report;
  if (!isRecord(report) || !Array.isArray(report.results) || !isRecord(report.server))
    return { ok: false, error: 'The report has no results: the file is damaged.' };
  const results = report.results.map(readResult);
  if (results.some((result) => result === undefined))
    return { ok: false, error: 'A check in the report is damaged (an id, verdict or spec section is missing).' };
  const kept = results as AuditFileResult[];
  return {
    ok: true,
    file: {
      format: AUDIT_REPORT_FORMAT,
      version: 1,
      lensVersion: isStr(json.lensVersion) ? json.lensVersion : 'unknown',
      exportedAt: isStr(json.exportedAt) ? json.exportedAt : '',
      report: {
        runId: isStr(report.runId) ? report.runId : 'opened',
        url: maskUrlCredentials(isStr(report.url) ? report.url : ''),
        server: {
          name: isStr(report.server.name) ? report.server.name : '(unnamed)',
          version: isStr(report.server.version) ? report.server.version : '',
        },
        era: eraFrom(report.era),
        protocolVersion: isStr(report.protocolVersion) ? report.protocolVersion : '',
        transport: report.transport === 'sse' ? 'sse' : 'streamable-http',
        startedAt: optNum(report.startedAt) ?? 0,
        durationMs: optNum(report.durationMs) ?? 0,
        results: kept,
        // Counted again: the file's own counts could disagree with its checks.
        counts: countVerdicts(kept),
        ...(report.cancelled === true && { cancelled: true as const }),
        ...(report.refused === true && { refused: true as const }),
      },
    },
  };
}
