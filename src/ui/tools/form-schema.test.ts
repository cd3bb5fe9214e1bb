import { describe, expect, it } from 'vitest';
import { buildUiSchema, prepareFormSchema } from './form-schema.ts';

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
