import { describe, expect, it } from 'vitest';
import type { AuditReport } from '../../shared/audit.ts';
import { auditReportMarkdown, buildAuditReportFile, parseAuditReportFile } from './audit-report-file.ts';
import { looksLikeAuditReport } from './audit-report-format.ts';

const report = (over: Partial<AuditReport['results'][number]> = {}): AuditReport => ({
  runId: 'r',
  url: 'https://user:pw@example.com/mcp?token=t0k3n&sig=s1g',
  server: { name: 'srv | evil', version: '2' },
  era: 'modern',
  protocolVersion: '2026-07-28',
  transport: 'streamable-http',
  startedAt: Date.UTC(2026, 0, 1),
  durationMs: 2500,
  results: [
    {
      id: 'unknown-method',
      title: 'An unknown method gets -32601',
      spec: {
        revision: '2026-07-28',
        section: 'basic#errors',
        url: 'https://modelcontextprotocol.io/specification/2026-07-28/basic#errors',
      },
      verdict: 'fail',
      reason: 'Got -32600 | not -32601',
      details: ['Sent x; got y.'],
      exchanges: [{ method: 'mcp-lens/audit-no-such-method', requestSeq: 4, responseSeq: 5, httpSeq: 3, httpStatus: 200 }],
      durationMs: 7,
      ...over,
    },
  ],
  counts: { pass: 0, fail: 1, warning: 0, 'not-applicable': 0 },
});

const META = { lensVersion: '1.2.3', exportedAt: new Date(Date.UTC(2026, 0, 2)) };
const messages = new Map<number, unknown>([
  [4, { method: 'mcp-lens/audit-no-such-method', params: { password: 'hunter2' } }],
  [5, { error: { code: -32600, message: '```evil``` fence' } }],
]);

