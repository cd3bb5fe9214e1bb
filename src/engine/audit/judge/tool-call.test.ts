import { describe, expect, it } from 'vitest';
import { argumentsFor } from '../checks/tool-arguments.ts';
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

describe('argumentsFor', () => {
  it('fills only the required properties, from what the schema offers first', () => {
    const schema = {
      type: 'object',
      properties: {
        message: { type: 'string' },
        mode: { enum: ['fast', 'slow'] },
        count: { type: 'integer', minimum: 3 },
        when: { type: 'string', format: 'date' },
        tags: { type: 'array', items: { type: 'string' }, minItems: 1 },
        optional: { type: 'string' },
        flag: { type: 'boolean', default: true },
      },
      required: ['message', 'mode', 'count', 'when', 'tags', 'flag'],
    };
    expect(argumentsFor(schema)).toEqual({ message: 'test', mode: 'fast', count: 3, when: '2026-01-01', tags: ['test'], flag: true });
  });

  it('gives an empty object for a schema it cannot read, and stops on a self-reference', () => {
    expect(argumentsFor(undefined)).toEqual({});
    const loop: Record<string, unknown> = { type: 'object', required: ['self'] };
    loop.properties = { self: loop };
    expect(() => argumentsFor(loop)).not.toThrow();
  });

  it('never sets __proto__ on the object it builds', () => {
    const args = argumentsFor(JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"}},"required":["__proto__"]}'));
    expect(Object.getPrototypeOf(args)).toBe(Object.prototype);
    expect(Object.keys(args)).toEqual(['__proto__']);
  });
});
