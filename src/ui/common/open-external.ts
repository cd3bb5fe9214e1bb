import { checkNavigableUrl, type UrlCheck } from '../../shared/url.ts';

/**
 * The one place MCP Lens opens a URL: only what checkNavigableUrl accepts, in a new top-level window with
 * noopener (the page gets no handle back to this app) and noreferrer (it learns nothing about it).
 */
export function openExternal(input: string): UrlCheck {
  const checked = checkNavigableUrl(input);
  // eslint-disable-next-line no-restricted-properties -- this is the checked helper the rule points to
  if (checked.ok) window.open(checked.url, '_blank', 'noopener,noreferrer');
  return checked;
}
