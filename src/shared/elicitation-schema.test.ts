import { describe, expect, it } from 'vitest';
import { initialValues, readRequestedSchema, toContent, type ElicitField } from './elicitation-schema.ts';

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
    expect(toContent(fields(), values)).toEqual({
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
    const checked = toContent(fields(), values);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(Object.keys(checked.errors).sort()).toEqual(['age', 'at', 'code', 'day', 'email', 'langs', 'name', 'score', 'site']);
    expect(toContent(fields(), { ...initialValues(fields()), name: '' })).toMatchObject({ ok: false, errors: { name: 'Required.' } });
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
    expect(toContent(fields(), values)).toMatchObject({ ok: true, content: { email: 'a@b.co', score: 9.5, code: 'ENG' } });
  });
});
