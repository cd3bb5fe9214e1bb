import { describe, expect, it } from 'vitest';
import { geminiParameters } from './gemini-schema.ts';

describe('a tool schema for Gemini', () => {
  it('keeps the subset Gemini accepts and drops the keywords it refuses', () => {
    const parameters = geminiParameters({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      additionalProperties: false,
      properties: {
        city: { type: 'string', minLength: 1, pattern: '^[A-Z]', examples: ['Porto'] },
        days: { type: 'integer', minimum: 1, exclusiveMaximum: 15 },
        tags: { type: 'array', items: { type: 'string' }, maxItems: 3, uniqueItems: true },
      },
      required: ['city', 'nowhere'],
    });
    expect(parameters).toEqual({
      type: 'object',
      properties: {
        city: { type: 'string', minLength: 1, pattern: '^[A-Z]' },
        days: { type: 'integer', minimum: 1 },
        tags: { type: 'array', items: { type: 'string' }, maxItems: 3 },
      },
      required: ['city'],
    });
  });

  it('turns type lists, oneOf, const and non-string enums into what Gemini has', () => {
    const parameters = geminiParameters({
      type: 'object',
      properties: {
        note: { type: ['string', 'null'] },
        either: { type: ['string', 'number'] },
        shape: { oneOf: [{ type: 'string' }, { type: 'boolean' }] },
        mode: { const: 'fast' },
        level: { type: 'integer', enum: [1, 2, 3], description: 'How loud.' },
      },
    })!;
    const properties = parameters.properties as Record<string, unknown>;
    expect(properties.note).toEqual({ type: 'string', nullable: true });
    expect(properties.either).toEqual({ anyOf: [{ type: 'string' }, { type: 'number' }] });
    expect(properties.shape).toEqual({ anyOf: [{ type: 'string' }, { type: 'boolean' }] });
    expect(properties.mode).toEqual({ enum: ['fast'] });
    expect(properties.level).toEqual({ type: 'integer', description: 'How loud. Must be one of 1, 2, 3.' });
  });

  it('inlines local $refs, and cuts a cycle', () => {
    const parameters = geminiParameters({
      type: 'object',
      $defs: {
        point: { type: 'object', properties: { x: { type: 'number' } } },
        node: { type: 'object', properties: { next: { $ref: '#/$defs/node' } } },
      },
      properties: { at: { $ref: '#/$defs/point', description: 'Where.' }, list: { $ref: '#/$defs/node' } },
    })!;
    const properties = parameters.properties as Record<string, Record<string, unknown>>;
    expect(properties.at).toEqual({ type: 'object', description: 'Where.', properties: { x: { type: 'number' } } });
    expect(JSON.stringify(properties.list)).not.toContain('$ref');
    expect(JSON.stringify(properties.list).split('"next"').length - 1).toBe(6);
  });

  it('sends no parameters for a tool without arguments (Gemini refuses an object without properties)', () => {
    expect(geminiParameters({ type: 'object' })).toBeUndefined();
    expect(geminiParameters({ type: 'object', properties: {} })).toBeUndefined();
  });
});
