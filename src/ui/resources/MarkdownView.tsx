/**
 * Markdown from a server, rendered without ever trusting it: the markdown compiler runs with raw HTML
 * parsing off (tags come out as text), DOMPurify then sanitizes what it produced as a second layer, links
 * keep an href only if checkNavigableUrl allows it, and images are replaced by their alt text so a
 * document cannot make the browser fetch anything. Loaded lazily: most sessions never need it.
 */
import DOMPurify from 'dompurify';
import { compiler } from 'markdown-to-jsx/html';
import { useLayoutEffect, useRef } from 'react';
import { checkNavigableUrl } from '../../shared/url.ts';

const ALLOWED_TAGS = [
  'a',
  'p',
  'br',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'em',
  'b',
  'i',
  'del',
  's',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'input',
  'sup',
  'sub',
  'div',
  'span',
  'img',
];

export function renderMarkdown(markdown: string): DocumentFragment {
  const html = compiler(markdown, { disableParsingRawHTML: true, tagfilter: true });
  const fragment = DOMPurify.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR: ['href', 'alt', 'title', 'src', 'type', 'checked', 'disabled', 'start', 'align'],
    RETURN_DOM_FRAGMENT: true,
  });
  for (const image of Array.from(fragment.querySelectorAll('img'))) {
    const alt = image.getAttribute('alt') ?? '';
    const src = image.getAttribute('src') ?? '';
    const stand = document.createElement('span');
    stand.className = 'md-image-placeholder';
    stand.textContent = `[image not loaded: ${alt || 'no description'}]`;
    stand.title = src ? `Images in resources are not fetched: ${src}` : 'Images in resources are not fetched.';
    image.replaceWith(stand);
  }
  for (const link of Array.from(fragment.querySelectorAll('a'))) {
    const href = link.getAttribute('href');
    const checked = href === null ? null : checkNavigableUrl(href);
    if (checked?.ok) {
      link.setAttribute('href', checked.url);
      link.setAttribute('target', '_blank');
      link.setAttribute('rel', 'noopener noreferrer');
    } else {
      link.removeAttribute('href');
      link.className = 'md-refused-link';
      link.title = checked ? `Not a link: ${checked.reason}` : 'Not a link: it has no safe target.';
    }
  }
  for (const input of Array.from(fragment.querySelectorAll('input'))) {
    if (input.getAttribute('type') !== 'checkbox') input.remove();
    else input.setAttribute('disabled', '');
  }
  return fragment;
}

export default function MarkdownView({ markdown }: { markdown: string }) {
  const container = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    // DOM nodes built and sanitized above, inserted as nodes: no HTML string reaches a sink.
    container.current?.replaceChildren(renderMarkdown(markdown));
  }, [markdown]);
  return <div ref={container} className="markdown-body" />;
}
