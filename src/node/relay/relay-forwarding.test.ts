/** What the relay passes on, byte- and header-transparent, and the OAuth discovery documents it serves (relay-harness.ts). */
import { createServer, request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';

import { RELAY_TOKEN_HEADER, RELAY_UPSTREAM_HEADER, RELAY_UPSTREAM_STATUS_HEADER, RELAY_VERSION_HEADER } from '../../shared/relay.ts';
import { startRelay, type RunningRelay } from './relay.ts';
import {
  AUTHORIZATION,
  BODY,
  LENS_ORIGIN,
  endStream,
  listen,
  logLines,
  relayTo,
  relays,
  seen,
  send,
  upstreamOrigin,
  useRelayHarness,
  withToken,
} from '../../test/support/relay-harness.ts';

useRelayHarness();

describe('forwarding', () => {
  it('passes the body and the person’s headers on, Authorization included, and the browser’s own headers not', async () => {
    const relay = await relayTo();
    const answer = await send(relay, {
      headers: withToken(relay, {
        Origin: LENS_ORIGIN,
        Authorization: AUTHORIZATION,
        Cookie: 'lens=1',
        Referer: `${LENS_ORIGIN}/`,
        'Mcp-Method': 'tools/list',
        'Mcp-Protocol-Version': '2026-07-28',
        'Mcp-Session-Id': 'abc',
        'X-Api-Key': 'k',
      }),
      body: BODY,
    });
    expect(answer.status).toBe(200);
    const [request] = seen;
    expect(request?.url).toBe('/mcp');
    expect(request?.body).toBe(BODY);
    expect(request?.headers).toMatchObject({
      authorization: AUTHORIZATION,
      'mcp-method': 'tools/list',
      'mcp-protocol-version': '2026-07-28',
      'mcp-session-id': 'abc',
      'x-api-key': 'k',
      host: new URL(upstreamOrigin).host,
    });
    for (const name of [RELAY_TOKEN_HEADER.toLowerCase(), 'origin', 'cookie', 'referer'])
      expect(request?.headers[name], name).toBeUndefined();
  });

  it('passes a body on byte for byte, even one that is not valid UTF-8', async () => {
    const relay = await relayTo();
    const bytes = Buffer.concat([
      Buffer.from('{"jsonrpc":"2.0","id":1,"method":"x","params":{"b":"'),
      Buffer.from([0xff, 0xfe, 0xc3]),
      Buffer.from('"}}'),
    ]);
    expect((await send(relay, { headers: withToken(relay), body: bytes })).status).toBe(200);
    expect(seen[0]?.bytes.equals(bytes)).toBe(true);
  });

  it('answers with the upstream status and headers, its own CORS in place of the upstream’s', async () => {
    const relay = await relayTo();
    const answer = await send(relay, { headers: withToken(relay, { Origin: LENS_ORIGIN }), body: BODY });
    expect(answer.body).toBe('{"jsonrpc":"2.0","id":1,"result":{}}');
    expect(answer.headers['mcp-session-id']).toBe('session-from-upstream');
    expect(answer.headers[RELAY_UPSTREAM_STATUS_HEADER.toLowerCase()]).toBe('200');
    expect(answer.headers['access-control-allow-origin']).toBe(LENS_ORIGIN);
    expect(answer.headers['access-control-expose-headers']).toContain('Mcp-Session-Id');
    expect(answer.headers['access-control-expose-headers']).toContain(RELAY_UPSTREAM_HEADER);
  });

  it('says which server it fronts (never its query), and only the relay says so', async () => {
    const relay = await relayTo('/mcp?api_key=planted-query-secret');
    const answer = await send(relay, { headers: withToken(relay), body: BODY });
    expect(answer.headers[RELAY_UPSTREAM_HEADER.toLowerCase()]).toBe(`${upstreamOrigin}/mcp`);
    // A refusal carries no such header: the relay says it only after the token check.
    const refused = await send(relay, { body: BODY });
    expect(refused.status).toBe(403);
    expect(refused.headers[RELAY_UPSTREAM_HEADER.toLowerCase()]).toBeUndefined();
  });

  it('says its own version past the token check, readable by the page, and never the upstream’s', async () => {
    const relay = await relayTo('/mcp', { version: '0.1.0' });
    const answer = await send(relay, { headers: withToken(relay, { Origin: LENS_ORIGIN }), body: BODY });
    expect(answer.headers[RELAY_VERSION_HEADER.toLowerCase()]).toBe('0.1.0');
    expect(answer.headers['access-control-expose-headers']).toContain(RELAY_VERSION_HEADER);
    const refused = await send(relay, { headers: { Origin: LENS_ORIGIN }, body: BODY });
    expect(refused.status).toBe(403);
    expect(refused.headers[RELAY_VERSION_HEADER.toLowerCase()]).toBeUndefined();
    // Without one of its own, the relay passes on no upstream's claim to be it.
    const unversioned = await relayTo();
    const plain = await send(unversioned, { headers: withToken(unversioned), body: BODY });
    expect(plain.headers[RELAY_VERSION_HEADER.toLowerCase()]).toBeUndefined();
  });

  it('passes an event stream on as it arrives, without waiting for its end', async () => {
    const relay = await relayTo('/sse');
    const { port } = new URL(relay.url);
    const firstChunk = await new Promise<string>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, method: 'GET', path: '/mcp', headers: withToken(relay) }, (res) => {
        res.once('data', (chunk: Buffer) => {
          resolve(chunk.toString());
          endStream();
          res.resume();
        });
      });
      req.on('error', reject);
      req.end();
    });
    expect(firstChunk).toContain('"first":true');
  });

  it('says when the target cannot be reached', async () => {
    const closed = createServer();
    const origin = await listen(closed);
    await new Promise((r) => closed.close(r));
    const relay = await startRelay({
      target: { kind: 'http', url: new URL(`${origin}/mcp`) },
      allowedOrigins: [],
      log: (l) => logLines.push(l),
    });
    relays.push(relay);
    const answer = await send(relay, { headers: withToken(relay), body: BODY });
    expect(answer.status).toBe(502);
    expect(answer.headers[RELAY_UPSTREAM_STATUS_HEADER.toLowerCase()]).toBe('unreachable');
    expect(answer.body).toContain('could not reach');
    expect(JSON.parse(answer.body)).toMatchObject({ id: 1 });
  });
});

