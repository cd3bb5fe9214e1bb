/** The schema walk beyond one keyword: `$ref`s, cycles, depth, nesting and the words of each change. */
import { describe, expect, it } from 'vitest';

import { compareSchemas, MAX_SCHEMA_DEPTH } from './schema-diff.ts';
import type { JsonObject } from './contract-snapshot.ts';

const compare = (direction: 'input' | 'output', a: object, b: object) =>
  compareSchemas(
    direction,
    'Tool "t"',
    { schema: a as JsonObject, pointer: '/tools/t/inputSchema' },
    { schema: b as JsonObject, pointer: '/tools/t/inputSchema' },
  );

const address = (zip: object) => ({
  type: 'object',
  properties: { home: { $ref: '#/$defs/Address' }, work: { $ref: '#/$defs/Address' } },
  $defs: { Address: { type: 'object', properties: { zip } } },
});

describe('comparing schemas', () => {
  it('follows local $refs and reports a change inside a shared $def once, at its place in the file', () => {
    const found = compare('input', address({ type: 'string' }), address({ type: 'string', maxLength: 5 }));
    expect(found).toEqual([
      {
        rule: 'input-constraint-tightened',
        pointer: '/tools/t/inputSchema/$defs/Address/properties/zip/maxLength',
        sentence: 'Tool "t": input "home.zip" has maxLength 5 (was none): values clients sent before may be refused.',
      },
    ]);
  });

  it('compares a schema against its inlined equal as unchanged, and sees a $ref retargeted', () => {
    const inline = { type: 'object', properties: { home: { type: 'object', properties: { zip: { type: 'string' } } } } };
    const byRef = { type: 'object', properties: { home: { $ref: '#/definitions/A' } }, definitions: { A: inline.properties.home } };
    expect(compare('input', inline, byRef)).toEqual([]);
    const retargeted = {
      ...byRef,
      properties: { home: { $ref: '#/definitions/B' } },
      definitions: { ...byRef.definitions, B: { type: 'string' } },
    };
    expect(compare('input', byRef, retargeted).map((f) => f.rule)).toEqual(['input-type-narrowed', 'input-type-widened']);
  });

  it('ends on a recursive schema, and still finds a change below the loop', () => {
    const tree = (leaf: object) => ({
      $ref: '#/$defs/Node',
      $defs: { Node: { type: 'object', properties: { value: leaf, children: { type: 'array', items: { $ref: '#/$defs/Node' } } } } },
    });
    expect(compare('output', tree({ type: 'string' }), tree({ type: 'string' }))).toEqual([]);
    expect(compare('output', tree({ type: 'string' }), tree({ type: ['string', 'null'] }))).toMatchObject([
      { rule: 'output-type-widened', pointer: '/tools/t/inputSchema/$defs/Node/properties/value' },
    ]);
  });

  it('stops past the depth bound and says so', () => {
    const deep = (leaf: object, levels: number): object =>
      levels === 0 ? leaf : { type: 'object', properties: { a: deep(leaf, levels - 1) } };
    const found = compare('input', deep({ type: 'string' }, MAX_SCHEMA_DEPTH + 5), deep({ type: 'number' }, MAX_SCHEMA_DEPTH + 5));
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      rule: 'schema-not-compared',
      sentence: expect.stringContaining(`deeper than ${MAX_SCHEMA_DEPTH} levels`),
    });
  });

  it('names nested places by their path and reads an enum without a type as the type of its values', () => {
    const a = { type: 'object', properties: { filter: { type: 'object', properties: { state: { enum: ['open', 'closed'] } } } } };
    const b = { type: 'object', properties: { filter: { type: 'object', properties: { state: { type: 'string', enum: ['open'] } } } } };
    expect(compare('input', a, b)).toEqual([
      {
        rule: 'input-enum-narrowed',
        pointer: '/tools/t/inputSchema/properties/filter/properties/state',
        sentence: 'Tool "t": input "filter.state" no longer accepts "closed": clients that send it are refused.',
      },
    ]);
  });

  it('a sibling keyword beside $ref wins over the target', () => {
    const a = { type: 'object', properties: { n: { $ref: '#/$defs/N' } }, $defs: { N: { type: 'integer', maximum: 10 } } };
    const b = { ...a, properties: { n: { $ref: '#/$defs/N', maximum: 5 } } };
    expect(compare('input', a, b)).toMatchObject([
      { rule: 'input-constraint-tightened', pointer: '/tools/t/inputSchema/properties/n/maximum' },
    ]);
  });
});

describe('large schemas', () => {
  it('compares an enum of 100,000 values in linear time and names ten of what changed', () => {
    const values = Array.from({ length: 100_000 }, (_, i) => `v${i}`);
    const started = performance.now();
    const found = compare('input', { enum: values }, { enum: values.slice(20) });
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(found).toHaveLength(1);
    expect(found[0]!.sentence).toBe(
      'Tool "t": the input schema no longer accepts "v0", "v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9" and 10 more: clients that send it are refused.',
    );
  });
});
