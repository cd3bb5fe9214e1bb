import { describe, expect, it } from 'vitest';
import { dictionary, ownEntries, ownValue } from './own.ts';

const HOSTILE = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];

describe('ownValue', () => {
  const table: Record<string, string> = { normal: 'yes' };

  it('reads own keys', () => {
    expect(ownValue(table, 'normal')).toBe('yes');
    expect(ownValue(table, undefined)).toBeUndefined();
  });

  it.each(HOSTILE)('never answers with an inherited member for %s', (key) => {
    expect(ownValue(table, key)).toBeUndefined();
  });

  it('reads a prototype-named key the table really has', () => {
    const own = ownEntries([
      ['__proto__', 'p'],
      ['constructor', 'c'],
    ]);
    expect(ownValue(own, '__proto__')).toBe('p');
    expect(ownValue(own, 'constructor')).toBe('c');
  });
});

describe('ownEntries', () => {
  it('keeps __proto__ as a data property and leaves the prototype alone', () => {
    const out = ownEntries<unknown>([
      ['__proto__', { polluted: true }],
      ['toString', 'x'],
    ]);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.keys(out)).toEqual(['__proto__', 'toString']);
    expect((out as { polluted?: unknown }).polluted).toBeUndefined();
    expect(JSON.stringify(out)).toBe('{"__proto__":{"polluted":true},"toString":"x"}');
  });
});

describe('dictionary', () => {
  it('has no inherited members, and keeps __proto__ as an entry', () => {
    const out = dictionary([
      ['__proto__', 'p'],
      ['a', '1'],
    ]);
    expect(Object.getPrototypeOf(out)).toBeNull();
    expect(out.toString).toBeUndefined();
    expect(out.constructor).toBeUndefined();
    expect(out['__proto__']).toBe('p');
    expect(Object.keys(out)).toEqual(['__proto__', 'a']);
  });
});
