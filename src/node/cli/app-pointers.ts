/**
 * The engine's sentences are written for the app, and some point at its views ("The raw bytes are in the
 * Message log."). A terminal has neither view, so there the pointer would be false: it is taken out, and the
 * sentence before it stands alone.
 */
const VIEW = String.raw`(?:Message log|HTTP view)`;
const IN_PARENTHESES = new RegExp(String.raw`\s*\([^()]*\b${VIEW}\b[^()]*\)`, 'g');
const CLAUSE = new RegExp(String.raw`;\s*[^;.]*\b${VIEW}\b[^;.]*`, 'g');
const SENTENCE = new RegExp(String.raw`(^|\s+)[^.;]*\b${VIEW}\b[^.;]*\.(?=\s|$)`, 'g');

export function withoutAppPointers(text: string): string {
  const left = text.replace(IN_PARENTHESES, '').replace(CLAUSE, '').replace(SENTENCE, '').trim();
  return left === '' ? text : left;
}
