import { describe, expect, it } from 'vitest';
import { hasInvisible, revealInvisible, splitInvisible } from './reveal-invisible.ts';

describe('revealInvisible', () => {
  it('leaves ordinary text, tabs and line breaks alone', () => {
    expect(revealInvisible('get_weather\tcity\nline two — ünïcode 日本')).toBe('get_weather\tcity\nline two — ünïcode 日本');
    expect(hasInvisible('plain')).toBe(false);
  });

  it('marks bidi controls', () => {
    expect(revealInvisible('abc\u202Etxt.exe')).toBe('abc⟨U+202E⟩txt.exe');
    expect(revealInvisible('\u2066x\u2069')).toBe('⟨U+2066⟩x⟨U+2069⟩');
    for (const cp of [0x202a, 0x202b, 0x202c, 0x202d, 0x2067, 0x2068, 0x200e, 0x200f]) {
      expect(revealInvisible(String.fromCodePoint(cp))).toMatch(/^⟨U\+[0-9A-F]{4}⟩$/);
    }
  });

  it('marks zero-width and control characters', () => {
    expect(revealInvisible('a\u200Bb\u200Cc\u200Dd\uFEFFe\u2060f')).toBe('a⟨U+200B⟩b⟨U+200C⟩c⟨U+200D⟩d⟨U+FEFF⟩e⟨U+2060⟩f');
    expect(revealInvisible('bell\u0007')).toBe('bell⟨U+0007⟩');
  });

  it('shows a run of one hidden character once, with its count (a 60,000-character name is one marker)', () => {
    expect(revealInvisible(`x${'\u200B'.repeat(60_000)}y`)).toBe('x⟨U+200B ×60,000⟩y');
    expect(splitInvisible('\u202E\u202E')).toEqual([
      { text: '⟨U+202E ×2⟩', hidden: '2 hidden characters U+202E RIGHT-TO-LEFT OVERRIDE in a row' },
    ]);
    expect(revealInvisible('\u200B\u200C\u200B')).toBe('⟨U+200B⟩⟨U+200C⟩⟨U+200B⟩');
  });

  it('shows a run of tag characters once, with the ASCII it spells', () => {
    const smuggled = Array.from('hi!', (c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0))).join('');
    expect(revealInvisible(`Weather${smuggled} tool`)).toBe('Weather⟨tags: hi!⟩ tool');
    expect(revealInvisible(String.fromCodePoint(0xe0001, 0xe007f))).toBe('⟨2 tag chars⟩');
  });

  it('describes each marker for a tooltip', () => {
    const segments = splitInvisible('a\u202Eb');
    expect(segments).toEqual([
      { text: 'a' },
      { text: '⟨U+202E⟩', hidden: 'Hidden character U+202E RIGHT-TO-LEFT OVERRIDE' },
      { text: 'b' },
    ]);
    expect(hasInvisible('a\u202Eb')).toBe(true);
  });
});
