/**
 * One verdict (issue 34): the same tools/call result is judged the same way by the Tools tab (the engine's
 * call outcome, which the Result region and the CLI read with `verdictOf`), the audit's tool-calls check and
 * the CLI. First through the real engine against the demo server's broken-output, whose structuredContent
 * breaks its outputSchema; then result by result, without a server, over the cases each judge knows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judgeToolCall } from '../engine/audit/judge/tool-call.ts';
import { outcomeOf } from '../engine/audit/judge/findings.ts';
import { resultExchange } from './support/audit-exchanges.ts';
import { shapeOutcome } from '../engine/features/tool-outcome.ts';
import { EXIT } from '../node/command/exit-codes.ts';
import { startDemoServer, type RunningDemoServer } from '../node/demo-server/index.ts';
import { verdictOf, type ToolVerdict } from '../shared/tool-verdict.ts';
import { startCli } from './support/cli-harness.ts';
import { createHarness } from './support/engine-harness.ts';

let demo: RunningDemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0 });
});
afterAll(() => demo?.close());

describe('a result that breaks its outputSchema (the demo’s broken-output)', () => {
  it('is a broken result in the Tools tab, a fail in the audit, and a failed call in the CLI, with the same error', async () => {
    const h = createHarness();
    await h.engine.call('connect', { url: demo.url, headers: [], transport: 'auto', era: 'legacy' });
    await h.engine.call('listTools', undefined);
    // The Tools tab: what the Result region renders (its headline is verdictOf's, its list the errors).
    const outcome = await h.engine.call('callTool', { name: 'broken-output', arguments: {} });
    expect(verdictOf(outcome)).toBe('broken');
    const [error] = outcome.outputSchemaErrors ?? [];
    expect(error).toMatch(/count.*integer/);

    // The audit, the same tool ticked.
    const report = await h.engine.call('runAudit', {
      runId: 'one-verdict',
      options: { checks: ['tool-calls'], callTools: [{ name: 'broken-output' }] },
    });
    expect(report.results[0]).toMatchObject({ id: 'tool-calls', verdict: 'fail', reason: expect.stringContaining(error!) });
    await h.engine.call('disconnect', undefined);

    // The CLI, calling it by name: failed, exit 1, and the --json document carries the result and the error.
    const cli = startCli(['--json', '--call', 'broken-output', demo.url]);
    expect(await cli.done).toBe(EXIT.failed);
    const doc = JSON.parse(cli.stdout[0]!) as {
      tools: Array<{ name: string; status: string; detail: string; result?: Record<string, unknown> }>;
    };
    const tool = doc.tools.find((entry) => entry.name === 'broken-output');
    expect(tool).toMatchObject({ status: 'failed', detail: expect.stringContaining(`outputSchema: ${error}`) });
    expect(tool?.result).toMatchObject({ structuredContent: { count: 'three' }, outputSchemaErrors: [error] });
    expect(cli.stderr.filter((line) => line.startsWith(`call broken-output: failed — ${tool!.detail}`))).toHaveLength(1);
  });
});

describe('result by result, the engine’s outcome and the audit’s check agree', () => {
  const schema = { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] };
  const text = { type: 'text', text: 'hi' };
  /** The audit's verdict for each of the one verdict's states. */
  const AUDIT: Record<ToolVerdict, string> = { ok: 'pass', 'tool-error': 'warning', broken: 'fail' };
  const cases: Array<[string, Record<string, unknown>, Record<string, unknown> | undefined, ToolVerdict]> = [
    ['plain text', { content: [text] }, undefined, 'ok'],
    ['matching structuredContent', { content: [text], structuredContent: { n: 1 } }, schema, 'ok'],
    ['structuredContent breaking the schema', { content: [text], structuredContent: { n: 'one' } }, schema, 'broken'],
    ['no structuredContent though a schema is declared', { content: [text] }, schema, 'broken'],
    ['a malformed content item', { content: [{ type: 'image', data: 'AA==' }] }, undefined, 'broken'],
    ['no content array', { structuredContent: { n: 1 } }, schema, 'broken'],
    ['isError, with a schema it need not match', { content: [text], isError: true }, schema, 'tool-error'],
    ['isError with a malformed item', { content: [{ type: 'text' }], isError: true }, undefined, 'broken'],
    ['an unknown content type', { content: [{ type: 'hologram' }] }, undefined, 'ok'],
  ];
  it.each(cases)('%s', async (_name, result, outputSchema, expected) => {
    const outcome = await shapeOutcome(result, { durationMs: 1, ...(outputSchema && { outputSchema }) });
    expect(verdictOf(outcome)).toBe(expected);
    const audit = outcomeOf(judgeToolCall('t', resultExchange('tools/call', result, { name: 't' }), outputSchema));
    expect(audit.verdict).toBe(AUDIT[expected]);
  });
});
