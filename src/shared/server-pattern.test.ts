import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import { ajvServerRegExp, compileServerPattern, MAX_PATTERN_LENGTH, uncheckedPatterns } from './server-pattern.ts';

// 2^60 paths for a backtracking engine, which would never finish; microseconds in linear time. No clock is
// read: the test's timeout is the bound, so a loaded machine cannot fail these.
const NEAR_MISS = `${'a'.repeat(60)}!`;
const EVIL = ['^(a+)+$', '^(a|a)*$', '^(a|aa)+$', '^(\\w+\\s?)*$'];

describe('compileServerPattern', () => {
  it.each(EVIL)('answers %s against a long near-miss in linear time', (pattern) => {
    const compiled = compileServerPattern(pattern);
    if (!compiled.ok) throw new Error(compiled.reason);
    expect(compiled.test(NEAR_MISS + 'a'.repeat(100_000))).toBe(false);
  });

  it('keeps the meaning of ordinary JSON Schema patterns (unanchored search, \\u escapes, classes)', () => {
    const cases: Array<[string, string, boolean]> = [
      ['^[A-Z]{3}$', 'ABC', true],
      ['^[A-Z]{3}$', 'ABCD', false],
      ['b', 'abc', true],
      ['^\\u0041\\d+$', 'A12', true],
      ['^\\p{L}+$', 'héllo', true],
      ['^[\\w.-]+@[\\w-]+\\.[a-z]{2,}$', 'me@example.org', true],
      ['^(?<year>\\d{4})-\\d{2}$', '2026-12', true],
    ];
    for (const [pattern, text, expected] of cases) {
      const compiled = compileServerPattern(pattern);
      expect(compiled.ok && compiled.test(text), `${pattern} on ${text}`).toBe(expected);
    }
  });

  it('says why a pattern cannot be checked instead of falling back to the backtracking engine', () => {
    for (const pattern of ['(a)\\1', '(?=a)a', 'a{1001}', '((a{100}){100}){100}', '[', 'a'.repeat(MAX_PATTERN_LENGTH + 1)]) {
      const compiled = compileServerPattern(pattern);
      expect(compiled.ok, pattern).toBe(false);
      if (!compiled.ok) expect(compiled.reason).toMatch(/not support|too expensive|longer than/);
    }
  });
});

describe('uncheckedPatterns', () => {
  it('names every pattern and patternProperties key that cannot be checked, once', () => {
    const notes = uncheckedPatterns({
      type: 'object',
      properties: { a: { type: 'string', pattern: '(x)\\1' }, b: { type: 'string', pattern: '^ok$' }, c: { pattern: '(x)\\1' } },
      patternProperties: { '(?=k)k': { type: 'string' } },
    });
    expect(notes).toHaveLength(2);
    expect(notes[0]).toMatch(/^The pattern .+ is not checked here: /);
  });
});

describe('ajvServerRegExp as Ajv code.regExp', () => {
  const ajv = new Ajv2020({ strict: false, code: { regExp: ajvServerRegExp } });

  it('keeps a pattern and patternProperties from blocking the thread', () => {
    const validate = ajv.compile({
      type: 'object',
      properties: { code: { type: 'string', pattern: '^(a+)+$' } },
      patternProperties: { '^(a|a)*$': { type: 'number' } },
    });
    expect(validate({ code: NEAR_MISS, [NEAR_MISS]: 'x' })).toBe(false);
    expect(validate({ code: 'aaa' })).toBe(true);
  });

  it('does not refuse a value for a pattern it cannot run', () => {
    const validate = ajv.compile({ type: 'string', pattern: '(a)\\1' });
    expect(validate('xyz')).toBe(true);
  });
});
