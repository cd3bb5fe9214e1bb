import { describe, expect, it } from 'vitest';
import { headerProblems, usableHeaders } from './header-pairs.ts';

describe('headers to send', () => {
  it('never sends a header without a value, and ignores empty rows', () => {
    const rows = [
      { name: ' X-Api-Key ', value: '' },
      { name: 'Accept-Language', value: 'en-GB' },
      { name: 'X-Blank', value: '   ' },
      { name: '', value: '' },
    ];
    expect(usableHeaders(rows)).toEqual([{ name: 'Accept-Language', value: 'en-GB' }]);
    expect(headerProblems(rows)).toEqual([]);
  });
});
