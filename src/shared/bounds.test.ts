import { describe, expect, it } from 'vitest';
import { boundJson } from './bounds.ts';
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
