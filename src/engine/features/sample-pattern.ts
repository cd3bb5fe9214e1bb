/**
 * A string that matches a JSON Schema `pattern`, for the CLI's invented arguments. It walks the simple
 * regular expressions tools actually use (literals, classes, \d \w \s, groups with alternatives, quantifiers)
 * and takes the shortest choice at each step; the caller checks the result with the real (linear-time)
 * matcher, so a pattern this cannot follow yields no value rather than a wrong one.
 */
import { compileServerPattern } from '../../shared/server-pattern.ts';

const CLASS_SAMPLES: Record<string, string> = { d: '0', w: 'a', s: ' ', D: 'a', W: '-', S: 'a' };

class Walker {
  constructor(
    private readonly source: string,
    private at = 0,
  ) {}

  /** Alternatives up to `)` or the end: the first one is taken. */
  alternatives(): string {
    const first = this.sequence();
    while (this.source[this.at] === '|') {
      this.at++;
      this.sequence();
    }
    return first;
  }

  private sequence(): string {
    let out = '';
    while (this.at < this.source.length && this.source[this.at] !== '|' && this.source[this.at] !== ')') {
      const atom = this.atom();
      const [min] = this.quantifier();
      out += atom.repeat(min);
    }
    return out;
  }

  private atom(): string {
    const c = this.source[this.at++]!;
    switch (c) {
      case '^':
      case '$':
        return '';
      case '.':
        return 'a';
      case '(': {
        if (this.source.startsWith('?:', this.at)) this.at += 2;
        else if (this.source.startsWith('?<', this.at) && !'=!'.includes(this.source[this.at + 2] ?? ''))
          this.at = this.source.indexOf('>', this.at) + 1;
        else if (this.source[this.at] === '?') throw new Error('lookaround');
        const inner = this.alternatives();
        if (this.source[this.at++] !== ')') throw new Error('unbalanced group');
        return inner;
      }
      case '[':
        return this.charClass();
      case '\\':
        return this.escape();
      default:
        return c;
    }
  }

  private escape(): string {
    const c = this.source[this.at++] ?? '';
    if (c in CLASS_SAMPLES) return CLASS_SAMPLES[c]!;
    if (c === 'u' && /^[0-9a-f]{4}/i.test(this.source.slice(this.at))) {
      const code = parseInt(this.source.slice(this.at, this.at + 4), 16);
      this.at += 4;
      return String.fromCharCode(code);
    }
    if (c === 'b' || c === 'B') return '';
    if (c === 'n') return '\n';
    if (c === 't') return '\t';
    if (/[pP]/.test(c)) {
      this.at = this.source.indexOf('}', this.at) + 1;
      return 'a';
    }
    return c;
  }

  private charClass(): string {
    const negated = this.source[this.at] === '^';
    if (negated) this.at++;
    let first: string | undefined;
    const excluded = new Set<string>();
    while (this.at < this.source.length && this.source[this.at] !== ']') {
      let c = this.source[this.at++]!;
      if (c === '\\') c = this.escape();
      // A range `a-z`: its first character stands for it.
      if (this.source[this.at] === '-' && this.source[this.at + 1] !== ']') {
        const escapedEnd = this.source[this.at + 1] === '\\';
        this.at += 2;
        if (escapedEnd) this.escape();
      }
      first ??= c;
      excluded.add(c);
    }
    this.at++;
    if (!negated) return first ?? 'a';
    return [...'aA0_-x'].find((c) => !excluded.has(c)) ?? 'a';
  }

  /** `[min, max]` of the quantifier after an atom; none means exactly once. */
  private quantifier(): [number, number] {
    const c = this.source[this.at];
    let range: [number, number] = [1, 1];
    if (c === '*') range = [0, Infinity];
    else if (c === '+') range = [1, Infinity];
    else if (c === '?') range = [0, 1];
    else if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(this.source.slice(this.at));
      if (!m) return range;
      this.at += m[0].length - 1;
      range = [Number(m[1]), m[2] ? (m[3] ? Number(m[3]) : Infinity) : Number(m[1])];
    } else return range;
    this.at++;
    if (this.source[this.at] === '?' || this.source[this.at] === '+') this.at++;
    return range;
  }
}

/** A value matching the pattern, at least `minLength` long when possible, or undefined when none was found. */
export function samplePattern(pattern: string, minLength = 0): string | undefined {
  const matcher = compileServerPattern(pattern);
  if (!matcher.ok) return undefined;
  let sample: string;
  try {
    sample = new Walker(pattern).alternatives();
  } catch {
    return undefined;
  }
  if (!matcher.test(sample)) return undefined;
  const missing = minLength - [...sample].length;
  if (missing <= 0) return sample;
  // Too short: repeat its last character (a repeated class), or pad with letters (an unanchored pattern).
  const candidates = [sample + (sample.at(-1) ?? 'a').repeat(missing), sample + 'a'.repeat(missing), 'a'.repeat(missing) + sample];
  return candidates.find((candidate) => matcher.test(candidate));
}
