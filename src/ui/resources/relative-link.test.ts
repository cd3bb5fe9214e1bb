import { describe, expect, it } from 'vitest';
import { resolveRelativeLink } from './relative-link.ts';

describe('resolveRelativeLink', () => {
  it("resolves a relative link against the resource's URI, whatever its scheme", () => {
    expect(resolveRelativeLink('guide.md', 'demo://docs/readme.md')).toBe('demo://docs/guide.md');
    expect(resolveRelativeLink('../api/tools.md', 'file:///work/docs/readme.md')).toBe('file:///work/api/tools.md');
    expect(resolveRelativeLink('./a b.md', 'https://example.com/docs/readme.md')).toBe('https://example.com/docs/a%20b.md');
  });

  it('leaves absolute links, fragments and unresolvable bases alone', () => {
    expect(resolveRelativeLink('https://example.com/x', 'demo://docs/readme.md')).toBeUndefined();
    expect(resolveRelativeLink('javascript:alert(1)', 'demo://docs/readme.md')).toBeUndefined();
    expect(resolveRelativeLink('#usage', 'demo://docs/readme.md')).toBeUndefined();
    expect(resolveRelativeLink('//evil.example/x', 'demo://docs/readme.md')).toBeUndefined();
    expect(resolveRelativeLink('guide.md', 'urn:example:readme')).toBeUndefined();
    expect(resolveRelativeLink('guide.md', undefined)).toBeUndefined();
  });
});
