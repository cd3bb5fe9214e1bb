import { describe, expect, it } from 'vitest';
import { hugeEnumSchema, wideSchema } from '../../test/servers/hostile/schema-scenarios.ts';
import { jsonInSlices } from './json-in-slices.ts';

describe('jsonInSlices', () => {
  it('writes the same text as JSON.stringify', async () => {
    const values = [
      { a: [1, 'two', null, true, { b: { c: [] } }], 'quote"key': 'line\nbreak', empty: {}, gone: undefined },
      [undefined, 1.5, -0, 'x'],
      'plain',
      42,
      null,
      wideSchema(300),
    ];
    for (const value of values) expect(await jsonInSlices(value)).toBe(JSON.stringify(value));
  });

  it('gives the page its turn between slices of a big value', async () => {
    let yields = 0;
    const text = await jsonInSlices(hugeEnumSchema(99_000), 0, async () => {
      yields += 1;
    });
    expect(JSON.parse(text)).toEqual(hugeEnumSchema(99_000));
    expect(yields).toBeGreaterThan(10);
  });
});
