import { describe, expect, it } from 'vitest';
import { punycodeNote } from './punycode-note.ts';

describe('punycodeNote', () => {
  it('flags look-alike hosts, which the URL parser has already turned into punycode', () => {
    const href = new URL('https://pаypal.com/').href; // Cyrillic а
    expect(href).toContain('xn--');
    expect(punycodeNote(href)).toMatch(/xn--.*punycode/);
    expect(punycodeNote('https://paypal.com/')).toBeUndefined();
    expect(punycodeNote('not a url')).toBeUndefined();
  });
});
