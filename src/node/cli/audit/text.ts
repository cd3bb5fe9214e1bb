/**
 * Server text on its way to a terminal or a CI log: control characters (escape sequences that could recolour
 * or rewrite the terminal, carriage returns that hide a line) become visible escapes, and lines stay one line.
 */
export function plainLine(text: string): string {
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (c) =>
    c === '\n' || c === '\t' ? ' ' : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** Cut to `max` characters, marking the cut. */
export function cutTo(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
