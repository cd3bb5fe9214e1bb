/**
 * The relay's probe endpoint (audit-probe.ts): what it refuses, proved by upstreams that saw nothing, and the
 * little it sends, proved by what the upstream saw (relay-harness.ts).
 */
import { describe, expect, it } from 'vitest';

import { RELAY_PROBE_PATH } from '../../shared/audit-probe.ts';
import { RELAY_TOKEN_HEADER } from '../../shared/relay.ts';
import {
  AUTHORIZATION,
  LENS_ORIGIN,
  elsewhereOrigin,
  relayTo,
  seen,
  seenElsewhere,
  send,
  upstreamOrigin,
  useRelayHarness,
  withToken,
} from '../../test/support/relay-harness.ts';

useRelayHarness();

const FORGED = JSON.stringify({ kind: 'forged-host', first: 'initialize' });
const probeTo = (relay: Awaited<ReturnType<typeof relayTo>>, body: string, headers: Record<string, string> = {}) =>
  send(relay, { path: RELAY_PROBE_PATH, headers: withToken(relay, { Origin: LENS_ORIGIN, ...headers }), body });

describe('the probe endpoint refuses', () => {
  it('a probe without the token, or with a wrong one, and the target sees nothing', async () => {
    const relay = await relayTo();
    const none = await send(relay, {
      path: RELAY_PROBE_PATH,
      headers: { 'Content-Type': 'application/json', Origin: LENS_ORIGIN },
      body: FORGED,
    });
    expect(none.status).toBe(403);
    expect(none.body).toContain(`Missing or wrong ${RELAY_TOKEN_HEADER} header`);
    expect((await probeTo(relay, FORGED, { [RELAY_TOKEN_HEADER]: 'x'.repeat(43) })).status).toBe(403);
    expect((await send(relay, { method: 'GET', path: RELAY_PROBE_PATH, headers: { Origin: LENS_ORIGIN } })).status).toBe(403);
    expect(seen).toEqual([]);
  });

  it('a page from a foreign origin, and a DNS-rebinding Host, even with the token', async () => {
    const relay = await relayTo();
    const foreign = await probeTo(relay, FORGED, { Origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    const { port } = new URL(relay.url);
    expect((await probeTo(relay, FORGED, { Host: `evil.example:${port}` })).status).toBe(403);
    expect(seen).toEqual([]);
  });

  it('a kind it does not know, a parameter a kind does not take, and parameters out of bounds', async () => {
    const relay = await relayTo();
    const bodies = [
      { kind: 'raw', method: 'POST', headers: { Host: 'x' } },
      { kind: 'forged-host', first: 'initialize', headers: { Authorization: AUTHORIZATION } },
      { kind: 'forged-host', first: 'tools/call' },
      { kind: 'end-session', sessionId: 'a\r\nInjected: 1' },
      { kind: 'preflight', origin: 'http://127.0.0.1:5173/path', requestHeaders: [] },
      { kind: 'preflight', origin: 'http://127.0.0.1:5173', requestHeaders: ['bad header'] },
      { kind: 'page-origin', first: 'initialize', origin: 'javascript:alert(1)' },
      ['forged-host'],
    ];
    for (const body of bodies) {
      const answer = await probeTo(relay, JSON.stringify(body));
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(JSON.parse(answer.body)).toMatchObject({ error: { code: -32000 } });
    }
    expect((await probeTo(relay, 'not json')).status).toBe(400);
    expect((await probeTo(relay, JSON.stringify({ kind: 'raw' }))).body).toContain('forged-host, own-host');
    expect(seen).toEqual([]);
  });

  it('a target other than its own: a URL in the probe, or an absolute-form request target', async () => {
    const relay = await relayTo();
    const withUrl = await probeTo(relay, JSON.stringify({ kind: 'own-host', first: 'initialize', url: `${elsewhereOrigin}/mcp` }));
    expect(withUrl.status).toBe(400);
    expect(withUrl.body).toContain('takes only first');
    const absolute = await send(relay, {
      path: `${elsewhereOrigin}${RELAY_PROBE_PATH}`,
      headers: withToken(relay, { Origin: LENS_ORIGIN }),
      body: FORGED,
    });
    expect(absolute.status).toBe(404);
    expect(seen).toEqual([]);
    expect(seenElsewhere).toEqual([]);
  });

  it('a method other than GET and POST, and a body larger than any probe', async () => {
    const relay = await relayTo();
    expect((await send(relay, { method: 'DELETE', path: RELAY_PROBE_PATH, headers: withToken(relay) })).status).toBe(405);
    expect((await probeTo(relay, JSON.stringify({ kind: 'forged-host', first: 'initialize', pad: 'x'.repeat(10_000) }))).status).toBe(413);
    expect(seen).toEqual([]);
  });
});

describe('the probe endpoint sends', () => {
  it('says whom it fronts, without the query, and the kinds it sends', async () => {
    const relay = await relayTo('/mcp?key=planted-query-secret');
    const answer = await send(relay, { method: 'GET', path: RELAY_PROBE_PATH, headers: withToken(relay, { Origin: LENS_ORIGIN }) });
    expect(answer.status).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBe(LENS_ORIGIN);
    const info = JSON.parse(answer.body) as { target: string; kinds: string[] };
    expect(info.target).toBe(`${upstreamOrigin}/mcp`);
    expect(info.kinds).toContain('forged-host');
    expect(seen).toEqual([]);
  });

  it('the request its kind names, to its own target only, with none of the page’s headers; the answer whole', async () => {
    const relay = await relayTo();
    const answer = await probeTo(relay, FORGED, { Authorization: AUTHORIZATION, Cookie: 'page=1' });
    expect(answer.status).toBe(200);
    const probed = JSON.parse(answer.body) as { status: number; headers: Record<string, string>; body: string };
    // The upstream's CORS header, which the relay strips from forwarded answers, is data here: nothing hidden.
    expect(probed).toMatchObject({ status: 200, headers: { 'access-control-allow-origin': 'https://upstream-says.example' } });
    expect(probed.body).toContain('"result"');
    expect(seen).toHaveLength(1);
    const [request] = seen;
    expect(request).toMatchObject({
      method: 'POST',
      url: '/mcp',
      headers: { host: 'evil.example.com', origin: 'http://evil.example.com' },
    });
    expect(request?.headers.authorization).toBeUndefined();
    expect(request?.headers.cookie).toBeUndefined();
    expect(request?.headers[RELAY_TOKEN_HEADER.toLowerCase()]).toBeUndefined();
    expect(JSON.parse(request?.body ?? '')).toMatchObject({ method: 'initialize' });
    expect(seenElsewhere).toEqual([]);
  });

  it('a preflight with the origin and header names given, and its own Host for own-host', async () => {
    const relay = await relayTo();
    const preflight = JSON.stringify({
      kind: 'preflight',
      origin: 'http://127.0.0.1:5173',
      requestHeaders: ['Content-Type', 'Mcp-Method'],
    });
    expect((await probeTo(relay, preflight)).status).toBe(200);
    expect((await probeTo(relay, JSON.stringify({ kind: 'own-host', first: 'discover' }))).status).toBe(200);
    const upstreamHost = new URL(upstreamOrigin).host;
    expect(seen.map(({ method, headers }) => [method, headers.host, headers.origin])).toEqual([
      ['OPTIONS', upstreamHost, 'http://127.0.0.1:5173'],
      ['POST', upstreamHost, `http://${upstreamHost}`],
    ]);
    expect(seen[0]?.headers['access-control-request-headers']).toBe('content-type,mcp-method');
  });
});
