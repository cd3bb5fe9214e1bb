import { describe, expect, it } from 'vitest';
import { errorExchange, resultExchange, silentExchange } from '../../../test/support/audit-exchanges.ts';
import { outcomeOf } from './findings.ts';
import { contentProblem } from '../../../shared/tool-verdict.ts';
import { judgeToolCall } from './tool-call.ts';

const verdictOf = (findings: ReturnType<typeof judgeToolCall>) => outcomeOf(findings).verdict;
const call = (result: unknown) => resultExchange('tools/call', result, { name: 'echo', arguments: {} });

describe('judgeToolCall', () => {
  it('passes a result of well-formed content items', () => {
    const content = [
      { type: 'text', text: 'hi' },
      { type: 'image', data: 'AA==', mimeType: 'image/png' },
      { type: 'resource_link', uri: 'file:///a', name: 'a' },
      { type: 'resource', resource: { uri: 'file:///a', text: 'x' } },
    ];
    expect(verdictOf(judgeToolCall('echo', call({ content }), undefined))).toBe('pass');
  });

  it('fails a result without a content array, or with a malformed item', () => {
    expect(verdictOf(judgeToolCall('echo', call({}), undefined))).toBe('fail');
    const findings = judgeToolCall('echo', call({ content: [{ type: 'text' }, { type: 'image', data: 'AA==' }] }), undefined);
    expect(outcomeOf(findings)).toMatchObject({
      verdict: 'fail',
      reason: expect.stringContaining('content #1 is "text" without "text" (and 1 more)'),
    });
  });

  it('checks structuredContent against a declared outputSchema', () => {
    const schema = { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] };
    expect(verdictOf(judgeToolCall('echo', call({ content: [], structuredContent: { n: 1 } }), schema))).toBe('pass');
    expect(verdictOf(judgeToolCall('echo', call({ content: [], structuredContent: { n: 'one' } }), schema))).toBe('fail');
    expect(verdictOf(judgeToolCall('echo', call({ content: [] }), schema))).toBe('fail');
  });

  it('reports isError as a warning quoting the tool, not a fail (even without structuredContent)', () => {
    const outcome = outcomeOf(
      judgeToolCall('echo', call({ content: [{ type: 'text', text: 'bad input' }], isError: true }), { type: 'object' }),
    );
    expect(outcome).toMatchObject({ verdict: 'warning', reason: expect.stringContaining('"bad input"') });
  });

  it('fails a protocol error or no answer, and only notes a result that is not complete', () => {
    expect(verdictOf(judgeToolCall('echo', errorExchange('tools/call', -32602), undefined))).toBe('fail');
    expect(verdictOf(judgeToolCall('echo', silentExchange('tools/call'), undefined))).toBe('fail');
    expect(verdictOf(judgeToolCall('echo', call({ resultType: 'input_required' }), undefined))).toBe('pass');
  });

  it('names a malformed item plainly', () => {
    expect(contentProblem('x')).toBe('is not an object');
    expect(contentProblem({ type: 'resource', resource: { uri: 'a' } })).toBe('is a "resource" with neither text nor blob');
    expect(contentProblem({ type: 'future-kind' })).toBeUndefined();
  });
});
