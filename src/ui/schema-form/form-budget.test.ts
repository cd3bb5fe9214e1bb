import { describe, expect, it } from 'vitest';
import { combinatorialSchema, deepSchema, hugeEnumSchema } from '../../test/servers/hostile/schema-scenarios.ts';
import { formBudget, MAX_FORM_BRANCHES } from './form-budget.ts';

describe('formBudget', () => {
  it('refuses an allOf of 7 anyOfs with 8 options (2,097,152 combinations) quickly, with a reason', () => {
    expect(formBudget(combinatorialSchema(7, 8))).toEqual({ ok: false, reason: expect.stringContaining('2,097,152 alternatives') });
    // Counted, never listed: 8^20 combinations would never finish if they were enumerated. No clock is read,
    // so a loaded machine cannot fail this; the test's timeout is the bound.
    expect(formBudget(combinatorialSchema(20, 8))).toMatchObject({ ok: false });
  });

  it('finds the explosion wherever it sits, even nested under properties and items', () => {
    const nested = { type: 'object', properties: { list: { type: 'array', items: combinatorialSchema(4, 6) } } };
    expect(formBudget(nested)).toMatchObject({ ok: false, reason: expect.stringContaining('1,296') });
  });

  it('accepts ordinary unions and small combinations', () => {
    expect(formBudget(combinatorialSchema(3, 8))).toEqual({ ok: true }); // 512, the bound itself
    expect(MAX_FORM_BRANCHES).toBe(512);
    expect(formBudget({ type: 'object', properties: { a: { anyOf: [{ type: 'string' }, { type: 'number' }] } } })).toEqual({ ok: true });
  });

  it('refuses a schema with more parts than a form should hold', () => {
    const properties = Object.fromEntries(Array.from({ length: 6000 }, (_, i) => [`p${i}`, { type: 'string' }]));
    expect(formBudget({ type: 'object', properties })).toMatchObject({ ok: false, reason: expect.stringContaining('5,000 parts') });
  });

  it('refuses an enum too long for a select, saying how long', () => {
    expect(formBudget(hugeEnumSchema(99_000))).toMatchObject({ ok: false, reason: expect.stringContaining('99,000 values') });
    expect(formBudget(hugeEnumSchema(1_000))).toEqual({ ok: true });
  });

  it('refuses a schema nested too deep for a usable form', () => {
    expect(formBudget(deepSchema(150))).toMatchObject({ ok: false, reason: expect.stringContaining('24 levels') });
    expect(formBudget(deepSchema(10))).toEqual({ ok: true });
  });
});
