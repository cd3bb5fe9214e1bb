import { describe, expect, it } from 'vitest';
import { looksLikeMarkdown } from './markdown-sniff.ts';

describe('looksLikeMarkdown', () => {
  it('takes a heading, a fenced block or a link as Markdown', () => {
    expect(looksLikeMarkdown('# Report\n\nAll good.')).toBe(true);
    expect(looksLikeMarkdown('Run:\n```sh\nnpm test\n```')).toBe(true);
    expect(looksLikeMarkdown('See [the spec](https://modelcontextprotocol.io).')).toBe(true);
    expect(looksLikeMarkdown('- **bold** item\n- another')).toBe(true);
  });

  it('leaves plain text, a lone bullet and JSON as they are', () => {
    expect(looksLikeMarkdown('Hello, MCP!')).toBe(false);
    expect(looksLikeMarkdown('Completed 3 steps in 173 ms.')).toBe(false);
    expect(looksLikeMarkdown('- one item')).toBe(false);
    expect(looksLikeMarkdown('{"title": "# not a heading", "link": "[a](b)"}')).toBe(false);
  });
});
