/**
 * Makes characters a person cannot see visible, so a server cannot hide text from the person while an LLM
 * still reads it: bidi controls that reorder what is shown (U+202A–202E, U+2066–2069, marks), zero-width
 * characters, control characters, and Unicode tag characters (U+E0000–E007F, used to smuggle prompts).
 * A run of tag characters is shown once, with the ASCII it spells.
 */
import { formatCount, plural } from '../../shared/read.ts';

export interface TextSegment {
  text: string;
  /** Set on a marker that stands for hidden characters; says what they were. */
  hidden?: string;
}

const NAMES: Record<number, string> = {
  0x00ad: 'SOFT HYPHEN',
  0x061c: 'ARABIC LETTER MARK',
  0x180e: 'MONGOLIAN VOWEL SEPARATOR',
  0x200b: 'ZERO WIDTH SPACE',
  0x200c: 'ZERO WIDTH NON-JOINER',
  0x200d: 'ZERO WIDTH JOINER',
  0x200e: 'LEFT-TO-RIGHT MARK',
  0x200f: 'RIGHT-TO-LEFT MARK',
  0x202a: 'LEFT-TO-RIGHT EMBEDDING',
  0x202b: 'RIGHT-TO-LEFT EMBEDDING',
  0x202c: 'POP DIRECTIONAL FORMATTING',
  0x202d: 'LEFT-TO-RIGHT OVERRIDE',
  0x202e: 'RIGHT-TO-LEFT OVERRIDE',
  0x2060: 'WORD JOINER',
  0x2061: 'FUNCTION APPLICATION',
  0x2062: 'INVISIBLE TIMES',
  0x2063: 'INVISIBLE SEPARATOR',
  0x2064: 'INVISIBLE PLUS',
  0x2066: 'LEFT-TO-RIGHT ISOLATE',
  0x2067: 'RIGHT-TO-LEFT ISOLATE',
  0x2068: 'FIRST STRONG ISOLATE',
  0x2069: 'POP DIRECTIONAL ISOLATE',
  0xfeff: 'ZERO WIDTH NO-BREAK SPACE',
};

// Tabs and line breaks are visible as layout and stay as they are. Matching control characters is the point.
// A run of one hidden character is one match (`\1*`): a name of 60,000 zero-width spaces is one marker that
// counts them, not 60,000 elements that freeze the page and bury the rest of the text.
const HIDDEN =
  // eslint-disable-next-line no-control-regex
  /([\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff])\1*|[\u{e0000}-\u{e007f}]+/gu;

const TAG_START = 0xe0000;

function hex(codePoint: number): string {
  return `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;
}

function describe(match: string): { marker: string; title: string } {
  const first = match.codePointAt(0)!;
  if (first >= TAG_START) {
    const decoded = Array.from(match, (char) => {
      const ascii = char.codePointAt(0)! - TAG_START;
      return ascii >= 0x20 && ascii < 0x7f ? String.fromCharCode(ascii) : '';
    }).join('');
    const count = Array.from(match).length;
    return {
      marker: decoded ? `⟨tags: ${decoded}⟩` : `⟨${count} tag chars⟩`,
      title: `${plural(count, 'invisible Unicode tag character')} (U+E0000–E007F)${decoded ? ` spelling “${decoded}”` : ''}`,
    };
  }
  const name = NAMES[first] ?? 'CONTROL CHARACTER';
  // Every character in the run is the same one, and each is one UTF-16 unit (all are in the BMP).
  const run = match.length;
  if (run === 1) return { marker: `⟨${hex(first)}⟩`, title: `Hidden character ${hex(first)} ${name}` };
  return {
    marker: `⟨${hex(first)} ×${formatCount(run)}⟩`,
    title: `${plural(run, 'hidden character')} ${hex(first)} ${name} in a row`,
  };
}

/** Splits text into visible runs and markers for hidden characters. */
export function splitInvisible(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(HIDDEN)) {
    const index = match.index;
    if (index > last) segments.push({ text: text.slice(last, index) });
    const { marker, title } = describe(match[0]);
    segments.push({ text: marker, hidden: title });
    last = index + match[0].length;
  }
  if (last < text.length) segments.push({ text: text.slice(last) });
  return segments;
}

/** The text with every hidden character replaced by a visible marker such as `⟨U+202E⟩`. */
export function revealInvisible(text: string): string {
  return splitInvisible(text)
    .map((segment) => segment.text)
    .join('');
}

export function hasInvisible(text: string): boolean {
  HIDDEN.lastIndex = 0;
  const found = HIDDEN.test(text);
  HIDDEN.lastIndex = 0;
  return found;
}
