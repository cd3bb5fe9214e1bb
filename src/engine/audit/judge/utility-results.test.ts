import { describe, expect, it } from 'vitest';
import { errorExchange, resultExchange } from '../../../test/support/audit-exchanges.ts';
import { judgeCompletion, judgeEmptyResult } from './utility-results.ts';

const verdicts = (findings: { verdict: string }[]) => findings.map((f) => f.verdict);

describe('judgeEmptyResult', () => {
  it('passes {} and a result with only _meta; fails content and errors', () => {
    expect(verdicts(judgeEmptyResult(resultExchange('ping', {})))).toEqual(['pass']);
    expect(verdicts(judgeEmptyResult(resultExchange('ping', { _meta: { trace: 1 } })))).toEqual(['pass']);
    expect(judgeEmptyResult(resultExchange('ping', { status: 'ok' }))[0]?.text).toBe(
      'ping answered a result with status; it should be empty.',
    );
    expect(judgeEmptyResult(errorExchange('logging/setLevel', -32601, 'Method not found'))[0]?.text).toBe(
      'logging/setLevel answered with JSON-RPC error -32601 "Method not found".',
    );
  });
});

describe('judgeCompletion', () => {
  const completion = (value: unknown) => resultExchange('completion/complete', { completion: value });

  it('passes string values with an optional count and flag', () => {
    expect(judgeCompletion(completion({ values: ['a', 'ab'], total: 2, hasMore: false }))[0]?.text).toBe(
      'completion/complete answered 2 values.',
    );
  });

  it('fails a missing completion, non-strings, more than 100 values, and odd total or hasMore', () => {
    expect(verdicts(judgeCompletion(resultExchange('completion/complete', {})))).toEqual(['fail']);
    const texts = judgeCompletion(completion({ values: [...Array.from({ length: 101 }, () => 'v'), 3], total: -1, hasMore: 'no' })).map(
      (f) => f.text,
    );
    expect(texts).toEqual([
      'completion.values holds entries that are not strings.',
      'completion.values has 102 entries; the spec allows at most 100 per response.',
      'completion.total is -1, not a count.',
      'completion.hasMore is "no", not a boolean.',
    ]);
  });
});