describe('the audit report file', () => {
  it('masks the URL credentials and secret fields, and keeps the server, era, time and version', () => {
    const file = buildAuditReportFile(report(), (seq) => messages.get(seq), META);
    const text = JSON.stringify(file);
    for (const secret of ['t0k3n', 's1g', 'pw@', 'hunter2']) expect(text).not.toContain(secret);
    expect(file).toMatchObject({
      format: 'mcp-lens-audit-report',
      version: 1,
      lensVersion: '1.2.3',
      exportedAt: '2026-01-02T00:00:00.000Z',
    });
    expect(file.report.results[0]?.exchanges[0]).toMatchObject({ httpSeq: 3, response: { error: { code: -32600 } } });
    expect(looksLikeAuditReport(JSON.stringify(file, null, 2).slice(0, 256))).toBe(true);
  });

  it('writes Markdown with a summary table, escaped cells, and fences server text cannot close', () => {
    const markdown = auditReportMarkdown(buildAuditReportFile(report(), (seq) => messages.get(seq), META));
    expect(markdown).toContain('# MCP Lens audit: srv \\| evil 2');
    expect(markdown).toContain('- Era: MCP 2026-07-28 (protocol version 2026-07-28)');
    expect(markdown).toContain('- MCP Lens 1.2.3, exported 2026-01-02T00:00:00.000Z');
    expect(markdown).toContain('- Result: 1 check: 0 pass, 1 fail, 0 warnings, 0 not applicable');
    expect(markdown).toContain(
      '| FAIL | `unknown-method` An unknown method gets -32601 | [2026-07-28 basic#errors](https://modelcontextprotocol.io/specification/2026-07-28/basic#errors) | Got -32600 \\| not -32601 |',
    );
    expect(markdown).toContain('### Exchange 1: mcp-lens/audit-no-such-method (HTTP 200)');
    expect(markdown).toContain('````json\n{\n  "error"');
    expect(markdown).not.toContain('hunter2');
  });

  it('lists failures first, then warnings, passes and checks that did not apply, each spec link one way', () => {
    const base = report().results[0]!;
    const file = buildAuditReportFile(
      {
        ...report(),
        results: [
          { ...base, id: 'first-pass', verdict: 'pass' },
          { ...base, id: 'skipped', verdict: 'not-applicable', spec: { ...base.spec, section: '' } },
          { ...base, id: 'a-warning', verdict: 'warning' },
          { ...base, id: 'late-fail', verdict: 'fail' },
        ],
      },
      (seq) => messages.get(seq),
      META,
    );
    const markdown = auditReportMarkdown(file);
    const rows = markdown.split('\n').filter((line) => /^\| (PASS|FAIL|WARNING|N\/A) /.test(line));
    expect(rows.map((row) => row.split(' | ')[0])).toEqual(['| FAIL', '| WARNING', '| PASS', '| N/A']);
    const headings = markdown.split('\n').filter((line) => line.startsWith('## '));
    expect(headings.map((line) => line.split(' ')[1])).toEqual(['FAIL', 'WARNING', 'PASS', 'N/A']);
    // A check with no section links by its revision alone, in the table and under the check.
    expect(markdown).toContain('| [2026-07-28](https://modelcontextprotocol.io/specification/2026-07-28/basic#errors) |');
    expect(markdown).toContain('Spec: [2026-07-28](https://modelcontextprotocol.io/specification/2026-07-28/basic#errors) · 7 ms');
  });

  it('reads back what it wrote, recounts the verdicts and rebuilds spec links on modelcontextprotocol.io', () => {
    const file = buildAuditReportFile(report(), (seq) => messages.get(seq), META);
    const tampered = JSON.parse(JSON.stringify(file)) as typeof file;
    tampered.report.counts = { pass: 9, fail: 0, warning: 0, 'not-applicable': 0 };
    tampered.report.results[0]!.spec.url = 'https://evil.example/';
    const parsed = parseAuditReportFile(JSON.stringify(tampered));
    expect(parsed.ok && parsed.file.report.counts).toEqual({ pass: 0, fail: 1, warning: 0, 'not-applicable': 0 });
    expect(parsed.ok && parsed.file.report.results[0]?.spec.url).toBe(
      'https://modelcontextprotocol.io/specification/2026-07-28/basic#errors',
    );
  });

  it('writes and reads back a probe with no JSON-RPC message (a DELETE) with its HTTP request and answer', () => {
    const plainHttp = { request: 'DELETE https://example.com/mcp\nmcp-session-id: s-1', response: 'HTTP 200' };
    const deleted = report({ exchanges: [{ method: 'DELETE', httpSeq: 9, httpStatus: 200, plainHttp }] });
    const file = buildAuditReportFile(deleted, (seq) => messages.get(seq), META);
    const markdown = auditReportMarkdown(file);
    expect(markdown).toContain('A raw HTTP probe with no JSON-RPC message; what went over the wire:');
    expect(markdown).toContain('```http\nDELETE https://example.com/mcp\nmcp-session-id: s-1\n```');
    expect(markdown).not.toContain('not kept in the log');
    const parsed = parseAuditReportFile(JSON.stringify(file));
    expect(parsed.ok && parsed.file.report.results[0]?.exchanges[0]?.plainHttp).toEqual(plainHttp);
  });

  it('keeps a refused report refused, and says in Markdown that no era was agreed', () => {
    const refused: AuditReport = { ...report(), protocolVersion: '', server: { name: '', version: '' }, refused: true };
    const file = buildAuditReportFile(refused, (seq) => messages.get(seq), META);
    expect(auditReportMarkdown(file)).toContain('- Era: none agreed: MCP Lens could not talk to the server (see the connection check)');
    const parsed = parseAuditReportFile(JSON.stringify(file));
    expect(parsed.ok && parsed.file.report.refused).toBe(true);
  });

  it('refuses what is not a report, in words that say what to do', () => {
    expect(parseAuditReportFile('# markdown')).toMatchObject({ ok: false, error: expect.stringContaining('Open the .json report') });
    expect(parseAuditReportFile('{"format":"other"}')).toMatchObject({ ok: false, error: 'This JSON is not an MCP Lens audit report.' });
    const damaged = { format: 'mcp-lens-audit-report', version: 1, report: { server: {}, results: [{ id: 'x' }] } };
    expect(parseAuditReportFile(JSON.stringify(damaged))).toMatchObject({ ok: false, error: expect.stringContaining('damaged') });
  });
});
