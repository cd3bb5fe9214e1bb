import { describe, expect, it } from 'vitest';

import { isSecretHeader } from './redact.ts';
import {
  isRelayAddress,
  readRelayFragment,
  RELAY_TOKEN_HEADER,
  relayCommand,
  relayedResourceMetadata,
  relayFragment,
  usesRelay,
} from './relay.ts';

const TOKEN = 'Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFyYmF';

describe('the relay token', () => {
  it('is a secret header by its name, so every capture masks it', () => {
    expect(isSecretHeader(RELAY_TOKEN_HEADER)).toBe(true);
    expect(isSecretHeader(RELAY_TOKEN_HEADER.toLowerCase())).toBe(true);
  });

  it('round-trips through the link fragment, and nothing else is taken from one', () => {
    expect(readRelayFragment(relayFragment(TOKEN))).toBe(TOKEN);
    expect(readRelayFragment(`#other=1&relay-token=${TOKEN}`)).toBe(TOKEN);
    expect(readRelayFragment('#relay-token=short')).toBeNull();
    expect(readRelayFragment(`#relay-token=${TOKEN}%3Cscript%3E`)).toBeNull();
    expect(readRelayFragment('')).toBeNull();
  });

  it('marks a connection as relayed only when the header has a value', () => {
    expect(usesRelay([{ name: ' lens-relay-token ', value: TOKEN }])).toBe(true);
    expect(usesRelay([{ name: RELAY_TOKEN_HEADER, value: ' ' }])).toBe(false);
    expect(usesRelay([{ name: 'Authorization', value: 'Bearer x' }])).toBe(false);
  });
});

describe('relayCommand', () => {
  it('names the app page and the server', () => {
    expect(relayCommand('https://server.example/mcp', 'http://127.0.0.1:5173/inspector/')).toBe(
      'npx mcp-lens relay --lens http://127.0.0.1:5173/inspector/ https://server.example/mcp',
    );
  });

  it('quotes a URL a shell would otherwise split, expand or run', () => {
    expect(relayCommand("https://s.example/mcp?a=1&b=$(rm -rf ~)'", 'http://localhost:5173/')).toBe(
      `npx mcp-lens relay --lens http://localhost:5173/ 'https://s.example/mcp?a=1&b=$(rm -rf ~)'\\'''`,
    );
  });
});

describe('isRelayAddress', () => {
  it('is plain http on a loopback name, at /mcp, with no query', () => {
    for (const url of ['http://127.0.0.1:41234/mcp', 'http://localhost:5000/mcp', 'http://[::1]:1/mcp'])
      expect(isRelayAddress(new URL(url)), url).toBe(true);
    for (const url of [
      'https://127.0.0.1:41234/mcp',
      'http://127.0.0.2:41234/mcp',
      'http://localhost.evil.example/mcp',
      'http://127.0.0.1:41234/',
      'http://127.0.0.1:41234/mcp/x',
      'http://127.0.0.1:41234/mcp?x=1',
    ])
      expect(isRelayAddress(new URL(url)), url).toBe(false);
  });
});

describe('relayedResourceMetadata', () => {
  it('maps the relay’s two metadata paths to the fronted server’s path-aware and root documents', () => {
    expect(relayedResourceMetadata(new URL('https://server.example/tenant/mcp'))).toEqual([
      {
        upstream: 'https://server.example/.well-known/oauth-protected-resource/tenant/mcp',
        relayPath: '/.well-known/oauth-protected-resource/mcp',
      },
      { upstream: 'https://server.example/.well-known/oauth-protected-resource', relayPath: '/.well-known/oauth-protected-resource' },
    ]);
  });

  it('maps both to the root document for a server at the root, as RFC 9728 builds it', () => {
    const [pathAware, root] = relayedResourceMetadata(new URL('https://server.example/'));
    expect(pathAware?.upstream).toBe('https://server.example/.well-known/oauth-protected-resource');
    expect(root?.upstream).toBe('https://server.example/.well-known/oauth-protected-resource');
  });
});
