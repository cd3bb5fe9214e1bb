import { describe, expect, it } from 'vitest';
import { boundJson, withinJsonBounds } from './bounds.ts';
import { redactJson } from './redact.ts';

const hostile = () =>
  JSON.parse('{"__proto__":{"polluted":true},"constructor":"c","toString":"t","hasOwnProperty":1,"normal":"n"}') as object;

describe.each([
  ['boundJson', (value: unknown) => boundJson(value)],
  ['redactJson', (value: unknown) => redactJson(value)],
])('%s with keys named after Object.prototype members', (_name, copy) => {
  it('copies them as ordinary properties and leaves the prototype alone', () => {
    const out = copy({ nested: hostile() }) as { nested: Record<string, unknown> };
    expect(Object.getPrototypeOf(out.nested)).toBe(Object.prototype);
    expect((out.nested as { polluted?: unknown }).polluted).toBeUndefined();
    expect(Object.keys(out.nested)).toEqual(['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'normal']);
    expect(JSON.stringify(out)).toBe(JSON.stringify({ nested: hostile() }));
  });
});

describe('withinJsonBounds', () => {
  const bounds = { maxDepth: 4, maxStringLength: 10, maxNodes: 20 };

  it('hands back the value itself when nothing in it is past a bound', () => {
    const value = JSON.parse('{"a":[1,"short",{"b":null}],"__proto__":{"c":true}}') as object;
    expect(withinJsonBounds(value, bounds)).toBe(value);
  });

  it("is boundJson's cut copy when a string, the depth or the node count is past its bound", () => {
    for (const value of [{ s: 'x'.repeat(11) }, { a: { b: { c: { d: { e: 1 } } } } }, { list: Array.from({ length: 30 }, (_, n) => n) }]) {
      const bounded = withinJsonBounds(value, bounds);
      expect(bounded).not.toBe(value);
      expect(bounded).toEqual(boundJson(value, bounds));
    }
  });

  it('copies what is not plain JSON data, as boundJson does', () => {
    class Point {
      x = 1;
    }
    const value = { at: new Point() };
    const bounded = withinJsonBounds(value, bounds) as { at: object };
    expect(bounded).not.toBe(value);
    expect(Object.getPrototypeOf(bounded.at)).toBe(Object.prototype);
  });
});
