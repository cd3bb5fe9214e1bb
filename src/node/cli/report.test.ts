import { describe, expect, it } from 'vitest';
import { EXIT } from '../command/exit-codes.ts';
import { countsOf, exitCodeOf, jsonDocument, summaryLine, toolLine, toolLines, type RunReport, type ToolReport } from './report.ts';

const run = (tools: ToolReport[], extra: Partial<RunReport> = {}): RunReport => ({
  url: 'http://127.0.0.1:3001/mcp',
  deadlineExceeded: false,
  deadlineMs: 300_000,
  tools,
  durationMs: 3_240,
  ...extra,
});
const passed: ToolReport = { name: 'echo', status: 'passed', detail: 'ok (1 block)', durationMs: 12 };
const failed: ToolReport = {
  name: 'hang',
  status: 'failed',
  detail: 'no answer to the call within 30 s (--timeout); cancelled',
  timedOut: true,
};
const skipped: ToolReport = { name: 'wipe', status: 'skipped', detail: 'destructive (destructiveHint)' };
const asked: ToolReport = {
  name: 'deploy',
  status: 'needs-input',
  detail: 'Task T1 needs input.',
  task: { taskId: 'T1', status: 'input_required' },
};

describe('the report', () => {
  it('closes with one summary line: the counts and the time, and what else a reader must know', () => {
    expect(summaryLine(run([passed, failed, skipped]))).toBe('1 passed, 1 failed, 1 skipped in 3.2 s');
    expect(summaryLine(run([passed, asked]))).toBe('1 passed, 0 failed, 0 skipped, 1 needed input (cancelled) in 3.2 s');
    expect(summaryLine(run([], { stopped: { step: 'connect', message: 'refused' } }))).toBe(
      '0 passed, 0 failed, 0 skipped, could not connect in 3.2 s',
    );
    expect(summaryLine(run([failed, skipped], { deadlineExceeded: true }))).toBe(
      '0 passed, 1 failed, 1 skipped, deadline of 5 m passed in 3.2 s',
    );
  });

  it('starts each tool line with what happened', () => {
    expect([passed, failed, skipped, asked].map(toolLine)).toEqual([
      'call echo: ok (1 block) [12 ms]',
      'call hang: failed — no answer to the call within 30 s (--timeout); cancelled',
      'skip wipe: destructive (destructiveHint)',
      'call deploy: needs input — Task T1 needs input.',
    ]);
  });

  it('lists every call made and the first skips, then counts the skips left out', () => {
    const lines = toolLines(2);
    const shown = [skipped, passed, skipped, failed, skipped, skipped, asked].map((tool) => lines.line(tool));
    expect(shown.filter((line) => line !== undefined)).toEqual([
      'skip wipe: destructive (destructiveHint)',
      'call echo: ok (1 block) [12 ms]',
      'skip wipe: destructive (destructiveHint)',
      'call hang: failed — no answer to the call within 30 s (--timeout); cancelled',
      'call deploy: needs input — Task T1 needs input.',
    ]);
    expect(lines.rest()).toBe('skip 2 more tools, not listed here (--json lists each with its reason)');
    expect(toolLines(2).rest()).toBeUndefined();
  });

  it('ranks the exit code: deadline, then connection, then any failure; skipped and needs-input do not fail', () => {
    expect(exitCodeOf(run([passed, skipped, asked]))).toBe(EXIT.passed);
    expect(exitCodeOf(run([passed, failed]))).toBe(EXIT.failed);
    expect(exitCodeOf(run([], { stopped: { step: 'list', message: '500' } }))).toBe(EXIT.failed);
    expect(countsOf(run([], { stopped: { step: 'list', message: '500' } })).failed).toBe(1);
    expect(exitCodeOf(run([], { stopped: { step: 'connect', message: 'refused' } }))).toBe(EXIT.connect);
    expect(exitCodeOf(run([], { stopped: { step: 'connect', message: 'deadline' }, deadlineExceeded: true }))).toBe(EXIT.deadline);
    expect(exitCodeOf(run([passed], { deadlineExceeded: true }))).toBe(EXIT.deadline);
  });

  it('puts everything in the --json document, the exit code included', () => {
    const doc = JSON.parse(JSON.stringify(jsonDocument(run([passed, asked], { deadlineExceeded: true }))));
    expect(doc).toEqual({
      url: 'http://127.0.0.1:3001/mcp',
      server: null,
      tools: [passed, asked],
      summary: { passed: 1, failed: 0, skipped: 0, needsInput: 1, durationMs: 3_240, deadlineExceeded: true },
      exitCode: 4,
    });
  });
});
