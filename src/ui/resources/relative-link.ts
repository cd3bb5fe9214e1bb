/**
 * A relative link in a Markdown resource (`guide.md`, `../api/tools.md`) means another resource next to it:
 * resolved against the resource's own URI, it is something MCP Lens can read on the session. It is never a
 * page to navigate to. Links with a scheme, fragments and anything that does not resolve are not relative.
 */
export function resolveRelativeLink(href: string, resourceUri: string | undefined): string | undefined {
  if (resourceUri === undefined || href === '' || href.startsWith('#') || href.startsWith('//')) return undefined;
  // A scheme (`https:`, `demo:`, `javascript:`): absolute, checked as a link elsewhere.
  if (/^[a-z][a-z\d+.-]*:/i.test(href)) return undefined;
  try {
    const resolved = new URL(href, resourceUri);
    // An opaque base (`urn:x`) or a URI with no path to resolve against gives nothing sensible.
    return resolved.href.startsWith(new URL(resourceUri).protocol) ? resolved.href : undefined;
  } catch {
    return undefined;
  }
}
