import { describe, expect, it } from 'vitest';
import { formDefaults } from './headless-host.ts';

describe('formDefaults (the headless elicitation answer)', () => {
  it('keeps fields named after Object.prototype members as ordinary keys', () => {
    const content = formDefaults(
      JSON.parse('{"properties":{"__proto__":{"default":"p"},"toString":{"default":"t"},"broken":null,"plain":{"type":"string"}}}'),
    );
    expect(Object.getPrototypeOf(content)).toBe(Object.prototype);
    expect(JSON.stringify(content)).toBe('{"__proto__":"p","toString":"t"}');
  });
});
