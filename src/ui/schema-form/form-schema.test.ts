import { describe, expect, it } from 'vitest';
import { buildUiSchema, prepareFormSchema, pruneEmptyOptional } from './form-schema.ts';

describe('prepareFormSchema', () => {
  it('gives a const-only oneOf the type its options share', () => {
    const schema = {
      type: 'object',
      properties: {
        priority: {
          oneOf: [
            { type: 'string', const: 'low', title: 'Low' },
            { const: 'high', title: 'High' },
          ],
          default: 'low',
        },
        level: { anyOf: [{ const: 1 }, { const: 2.5 }] },
      },
    };
    const prepared = prepareFormSchema(schema);
    expect(prepared.properties).toMatchObject({ priority: { type: 'string' }, level: { type: 'number' } });
    expect(schema.properties.priority).not.toHaveProperty('type'); // not mutated
  });

  it('leaves mixed or non-const unions alone', () => {
    const mixed = prepareFormSchema({ oneOf: [{ const: 'a' }, { const: 1 }] });
    expect(mixed).not.toHaveProperty('type');
    const objects = prepareFormSchema({ oneOf: [{ type: 'object', properties: {} }, { type: 'string' }] });
    expect(objects).not.toHaveProperty('type');
  });

  it('reaches into items and $defs', () => {
    const prepared = prepareFormSchema({
      type: 'array',
      items: { oneOf: [{ const: 'x' }, { const: 'y' }] },
      $defs: { choice: { anyOf: [{ const: true }, { const: false }] } },
    });
    expect(prepared).toMatchObject({ items: { type: 'string' }, $defs: { choice: { type: 'boolean' } } });
  });
});

describe('buildUiSchema', () => {
  it('makes optional booleans without a default a select that can stay unset, at any depth', () => {
    const ui = buildUiSchema({
      type: 'object',
      required: ['must'],
      properties: {
        must: { type: 'boolean' },
        maybe: { type: 'boolean' },
        withDefault: { type: 'boolean', default: false },
        nullable: { type: ['boolean', 'null'] },
        nested: { type: 'object', properties: { flag: { type: 'boolean' } } },
        list: { type: 'array', items: { type: 'object', properties: { on: { type: 'boolean' } } } },
      },
    });
    expect(ui).toEqual({
      maybe: { 'ui:widget': 'select', 'ui:placeholder': '(not set)' },
      nullable: { 'ui:widget': 'select', 'ui:placeholder': '(not set)' },
      nested: { flag: { 'ui:widget': 'select', 'ui:placeholder': '(not set)' } },
      list: { items: { on: { 'ui:widget': 'select', 'ui:placeholder': '(not set)' } } },
    });
  });
});

describe('buildUiSchema with property names from Object.prototype', () => {
  it('keys them as ordinary entries of an object without a prototype', () => {
    const ui = buildUiSchema({
      type: 'object',
      properties: {
        toString: { type: 'boolean' },
        ['__proto__']: { type: 'boolean' },
        constructor: { type: 'object', properties: { valueOf: { type: 'boolean' } } },
        plain: { type: 'string' },
      },
    });
    expect(Object.getPrototypeOf(ui)).toBeNull();
    expect(Object.keys(ui).sort()).toEqual(['__proto__', 'constructor', 'toString']);
    expect(ui.toString).toMatchObject({ 'ui:widget': 'select' });
    expect(ui.constructor).toMatchObject({ valueOf: { 'ui:widget': 'select' } });
    // A field without an entry finds nothing, not Object.prototype.hasOwnProperty.
    expect(ui.hasOwnProperty).toBeUndefined();
  });
});

describe('an optional object whose own fields are required', () => {
  const schema = {
    type: 'object',
    properties: {
      title: { type: 'string' },
      meta: { type: 'object', properties: { reporter: { type: 'string' }, urgent: { type: 'boolean' } }, required: ['reporter', 'urgent'] },
    },
    required: ['title'],
  };

  it('is left out when the person filled none of its fields', () => {
    expect(pruneEmptyOptional(schema, { title: 'Bug', meta: {} })).toEqual({ title: 'Bug' });
    expect(pruneEmptyOptional(schema, { title: 'Bug', meta: { reporter: '', urgent: undefined } })).toEqual({ title: 'Bug' });
  });

  it('is kept, and checked, as soon as one of its fields has a value', () => {
    expect(pruneEmptyOptional(schema, { title: 'Bug', meta: { reporter: 'ada' } })).toEqual({ title: 'Bug', meta: { reporter: 'ada' } });
    expect(pruneEmptyOptional(schema, { title: 'Bug', meta: { urgent: false } })).toEqual({ title: 'Bug', meta: { urgent: false } });
  });

  it('keeps a required object even when empty, and says how to leave an optional one out', () => {
    const requiredMeta = { ...schema, required: ['title', 'meta'] };
    expect(pruneEmptyOptional(requiredMeta, { title: 'Bug', meta: {} })).toEqual({ title: 'Bug', meta: {} });
    expect(buildUiSchema(schema).meta).toMatchObject({ 'ui:description': expect.stringContaining('leave all of its fields empty') });
    expect(buildUiSchema(requiredMeta).meta).toBeUndefined();
  });
});
