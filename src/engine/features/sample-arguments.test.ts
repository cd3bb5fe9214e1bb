import { describe, expect, it } from 'vitest';
import { checkJsonSchema } from './output-check.ts';
import { sampleArguments } from './sample-arguments.ts';
import { samplePattern } from './sample-pattern.ts';

const strict = {
  type: 'object',
  properties: {
    slug: { type: 'string', pattern: '^[a-z][a-z0-9-]{2,15}$' },
    code: { type: 'string', pattern: '^[A-Z]{3}-\\d{4}$' },
    name: { type: 'string', minLength: 12, maxLength: 20 },
    short: { type: 'string', maxLength: 2 },
    email: { type: 'string', format: 'email' },
    when: { type: 'string', format: 'date-time' },
    site: { type: 'string', format: 'uri' },
    id: { type: 'string', format: 'uuid' },
    level: { type: 'string', enum: ['low', 'high'] },
    count: { type: 'integer', minimum: 5, maximum: 10, multipleOf: 5 },
    ratio: { type: 'number', exclusiveMinimum: 0, maximum: 0.5 },
    tags: { type: 'array', items: { type: 'string', minLength: 3 }, minItems: 2, uniqueItems: true },
    choice: { anyOf: [{ type: 'string', pattern: '^x+$' }, { type: 'number' }] },
    nested: { type: 'object', properties: { inner: { type: 'string', pattern: '^ok$' } }, required: ['inner'] },
    optional: { type: 'string', pattern: '(a)\\1' },
  },
  required: ['slug', 'code', 'name', 'short', 'email', 'when', 'site', 'id', 'level', 'count', 'ratio', 'tags', 'choice', 'nested'],
};

describe('sampleArguments', () => {
  it('invents values that satisfy length, pattern, format, enum, bounds and item constraints', () => {
    const sampled = sampleArguments(strict);
    if (!sampled.ok) throw new Error(sampled.reason);
    expect(checkJsonSchema(sampled.arguments, strict, '(arguments)').errors).toEqual([]);
    expect(sampled.arguments).toMatchObject({ email: 'user@example.com', level: 'low', count: 5, nested: { inner: 'ok' } });
    expect(sampled.arguments).not.toHaveProperty('optional');
    expect(sampled.arguments.tags).toHaveLength(2);
  });

  it('follows local $refs and allOf', () => {
    const schema = {
      type: 'object',
      $defs: { Id: { type: 'string', pattern: '^id_[0-9]{6}$' } },
      allOf: [
        { properties: { a: { $ref: '#/$defs/Id' } }, required: ['a'] },
        { properties: { b: { type: 'boolean' } }, required: ['b'] },
      ],
    };
    expect(sampleArguments(schema)).toEqual({ ok: true, arguments: { a: 'id_000000', b: true } });
  });

  it('skips, with the reason, a tool whose schema it cannot satisfy instead of sending a guess', () => {
    expect(sampleArguments({ type: 'object', properties: { a: { type: 'string', pattern: '(x)\\1' } }, required: ['a'] })).toEqual({
      ok: false,
      reason: expect.stringContaining('pattern (x)\\1'),
    });
    expect(sampleArguments({ type: 'object', properties: { n: { type: 'integer', minimum: 5, maximum: 4 } }, required: ['n'] })).toEqual({
      ok: false,
      reason: expect.stringContaining('between its minimum and maximum'),
    });
    expect(sampleArguments({ type: 'object', properties: { r: { $ref: 'https://x.example/s.json' } }, required: ['r'] })).toMatchObject({
      ok: false,
    });
  });

  it('reads property names from Object.prototype as ordinary names', () => {
    const schema = { type: 'object', properties: { toString: { type: 'string', minLength: 5 } }, required: ['toString', 'constructor'] };
    const sampled = sampleArguments(schema);
    if (!sampled.ok) throw new Error(sampled.reason);
    expect(sampled.arguments).toEqual({ toString: 'testx', constructor: 'test' });
  });
});

describe('samplePattern', () => {
  it.each([
    ['^[a-z]+$', 'a'],
    ['^\\d{3}-\\d{2}$', '000-00'],
    ['^(foo|bar)_[A-Z]{2}$', 'foo_AA'],
    ['^(?:v)?\\d+\\.\\d+$', '0.0'],
    ['^[^0-9]+$', 'a'],
    ['ab?c', 'ac'],
  ])('%s → %s', (pattern, expected) => {
    expect(samplePattern(pattern)).toBe(expected);
  });

  it('pads to a minimum length when the pattern allows it, and gives up when it does not', () => {
    expect(samplePattern('^[0-9]+$', 4)).toBe('0000');
    expect(samplePattern('^\\d{2}$', 4)).toBeUndefined();
    expect(samplePattern('(?=a)a')).toBeUndefined();
  });
});

describe("sampleArguments, as the audit's tool-calls check uses it", () => {
  it('fills the required properties from what the schema offers first', () => {
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
    expect(sampleArguments(schema)).toEqual({
      ok: true,
      arguments: { message: 'test', mode: 'fast', count: 3, when: '2026-01-01', tags: ['test'], flag: true },
    });
  });

  it('says why for a self-reference instead of looping, and never sets __proto__ on what it builds', () => {
    const loop: Record<string, unknown> = { type: 'object', required: ['self'] };
    loop.properties = { self: loop };
    expect(sampleArguments(loop)).toEqual({ ok: false, reason: 'its schema nests too deeply' });
    const built = sampleArguments(JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"}},"required":["__proto__"]}'));
    expect(built.ok && Object.getPrototypeOf(built.arguments)).toBe(Object.prototype);
    expect(built.ok && Object.keys(built.arguments)).toEqual(['__proto__']);
  });
});
