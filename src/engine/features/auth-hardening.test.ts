import { describe, expect, it } from 'vitest';
import { canonicalResource, publishedResource } from './auth-resource.ts';

describe('resource indicator', () => {
  it('serializes exactly as published, pathless or not', () => {
    const bare = publishedResource('https://mcp.example:8443');
    expect([bare.href, String(bare), `${bare}`, JSON.stringify(bare)]).toEqual(['https://mcp.example:8443', 'https://mcp.example:8443', 'https://mcp.example:8443', '"https://mcp.example:8443"']);
    expect(bare.origin).toBe('https://mcp.example:8443'); // still a URL for everything else
    const params = new URLSearchParams();
    params.set('resource', bare.href);
    expect(params.get('resource')).toBe('https://mcp.example:8443');
    expect(publishedResource('https://mcp.example/').href).toBe('https://mcp.example/');
    expect(publishedResource('https://mcp.example/mcp').href).toBe('https://mcp.example/mcp');
  });
  it('derives the server’s canonical URI without a fragment or a lone "/"', () => {
    expect(canonicalResource('https://mcp.example/#x').href).toBe('https://mcp.example');
    expect(canonicalResource('https://mcp.example/mcp#x').href).toBe('https://mcp.example/mcp');
    expect(canonicalResource('https://mcp.example/mcp/').href).toBe('https://mcp.example/mcp/');
  });
});
