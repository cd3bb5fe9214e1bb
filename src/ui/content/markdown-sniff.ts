/**
 * Whether a tool result's text reads as Markdown, so it gets the Source / Rendered switch a Markdown resource
 * has. A text block carries no MIME type, so this looks at the text: a heading, a fenced block or a link is
 * enough; bullets, numbered items, bold and table rows count when two kinds meet. JSON is never Markdown.
 */
export function looksLikeMarkdown(text: string): boolean {
  if (text.length > 200_000) return false;
  const trimmed = text.trim();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      JSON.parse(trimmed);
      return false;
    } catch {
      // Not JSON: read on.
    }
  }
  if (/^#{1,6}\s+\S/m.test(text) || /^```/m.test(text) || /\[[^\]\n]+\]\([^)\s]+\)/.test(text)) return true;
  const kinds = [/^\s*[-*+]\s+\S/m, /^\s*\d+\.\s+\S/m, /\*\*[^*\n]+\*\*/, /^\|.+\|\s*$/m].filter((pattern) => pattern.test(text));
  return kinds.length >= 2;
}
