import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { formatCount } from '../../shared/read.ts';
import { ModelText, TEXT_PAGE } from './ModelText.tsx';

const html = (text: string) => renderToStaticMarkup(<ModelText text={text} />);

describe('a model text', () => {
  it('is rendered whole while it is short', () => {
    expect(html('Hello <b>there</b>')).toBe('<p class="playground-text">Hello &lt;b&gt;there&lt;/b&gt;</p>');
    expect(html('')).toBe('');
  });

  it('is rendered one page at a time when a provider sends megabytes, with the rest behind a button', () => {
    const out = html('a'.repeat(24 * 1024 * 1024));
    expect(out.length).toBeLessThan(TEXT_PAGE + 200);
    expect(out).toContain(`Show 20,000 more characters of ${formatCount(24 * 1024 * 1024 - TEXT_PAGE)}`);
  });
});
