/**
 * Text on its way to a terminal or a CI log, neutralised once for every Node program that prints what a
 * server said (its name, tool names, reasons, error messages). A terminal obeys what it is sent: ESC starts
 * sequences that clear the screen, set the window title (OSC 0) or hide a link (OSC 8); BEL rings; CR and
 * the C1 controls (U+009B is a one-character CSI) rewrite what was printed; bidi overrides and isolates
 * reorder what a person reads. Each becomes a visible `\uXXXX` escape, and a line stays one line. Only what
 * goes to a terminal: the `--json` document and JUnit files carry the server's text exact (their own
 * escaping keeps them valid).
 *
 * A `\uXXXX` escape inside a JSON string still means the same character, so a JSON line (`--verbose`'s
 * `[result]`) stays parseable and equal once neutralised.
 */

import { formatCount } from '../shared/read.ts';

/** C0 and C1 controls, DEL, line and paragraph separators, and the bidi marks, embeddings, overrides and isolates. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g;

const visible = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** One line a terminal prints as it is: tabs and newlines become spaces, every other control a visible escape. */
export function terminalText(text: string): string {
  return text.replace(UNSAFE, (c) => (c === '\n' || c === '\t' ? ' ' : visible(c)));
}

/** Cut to `max` characters, marking the cut. */
export function cutTo(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** A name longer than this is cut in a list line (the spec's tool names are 1 to 128 characters). */
const NAME_CHARS = 128;

/**
 * A list for one line: the first `shown` items, each cut to 128 characters, then how many more
 * (`a, b, c and 9,997 more`), so a server with thousands of tools cannot make a line of a megabyte.
 * `--json` carries the whole list.
 */
export function listForLine(items: readonly string[], shown: number): string {
  const head = items.slice(0, shown).map((item) => cutTo(item, NAME_CHARS));
  return items.length <= shown ? head.join(', ') : `${head.join(', ')} and ${formatCount(items.length - shown)} more`;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * The words of an error body for a one-line message: an HTML page (a proxy's or a framework's error page)
 * loses its markup, scripts and styles, and its whitespace folds to single spaces; plain text is kept as it
 * is. Never markup in a line a person reads at a terminal.
 */
export function pageText(body: string): string {
  const text = body.trim();
  if (!/^<|<\/?(html|head|body|title|h\d|p|div|pre)\b/i.test(text)) return text;
  return text
    .replace(/<(script|style)\b[\s\S]*?(<\/\1\s*>|$)/gi, ' ')
    .replace(/<!--[\s\S]*?(-->|$)/g, ' ')
    .replace(/<[^>]*>?/g, ' ')
    .replace(/&(amp|lt|gt|quot|apos|nbsp);/g, (_, name: string) => ENTITIES[name]!)
    .replace(/\s+/g, ' ')
    .trim();
}
