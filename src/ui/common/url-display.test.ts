import { describe, expect, it } from 'vitest';
import { decodePunycode, describeUrl } from './url-display.ts';

describe('describeUrl', () => {
  it('splits a URL so the host can be highlighted', () => {
    expect(describeUrl('https://auth.example.com/authorize?x=1#f')).toMatchObject({
      before: 'https://',
      host: 'auth.example.com',
      after: '/authorize?x=1#f',
      warnings: [],
      navigable: { ok: true },
    });
  });

  it('warns about a punycode look-alike and shows what it reads as', () => {
    const view = describeUrl('https://xn--pypal-4ve.com/login');
    expect(view.unicodeHost).toBe('pаypal.com'.replace('а', '\u0430'));
    expect(view.warnings[0]).toMatch(/punycode/);
  });

  it('warns when a Unicode host was typed (the parser turns it into punycode)', () => {
    expect(describeUrl('https://аpple.com/').warnings.join(' ')).toMatch(/punycode/);
  });

  it('warns about IP hosts and refuses what checkNavigableUrl refuses', () => {
    expect(describeUrl('https://10.0.0.1/').warnings.join(' ')).toMatch(/IP address/);
    expect(describeUrl('javascript:alert(1)').navigable.ok).toBe(false);
    expect(describeUrl('http://example.com/').navigable.ok).toBe(false);
    expect(describeUrl('not a url').parsed).toBe(false);
  });

  it('decodes punycode labels', () => {
    expect(decodePunycode('mnchen-3ya')).toBe('münchen');
    expect(decodePunycode('!!')).toBeUndefined();
  });
});
