/**
 * Markdown from a server, rendered without ever trusting it. markdown-to-jsx builds React elements directly
 * (no HTML string, so nothing reaches an HTML sink and Trusted Types has nothing to refuse), with raw HTML
 * parsing off, so tags come out as text. Every element it asks for goes through `safeElement`: only an
 * allowlist of tags and attributes survives, links keep an href only if checkNavigableUrl allows it, and
 * images are replaced by their alt text so a document cannot make the browser fetch anything. Loaded lazily:
 * most sessions never need it.
 */
import { compiler } from 'markdown-to-jsx';
import { createElement, useMemo, type ReactNode } from 'react';
import { checkNavigableUrl } from '../../shared/url.ts';
import { resolveRelativeLink } from './relative-link.ts';

const ALLOWED_TAGS = new Set([
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
  'sup',
  'sub',
  'div',
  'span',
]);
const ALLOWED_PROPS = ['key', 'title', 'start', 'align', 'id'];

type Props = Record<string, unknown>;

function allowedProps(props: Props | null): Props {
  const out: Props = {};
  for (const name of ALLOWED_PROPS) if (props && props[name] !== undefined) out[name] = props[name];
  return out;
}

/** Where the document came from, so a relative link can name the resource it means, and what reading one does. */
interface LinkContext {
  base?: string | undefined;
  onReadResource?: ((uri: string) => void) | undefined;
}

/** Every element markdown-to-jsx creates passes here; anything unexpected becomes a span holding its text. */
const safeElementIn = (context: LinkContext) =>
  function safeElement(tag: unknown, props: Props | null, ...children: ReactNode[]): ReactNode {
    const base = allowedProps(props);
    // markdown-to-jsx falls back to raw HTML for a few blocks; here it is only ever text.
    const html = (props?.dangerouslySetInnerHTML as { __html?: unknown } | undefined)?.__html;
    const content = children.length > 0 ? children : typeof html === 'string' ? [html] : [];
    switch (tag) {
      case 'a':
        return link(base, props?.href, content, context);
      case 'img': {
        const alt = typeof props?.alt === 'string' && props.alt ? props.alt : 'no description';
        const src = typeof props?.src === 'string' ? props.src : '';
        const title = src ? `Images in resources are not fetched: ${src}` : 'Images in resources are not fetched.';
        return createElement('span', { ...base, className: 'md-image-placeholder', title }, `[image not loaded: ${alt}]`);
      }
      case 'input':
        return props?.type === 'checkbox'
          ? createElement('input', { ...base, type: 'checkbox', checked: props.checked === true, disabled: true, readOnly: true })
          : null;
      default:
        return createElement(typeof tag === 'string' && ALLOWED_TAGS.has(tag) ? tag : 'span', base, ...content);
    }
  };

function link(base: Props, href: unknown, children: ReactNode[], context: LinkContext): ReactNode {
  const resolved = typeof href === 'string' ? resolveRelativeLink(href, context.base) : undefined;
  if (resolved !== undefined && context.onReadResource) {
    const read = context.onReadResource;
    // A button, not a link: it reads the resource on this session, and the page never navigates.
    return createElement(
      'button',
      {
        ...base,
        type: 'button',
        className: 'md-resource-link',
        title: `Read ${resolved} in MCP Lens`,
        onClick: () => read(resolved),
      },
      ...children,
    );
  }
  const checked = typeof href === 'string' ? checkNavigableUrl(href) : null;
  if (checked?.ok) return createElement('a', { ...base, href: checked.url, target: '_blank', rel: 'noopener noreferrer' }, ...children);
  const title = checked ? `Not a link: ${checked.reason}` : 'Not a link: it has no safe target.';
  return createElement('a', { ...base, className: 'md-refused-link', title }, ...children);
}

function renderMarkdown(markdown: string, context: LinkContext): ReactNode {
  return compiler(markdown, { disableParsingRawHTML: true, tagfilter: true, createElement: safeElementIn(context) as never });
}

/** `base`: the resource's URI, against which relative links resolve; `onReadResource` reads one (else they stay refused). */
export default function MarkdownView({
  markdown,
  base,
  onReadResource,
}: {
  markdown: string;
  base?: string | undefined;
  onReadResource?: ((uri: string) => void) | undefined;
}) {
  const rendered = useMemo(() => renderMarkdown(markdown, { base, onReadResource }), [markdown, base, onReadResource]);
  return <div className="markdown-body">{rendered}</div>;
}
