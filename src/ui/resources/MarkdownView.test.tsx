import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import MarkdownView from './MarkdownView.tsx';

const html = (markdown: string) => renderToStaticMarkup(<MarkdownView markdown={markdown} />);

describe('MarkdownView', () => {
  it('decodes named and numeric HTML entities into text', () => {
    const out = html('&copy; 2026 Example &amp; Co &#8212; &lt;b&gt;');
    expect(out).toContain('© 2026 Example &amp; Co — &lt;b&gt;');
    expect(out).not.toContain('<b>');
  });

  it('keeps raw HTML as text and builds only allowlisted elements', () => {
    const out = html(`# Title\n\n<script>alert(1)</script> <img src=x onerror="alert(2)">\n\n<iframe src="https://x.example"></iframe>`);
    expect(out).toContain('<h1');
    expect(out).not.toMatch(/<script|<iframe|<img|\sonerror="/);
    expect(out).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('keeps an href only for a navigable URL, and never loads an image', () => {
    const out = html('[safe](https://example.org/a) [bad](javascript:alert(1)) ![a cat](https://tracker.example/cat.png)');
    expect(out).toContain('href="https://example.org/a"');
    expect(out).toContain('rel="noopener noreferrer"');
    expect(out).not.toContain('javascript:');
    expect(out).toContain('[image not loaded: a cat]');
    expect(out).not.toContain('<img');
  });

  it('renders task list checkboxes disabled', () => {
    expect(html('- [x] done\n- [ ] open')).toMatch(/<input[^>]*type="checkbox"[^>]*disabled=""/);
  });
});
