import { describe, expect, it } from 'vitest';

import { RELAY_TOKEN_HEADER, RELAY_UPSTREAM_HEADER } from '../../shared/relay.ts';
import { readRelayFront, viaRelayFront, type RelayFront } from './relay-front.ts';

const TOKEN = 'Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFyYmF';
const RELAY = new URL('http://127.0.0.1:41234/mcp');
const UPSTREAM = 'https://server.example/tenant/mcp';

const answer = (upstream: string | null) =>
  new Response(null, { status: 401, headers: upstream === null ? {} : { [RELAY_UPSTREAM_HEADER]: upstream } });
const sent = (token = TOKEN) => ({ [RELAY_TOKEN_HEADER]: token });

describe('readRelayFront', () => {
  it('believes a relay: a loopback /mcp address, a relay token sent, an http(s) upstream named', () => {
    expect(readRelayFront(RELAY, sent(), answer(UPSTREAM))).toEqual({ upstream: new URL(UPSTREAM), token: TOKEN });
    for (const host of ['localhost', '[::1]']) {
      expect(readRelayFront(new URL(`http://${host}:41234/mcp`), sent(), answer(UPSTREAM))?.upstream.href).toBe(UPSTREAM);
    }
  });

  it('refuses a server that is not at a relay’s address, whatever it sends: it could name another resource', () => {
    for (const url of [
      'https://evil.example/mcp',
      'http://evil.example/mcp',
      'https://127.0.0.1:41234/mcp',
      'http://127.0.0.1.evil.example/mcp',
    ]) {
      expect(readRelayFront(new URL(url), sent(), answer(UPSTREAM)), url).toBeUndefined();
    }
  });

  it('refuses a loopback server on another path or with a query: the relay serves /mcp alone', () => {
    for (const url of ['http://127.0.0.1:41234/', 'http://127.0.0.1:41234/mcp/', 'http://127.0.0.1:41234/mcp?x=1']) {
      expect(readRelayFront(new URL(url), sent(), answer(UPSTREAM)), url).toBeUndefined();
    }
  });

  it('refuses an answer to a request that carried no relay token', () => {
    expect(readRelayFront(RELAY, {}, answer(UPSTREAM))).toBeUndefined();
    expect(readRelayFront(RELAY, undefined, answer(UPSTREAM))).toBeUndefined();
    expect(readRelayFront(RELAY, sent('short'), answer(UPSTREAM))).toBeUndefined();
  });

  it('refuses an upstream that is missing, malformed, not http(s), or carries credentials, a query or a fragment', () => {
    for (const upstream of [
      null,
      'not a url',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'https://user:pass@server.example/mcp',
      'https://server.example/mcp?key=1',
      'https://server.example/mcp#x',
    ]) {
      expect(readRelayFront(RELAY, sent(), answer(upstream)), String(upstream)).toBeUndefined();
    }
  });
});

describe('viaRelayFront', () => {
  const calls: Array<{ url: string; token: string | null; accept: string | null }> = [];
  const record = viaRelayFront(
    async (input, init) => {
      const headers = new Headers(init?.headers);
      calls.push({ url: String(input), token: headers.get(RELAY_TOKEN_HEADER), accept: headers.get('accept') });
      return new Response('{}');
    },
    RELAY.origin,
    () => front,
  );
  let front: RelayFront | undefined = { upstream: new URL(UPSTREAM), token: TOKEN };

  it('reads the upstream’s two resource metadata documents through the relay, with its token', async () => {
    calls.length = 0;
    await record(new URL('https://server.example/.well-known/oauth-protected-resource/tenant/mcp'), {
      headers: { Accept: 'application/json' },
    });
    await record('https://server.example/.well-known/oauth-protected-resource');
    expect(calls).toEqual([
      { url: 'http://127.0.0.1:41234/.well-known/oauth-protected-resource/mcp', token: TOKEN, accept: 'application/json' },
      { url: 'http://127.0.0.1:41234/.well-known/oauth-protected-resource', token: TOKEN, accept: null },
    ]);
  });

  it('sends everything else where it was going, without the relay token', async () => {
    calls.length = 0;
    const elsewhere = [
      'https://server.example/.well-known/oauth-authorization-server',
      'https://auth.example/.well-known/oauth-protected-resource/tenant/mcp',
      'https://server.example/custom/metadata.json',
      'https://server.example/.well-known/oauth-protected-resource/tenant/mcp?x=1',
    ];
    for (const url of elsewhere) await record(url);
    await record('https://server.example/.well-known/oauth-protected-resource', { method: 'POST' });
    expect(calls.map((c) => c.url)).toEqual([...elsewhere, 'https://server.example/.well-known/oauth-protected-resource']);
    expect(calls.every((c) => c.token === null)).toBe(true);
  });

  it('changes nothing before a relay is known', async () => {
    calls.length = 0;
    front = undefined;
    await record('https://server.example/.well-known/oauth-protected-resource');
    expect(calls).toEqual([{ url: 'https://server.example/.well-known/oauth-protected-resource', token: null, accept: null }]);
  });
});
