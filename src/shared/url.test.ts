import { describe, expect, it } from 'vitest';
import { checkIconUrl, checkNavigableUrl, checkServerUrl } from './url.ts';

describe('checkServerUrl', () => {
  it('accepts http and https URLs', () => {
    expect(checkServerUrl(' https://example.com/mcp ')).toEqual({ ok: true, url: 'https://example.com/mcp' });
    expect(checkServerUrl('http://127.0.0.1:3001/mcp').ok).toBe(true);
  });
  it.each([
    ['', /Enter a URL/],
    ['mcp', /not a valid URL/],
    ['ftp://example.com/mcp', /Only http and https/],
    ['javascript:alert(1)', /Only http and https/],
    ['https://user:secret@example.com/mcp', /credentials/],
  ])('refuses %j', (input, reason) => {
    const checked = checkServerUrl(input);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.reason).toMatch(reason);
  });
});

describe('a server URL without its scheme', () => {
  it.each([
    ['localhost:3001/mcp', 'http://localhost:3001/mcp'],
    ['127.0.0.1:3001', 'http://127.0.0.1:3001/'],
    ['[::1]:8080/mcp', 'http://[::1]:8080/mcp'],
    ['app.localhost:3000/mcp', 'http://app.localhost:3000/mcp'],
    ['example.com/mcp', 'https://example.com/mcp'],
    ['mcp.example.com:8443/mcp?x=1', 'https://mcp.example.com:8443/mcp?x=1'],
  ])('%j is offered %j (http:// on loopback, https:// elsewhere)', (input, suggestion) => {
    expect(checkServerUrl(input)).toEqual({ ok: false, reason: `Add http:// or https:// — did you mean ${suggestion}?`, suggestion });
  });

  it('offers nothing for what is not an address, or already has a scheme', () => {
    for (const input of ['mcp', 'javascript:alert(1)', 'mailto:a@b.c', 'https://user:pw@example.com/mcp', 'exa mple.com/mcp'])
      expect(checkServerUrl(input)).not.toHaveProperty('suggestion');
  });
});

describe('checkNavigableUrl', () => {
  it('allows https anywhere and http only on loopback', () => {
    expect(checkNavigableUrl('https://example.com').ok).toBe(true);
    expect(checkNavigableUrl('http://localhost:3000/x').ok).toBe(true);
    expect(checkNavigableUrl('http://127.0.0.2/').ok).toBe(true);
    expect(checkNavigableUrl('http://example.com').ok).toBe(false);
  });
  it.each(['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'data:text/html,<script>', 'vbscript:x', 'file:///etc/passwd'])(
    'never opens %s',
    (input) => {
      expect(checkNavigableUrl(input).ok).toBe(false);
    },
  );
});

describe('checkIconUrl', () => {
  it('allows data: images only', () => {
    expect(checkIconUrl('data:image/svg+xml;base64,PHN2Zz4=').ok).toBe(true);
    expect(checkIconUrl('data:text/html;base64,PHN2Zz4=').ok).toBe(false);
    expect(checkIconUrl('http://evil.example/icon.png').ok).toBe(false);
  });
  it('explains a relative icon once, about the icon and not the server URL', () => {
    const checked = checkIconUrl('./mcp.svg');
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.reason).toContain('relative address ("./mcp.svg")');
    expect(checked.reason).not.toMatch(/Icon not shown|e\.g\. https:\/\/example\.com\/mcp/);
  });
  it('says which scheme of an icon is refused', () => {
    for (const src of ['javascript:alert(1)', 'file:///etc/passwd']) {
      const checked = checkIconUrl(src);
      expect(checked.ok).toBe(false);
      if (!checked.ok) expect(checked.reason).toContain(src.split(':')[0]);
    }
  });
});
