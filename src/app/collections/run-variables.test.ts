import { describe, expect, it } from 'vitest';
import type { Collection } from '../../shared/collection/format.ts';
import { missingVariables, missingVariablesText, neededVariables, runValuesOf } from './run-variables.ts';

const collection: Collection = {
  format: 'mcp-lens-collection',
  version: 1,
  name: 'vars',
  variables: { TOKEN: { from: 'env', description: 'A token' }, CITY: { from: 'var', default: 'Paris' }, WHO: { from: 'var' } },
  steps: [
    { name: 'a', request: { method: 'tools/call', params: { name: 'x', arguments: { t: '${env:TOKEN}', c: '${var:CITY}' } } } },
    {
      name: 'b',
      request: { method: 'tools/call', params: { name: 'x', arguments: { w: '${var:WHO}', id: '${capture:id}', t: '${env:TOKEN}' } } },
    },
  ],
};

describe('the variables a collection needs in the app', () => {
  it('lists each env and var once, in order of use, with what the file says (no captures)', () => {
    expect(neededVariables(collection)).toEqual([
      { source: 'env', name: 'TOKEN', key: 'env:TOKEN', description: 'A token' },
      { source: 'var', name: 'CITY', key: 'var:CITY', default: 'Paris' },
      { source: 'var', name: 'WHO', key: 'var:WHO' },
    ]);
  });

  it('takes an empty input as no value: a var falls back to its default, an env stays missing', () => {
    expect(missingVariables(collection, {})).toEqual([
      { source: 'env', name: 'TOKEN' },
      { source: 'var', name: 'WHO' },
    ]);
    expect(missingVariables(collection, { 'env:TOKEN': '', 'var:WHO': 'Ada', 'var:CITY': '' })).toEqual([{ source: 'env', name: 'TOKEN' }]);
    expect(missingVariables(collection, { 'env:TOKEN': 't', 'var:WHO': 'Ada' })).toEqual([]);
    const values = runValuesOf({ 'env:TOKEN': 't', 'var:WHO': 'Ada', 'var:CITY': '' });
    expect(values.vars).toEqual({ WHO: 'Ada' });
    expect([values.env('TOKEN'), values.env('WHO')]).toEqual(['t', undefined]);
    // The env value is a lookup: nothing of it is in the values as JSON.
    expect(JSON.stringify(values)).toBe('{"vars":{"WHO":"Ada"}}');
  });

  it('names what is missing in one line', () => {
    expect(missingVariablesText([{ source: 'env', name: 'TOKEN' }])).toBe('Give a value for ${env:TOKEN} to run.');
    expect(
      missingVariablesText([
        { source: 'env', name: 'A' },
        { source: 'var', name: 'B' },
        { source: 'var', name: 'C' },
      ]),
    ).toBe('Give a value for ${env:A}, ${var:B} and ${var:C} to run.');
  });
});
