import { describe, expect, it } from 'vitest';
import { listForLine, pageText, terminalText } from './terminal-text.ts';

describe('terminalText', () => {
  it('turns every control a terminal obeys into a visible escape, and keeps a line one line', () => {
    const hostile = 'a\u001b[2J\u001b]0;owned\u0007\u001b]8;;https://x.test\u001b\\link\u001b]8;;\u001b\\\rb\u009bc\u0085d';
    expect(terminalText(hostile)).toBe(
      'a\\u001b[2J\\u001b]0;owned\\u0007\\u001b]8;;https://x.test\\u001b\\link\\u001b]8;;\\u001b\\\\u000db\\u009bc\\u0085d',
    );
    expect(terminalText('one\ntwo\tthree\u2028four')).toBe('one two three\\u2028four');
  });

  it('shows bidi overrides and isolates instead of letting them reorder the line', () => {
    expect(terminalText('evil\u202Egnp.exe \u2066x\u2069 \u200f\u061c')).toBe('evil\\u202egnp.exe \\u2066x\\u2069 \\u200f\\u061c');
  });

  it('leaves ordinary text, other scripts and emoji as they are', () => {
    const plain = 'Ünïcödé — 日本語 🙂 "quotes" \\ back';
    expect(terminalText(plain)).toBe(plain);
  });

  it('keeps a JSON line parseable and equal once neutralised', () => {
    const line = JSON.stringify({ text: 'a\u009b2Jb\u202Ec' });
    expect(JSON.parse(terminalText(line))).toEqual({ text: 'a\u009b2Jb\u202Ec' });
  });
});

describe('listForLine', () => {
  it('names the first ones and counts the rest', () => {
    const names = Array.from({ length: 10_000 }, (_, index) => `tool-${index}`);
    expect(listForLine(names, 3)).toBe('tool-0, tool-1, tool-2 and 9,997 more');
    expect(listForLine(['a', 'b'], 3)).toBe('a, b');
    expect(listForLine([], 3)).toBe('');
  });

  it('cuts a name past 128 characters', () => {
    expect(listForLine(['x'.repeat(1_000)], 3)).toBe(`${'x'.repeat(127)}…`);
  });
});

describe('pageText', () => {
  it('reads an HTML error page for its words, without markup, scripts or styles', () => {
    const page =
      '<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title><style>h1{color:red}</style><script>x()</script></head>\n<body><h1>Bad&nbsp;Gateway</h1>\n<p>nginx &amp; friends</p></body></html>';
    expect(pageText(page)).toBe('502 Bad Gateway Bad Gateway nginx & friends');
  });

  it('keeps plain text as it is', () => {
    expect(pageText('  Session not found  ')).toBe('Session not found');
    expect(pageText('a < b and c > d')).toBe('a < b and c > d');
  });
});
