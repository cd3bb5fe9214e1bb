import { describe, expect, it } from 'vitest';
import { checkStructuredContent } from './output-check.ts';

describe('checkStructuredContent', () => {
  // No stopwatch (it flaked on a loaded machine): with 5,000 characters a backtracking engine would run for
  // longer than the universe, so finishing at all within the test's timeout is the proof of linear time.
  it('checks a catastrophic pattern in linear time and says which pattern it could not run', { timeout: 60_000 }, () => {
    const schema = {
      type: 'object',
      properties: { code: { type: 'string', pattern: '^(a+)+$' }, ref: { type: 'string', pattern: '(x)\\1' } },
    };
    // No clock: a backtracking engine would never finish this input, so the test's timeout is the bound, and a
    // loaded machine cannot fail it.
    const check = checkStructuredContent({ code: `${'a'.repeat(5000)}!`, ref: 'anything' }, schema);
    expect(check.errors).toEqual(['/code must match pattern "^(a+)+$"']);
    expect(check.notes).toEqual([expect.stringContaining('(x)\\1 is not checked here')]);
  });

  it('reads only own properties: a missing toString or constructor is missing', () => {
    const schema = { type: 'object', properties: { toString: { type: 'boolean' }, constructor: { type: 'object' } } };
    expect(checkStructuredContent({}, schema).errors).toEqual([]);
    expect(checkStructuredContent(JSON.parse('{"toString": "x"}'), schema).errors).toEqual(['/toString must be boolean']);
    const required = { type: 'object', required: ['constructor'] };
    expect(checkStructuredContent({}, required).errors).toEqual(["(structuredContent) must have required property 'constructor'"]);
  });

  it('never fetches a remote $ref: the schema is reported as unusable', () => {
    const check = checkStructuredContent({ a: 1 }, { $ref: 'https://schemas.example/remote.json' });
    expect(check.errors[0]).toMatch(/could not be used for validation/);
  });
});
