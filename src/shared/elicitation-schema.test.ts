import { describe, expect, it } from 'vitest';
import { initialValues, readRequestedSchema, toContent, type ElicitField } from './elicitation-schema.ts';
import { compileServerPattern } from './server-pattern.ts';

const schema = {
  type: 'object',
  properties: {
    name: { type: 'string', minLength: 2, default: 'Ada' },
    email: { type: 'string', format: 'email' },
    site: { type: 'string', format: 'uri' },
    day: { type: 'string', format: 'date' },
    at: { type: 'string', format: 'date-time' },
    code: { type: 'string', pattern: '^[A-Z]{3}$' },
    age: { type: 'integer', minimum: 0, maximum: 150, default: 36 },
    score: { type: 'number', maximum: 10 },
    ok: { type: 'boolean', default: true },
    color: { type: 'string', enum: ['red', 'green'], default: 'green' },
    size: { type: 'string', oneOf: [{ const: 's', title: 'Small' }], default: 's' },
    plan: { type: 'string', enum: ['free', 'pro'], enumNames: ['Free plan', 'Pro plan'] },
    langs: { type: 'array', minItems: 1, maxItems: 2, items: { type: 'string', enum: ['en', 'fr', 'pt'] }, default: ['en'] },
    days: { type: 'array', items: { anyOf: [{ const: 'mon', title: 'Monday' }] } },
  },
  required: ['name', 'age'],
};

const fields = () => {
  const read = readRequestedSchema(schema);
  if (!read.ok) throw new Error(read.reason);
  return read.fields;
};

describe('elicitation schema subset', () => {
  it('reads every field type, with titled and legacy enum labels', () => {
    const byKey = Object.fromEntries(fields().map((f) => [f.key, f])) as Record<string, ElicitField>;
    expect(byKey.size).toMatchObject({ kind: 'enum', options: [{ value: 's', label: 'Small' }] });
    expect(byKey.plan).toMatchObject({
      kind: 'enum',
      options: [
        { value: 'free', label: 'Free plan' },
        { value: 'pro', label: 'Pro plan' },
      ],
    });
    expect(byKey.langs).toMatchObject({ kind: 'multi', minItems: 1, maxItems: 2 });
    expect(byKey.days).toMatchObject({ kind: 'multi', options: [{ value: 'mon', label: 'Monday' }] });
    expect(byKey.age).toMatchObject({ kind: 'number', integer: true, required: true });
  });

  it('refuses what is outside the subset, saying which property', () => {
    expect(readRequestedSchema({ type: 'object', properties: { a: { type: 'object', properties: {} } } })).toEqual({
      ok: false,
      reason: expect.stringContaining('Property "a"'),
    });
    expect(readRequestedSchema({ type: 'array' })).toMatchObject({ ok: false });
    expect(readRequestedSchema({ type: 'object', properties: { a: { type: 'string', format: 'ipv4' } } })).toMatchObject({ ok: false });
  });

  it('prefills every default and accepts them as they are', () => {
    const values = initialValues(fields());
    expect(values).toMatchObject({ name: 'Ada', age: '36', ok: true, color: 'green', size: 's', langs: ['en'], email: '' });
    expect(toContent(fields(), values, compileServerPattern)).toEqual({
      ok: true,
      content: { name: 'Ada', age: 36, ok: true, color: 'green', size: 's', langs: ['en'] },
    });
  });

  it('validates every constraint before Accept', () => {
    const values = {
      ...initialValues(fields()),
      name: 'A',
      email: 'nope',
      site: 'example.com',
      day: '2025-02-30',
      at: '2025-01-01 10:00',
      code: 'abc',
      age: '1.5',
      score: '11',
      langs: ['en', 'fr', 'pt'],
    };
    const checked = toContent(fields(), values, compileServerPattern);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(Object.keys(checked.errors).sort()).toEqual(['age', 'at', 'code', 'day', 'email', 'langs', 'name', 'score', 'site']);
    expect(toContent(fields(), { ...initialValues(fields()), name: '' }, compileServerPattern)).toMatchObject({
      ok: false,
      errors: { name: 'Required.' },
    });
  });

  it('accepts valid formats', () => {
    const values = {
      ...initialValues(fields()),
      email: 'a@b.co',
      site: 'https://x.dev/a',
      day: '2024-02-29',
      at: '2025-11-25T09:30:00+01:00',
      code: 'ENG',
      score: '9.5',
    };
    expect(toContent(fields(), values, compileServerPattern)).toMatchObject({
      ok: true,
      content: { email: 'a@b.co', score: 9.5, code: 'ENG' },
    });
  });
});

describe('elicitation schema from a hostile server', () => {
  it('checks a catastrophic pattern on Accept in linear time', () => {
    const read = readRequestedSchema({ type: 'object', properties: { code: { type: 'string', pattern: '^(a+)+$' } } });
    if (!read.ok) throw new Error(read.reason);
    // No clock: a backtracking engine would need about 2^60 steps for this input, so the test's timeout is the
    // bound, and a loaded machine cannot fail it.
    const checked = toContent(read.fields, { code: `${'a'.repeat(60)}!` }, compileServerPattern);
    expect(checked).toEqual({ ok: false, errors: { code: 'Must match the pattern ^(a+)+$.' } });
  });

  it('accepts a value when the pattern cannot be checked (a backreference), rather than refusing it', () => {
    const read = readRequestedSchema({ type: 'object', properties: { code: { type: 'string', pattern: '(a)\\1' } } });
    if (!read.ok) throw new Error(read.reason);
    expect(toContent(read.fields, { code: 'xyz' }, compileServerPattern)).toMatchObject({ ok: true, content: { code: 'xyz' } });
  });

  it('keeps fields named after Object.prototype members as ordinary keys', () => {
    const read = readRequestedSchema({
      type: 'object',
      properties: {
        ['__proto__']: { type: 'string', default: 'p' },
        toString: { type: 'string' },
        constructor: { type: 'boolean' },
        valueOf: { type: 'number' },
      },
      required: ['toString', 'valueOf'],
    });
    if (!read.ok) throw new Error(read.reason);
    const values = initialValues(read.fields);
    expect(Object.keys(values).sort()).toEqual(['__proto__', 'constructor', 'toString', 'valueOf']);
    expect(values.toString).toBe('');
    const missing = toContent(read.fields, values, compileServerPattern);
    expect(missing).toEqual({ ok: false, errors: expect.objectContaining({ toString: 'Required.', valueOf: 'Required.' }) });
    if (missing.ok) return;
    expect(Object.keys(missing.errors).sort()).toEqual(['toString', 'valueOf']);
    const filled = toContent(
      read.fields,
      Object.assign(Object.create(null), values, { toString: 't', valueOf: '3' }),
      compileServerPattern,
    );
    if (!filled.ok) throw new Error(JSON.stringify(filled.errors));
    expect(JSON.stringify(filled.content)).toBe('{"__proto__":"p","toString":"t","constructor":false,"valueOf":3}');
    expect(Object.keys(filled.content)).toContain('__proto__');
  });
});