describe('a legacy HTTP+SSE target', () => {
  /** Opens the target's event stream through the relay and returns its first chunk. */
  async function openStream(relay: RunningRelay): Promise<string> {
    const { port } = new URL(relay.url);
    return new Promise<string>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, method: 'GET', path: '/mcp', headers: withToken(relay) }, (res) => {
        res.once('data', (chunk: Buffer) => resolve(chunk.toString()));
      });
      req.on('error', reject);
      req.end();
    });
  }

  it('serves the message endpoint the target announced, and only after it did', async () => {
    const relay = await relayTo('/legacy-sse');
    expect((await send(relay, { path: '/messages?sessionId=abc', headers: withToken(relay), body: BODY })).status).toBe(404);
    expect(await openStream(relay)).toContain('data: /messages?sessionId=abc');
    await expect
      .poll(async () => (await send(relay, { path: '/messages?sessionId=abc', headers: withToken(relay), body: BODY })).status)
      .toBe(202);
    expect(seen.map((s) => `${s.method} ${s.url}`)).toContain('POST /messages?sessionId=abc');
    for (const path of ['/messages?sessionId=other', '/messages', '/messages?sessionId=abc&x=1']) {
      expect((await send(relay, { path, headers: withToken(relay), body: BODY })).status, path).toBe(404);
    }
    // Still behind the token.
    expect((await send(relay, { path: '/messages?sessionId=abc', body: BODY })).status).toBe(403);
  });
});

describe('the target’s protected resource metadata (OAuth discovery)', () => {
  const PATH_AWARE = '/.well-known/oauth-protected-resource/mcp';
  const ROOT = '/.well-known/oauth-protected-resource';

  it('serves the two documents from the target’s origin, GET only, with status and content type alone', async () => {
    const relay = await relayTo('/tenant/mcp?api_key=planted-query-secret');
    const pathAware = await send(relay, {
      method: 'GET',
      path: PATH_AWARE,
      headers: withToken(relay, {
        Origin: LENS_ORIGIN,
        Authorization: AUTHORIZATION,
        Cookie: 'lens=1',
        'MCP-Protocol-Version': '2026-07-28',
      }),
    });
    expect(pathAware.status).toBe(200);
    expect(JSON.parse(pathAware.body)).toEqual({ resource: `${upstreamOrigin}/mcp` });
    expect(pathAware.headers['set-cookie']).toBeUndefined();
    expect(pathAware.headers[RELAY_UPSTREAM_HEADER.toLowerCase()]).toBe(`${upstreamOrigin}/tenant/mcp`);
    expect(pathAware.headers['access-control-allow-origin']).toBe(LENS_ORIGIN);
    expect((await send(relay, { method: 'GET', path: ROOT, headers: withToken(relay) })).status).toBe(200);
    expect(seen.map((s) => s.url)).toEqual(['/.well-known/oauth-protected-resource/tenant/mcp', ROOT]);
    // Discovery is anonymous: no credential, cookie or token of the relay's reaches the target with it.
    expect(seen[0]?.headers['mcp-protocol-version']).toBe('2026-07-28');
    for (const name of ['authorization', 'cookie', RELAY_TOKEN_HEADER.toLowerCase(), 'origin'])
      expect(seen[0]?.headers[name], name).toBeUndefined();
  });

  it('refuses them without the token, and by any method but GET', async () => {
    const relay = await relayTo();
    expect((await send(relay, { method: 'GET', path: PATH_AWARE })).status).toBe(403);
    expect((await send(relay, { method: 'POST', path: PATH_AWARE, headers: withToken(relay), body: BODY })).status).toBe(405);
    expect((await send(relay, { method: 'DELETE', path: ROOT, headers: withToken(relay) })).status).toBe(405);
    expect(seen).toEqual([]);
  });

  it('serves no other document: not the authorization server’s, not another path, not with a query', async () => {
    const relay = await relayTo();
    for (const path of [
      '/.well-known/oauth-authorization-server',
      '/.well-known/openid-configuration',
      '/.well-known/oauth-protected-resource/other',
      '/.well-known/oauth-protected-resource/mcp/',
      '/.well-known/oauth-protected-resource?x=1',
      '/.well-known/oauth-protected-resource/mcp/../../admin',
      '/authorize',
      '/token',
    ]) {
      expect((await send(relay, { method: 'GET', path, headers: withToken(relay) })).status, path).toBe(404);
    }
    expect(seen).toEqual([]);
  });

  it('does not pass on a document over the size limit', async () => {
    const relay = await relayTo('/big');
    const answer = await send(relay, { method: 'GET', path: PATH_AWARE, headers: withToken(relay) });
    expect(answer.status).toBe(502);
    expect(answer.body).toContain('over 65536 bytes');
  });
});
