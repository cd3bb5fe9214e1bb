import { createServer, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type Server } from 'node:http';
import { connect as tcpConnect, type AddressInfo } from 'node:net';

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { RELAY_TOKEN_HEADER, RELAY_UPSTREAM_HEADER, RELAY_UPSTREAM_STATUS_HEADER } from '../../shared/relay.ts';
import { startRelay, type RelayConfig, type RunningRelay } from './relay.ts';

/**
 * The relay's refusals, each proved against a recording upstream that must see nothing of a refused
 * request, and the forwarding that must stay byte- and header-transparent. Everything runs on loopback
 * with port 0. Real MCP round trips, the stdio side included, are in src/test/engine-relay.test.ts and engine-relay-stdio.test.ts.
 */

const LENS_ORIGIN = 'http://localhost:5173';
const AUTHORIZATION = 'Bearer sk-upstream-secret-1234567890';

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  bytes: Buffer;
}

let upstream: Server;
let upstreamOrigin: string;
let elsewhere: Server;
let elsewhereOrigin: string;
const seen: Seen[] = [];
const seenElsewhere: Seen[] = [];
const logLines: string[] = [];
const relays: RunningRelay[] = [];
let releaseStream: () => void = () => undefined;

function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

function recordInto(list: Seen[]) {
  return async (req: IncomingMessage): Promise<Seen> => {
    const chunks: Buffer[] = [];
    for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
    const bytes = Buffer.concat(chunks);
    const entry = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: bytes.toString('utf8'), bytes };
    list.push(entry);
    return entry;
  };
}

beforeAll(async () => {
  const record = recordInto(seen);
  upstream = createServer((req, res) => {
    void record(req).then(({ url }) => {
      if (url === '/redirect') return void res.writeHead(307, { Location: `${elsewhereOrigin}/mcp` }).end();
      if (url === '/legacy-sse') {
        // A legacy HTTP+SSE server: the first event names the URL to POST messages to.
        res.writeHead(200, { 'Content-Type': 'text/event-stream' }).write('event: endpoint\ndata: /messages?sessionId=abc\n\n');
        return;
      }
      if (url.startsWith('/messages')) return void res.writeHead(202).end();
      if (url === '/.well-known/oauth-protected-resource/big') return void res.writeHead(200).end('x'.repeat(70_000));
      if (url.startsWith('/.well-known/')) {
        const headers = {
          'Content-Type': 'application/json',
          'Set-Cookie': 'upstream=1',
          [RELAY_UPSTREAM_HEADER]: 'https://forged.example/mcp',
        };
        return void res.writeHead(200, headers).end(`{"resource":"${upstreamOrigin}/mcp"}`);
      }
      if (url === '/sse') {
        // One event now, the rest only when the test says: proves the relay passes events on as they come.
        res.writeHead(200, { 'Content-Type': 'text/event-stream' });
        res.write('event: message\ndata: {"first":true}\n\n');
        releaseStream = () => res.end('event: message\ndata: {"last":true}\n\n');
        return;
      }
      res
        .writeHead(200, {
          'Content-Type': 'application/json',
          'Mcp-Session-Id': 'session-from-upstream',
          [RELAY_UPSTREAM_HEADER]: 'https://forged.example/mcp',
          'Access-Control-Allow-Origin': 'https://upstream-says.example',
        })
        .end('{"jsonrpc":"2.0","id":1,"result":{}}');
    });
  });
  upstreamOrigin = await listen(upstream);
  const recordElsewhere = recordInto(seenElsewhere);
  elsewhere = createServer((req, res) => void recordElsewhere(req).then(() => res.writeHead(200).end('{}')));
  elsewhereOrigin = await listen(elsewhere);
});

afterEach(async () => {
  await Promise.all(relays.splice(0).map((relay) => relay.close()));
  seen.length = 0;
  seenElsewhere.length = 0;
});

afterAll(async () => {
  upstream.closeAllConnections();
  elsewhere.closeAllConnections();
  await Promise.all([new Promise((r) => upstream.close(r)), new Promise((r) => elsewhere.close(r))]);
  // Nothing secret was ever logged, by any test in this file.
  const log = logLines.join('\n');
  expect(logLines.length).toBeGreaterThan(10);
  expect(log).not.toContain('sk-upstream-secret');
  expect(log).not.toContain('planted-body-secret');
  expect(log).not.toContain('planted-query-secret');
  for (const token of tokens) expect(log).not.toContain(token);
});

const tokens: string[] = [];

async function relayTo(path = '/mcp', extra: Partial<RelayConfig> = {}): Promise<RunningRelay> {
  const relay = await startRelay({
    target: { kind: 'http', url: new URL(`${upstreamOrigin}${path}`) },
    allowedOrigins: [LENS_ORIGIN],
    log: (line) => logLines.push(line),
    ...extra,
  });
  relays.push(relay);
  tokens.push(relay.token);
  return relay;
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** node:http rather than fetch, which would not let a test forge Host or send a raw path. */
function send(
  relay: RunningRelay,
  options: { method?: string; path?: string; headers?: Record<string, string>; body?: string | Buffer },
): Promise<Answer> {
  const { port } = new URL(relay.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, method: options.method ?? 'POST', path: options.path ?? '/mcp', headers: options.headers ?? {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

const withToken = (relay: RunningRelay, headers: Record<string, string> = {}) => ({
  'Content-Type': 'application/json',
  [RELAY_TOKEN_HEADER]: relay.token,
  ...headers,
});
const BODY = '{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"token":"planted-body-secret"}}';

describe('the token', () => {
  it('refuses a request without it, and the target sees nothing', async () => {
    const relay = await relayTo();
    const answer = await send(relay, { headers: { 'Content-Type': 'application/json' }, body: BODY });
    expect(answer.status).toBe(403);
    expect(answer.body).toContain(`Missing or wrong ${RELAY_TOKEN_HEADER} header`);
    // The refusal carries the request's id, so a client can pair the two.
    expect(JSON.parse(answer.body)).toMatchObject({ id: 1, error: { code: -32000 } });
    expect(seen).toEqual([]);
  });

  it('refuses a wrong token, of the right length or not', async () => {
    const relay = await relayTo();
    const sameLength = relay.token.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'));
    for (const wrong of [sameLength, 'short', `${relay.token}x`]) {
      expect((await send(relay, { headers: { [RELAY_TOKEN_HEADER]: wrong }, body: BODY })).status).toBe(403);
    }
    expect(seen).toEqual([]);
  });

  it('is never taken from the URL: a query string is refused outright', async () => {
    const relay = await relayTo();
    const answer = await send(relay, { path: `/mcp?token=${relay.token}&${RELAY_TOKEN_HEADER}=${relay.token}`, body: BODY });
    expect(answer.status).toBe(404);
    expect(seen).toEqual([]);
  });

  it('is fresh on every run', async () => {
    const [a, b] = [await relayTo(), await relayTo()];
    expect(a.token).not.toBe(b.token);
    expect(a.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe('Origin and Host', () => {
  it('refuses a page from a foreign origin, and gives it no CORS header to read the answer with', async () => {
    const relay = await relayTo();
    const answer = await send(relay, { headers: withToken(relay, { Origin: 'https://evil.example' }), body: BODY });
    expect(answer.status).toBe(403);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    expect(JSON.parse(answer.body)).toMatchObject({ id: 1 });
    const preflight = await send(relay, {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(seen).toEqual([]);
  });

  it('refuses the opaque "null" origin of sandboxed frames and files', async () => {
    const relay = await relayTo();
    expect((await send(relay, { headers: withToken(relay, { Origin: 'null' }), body: BODY })).status).toBe(403);
  });

  it('refuses a DNS-rebinding Host, even with the right token and origin', async () => {
    const relay = await relayTo();
    const { port } = new URL(relay.url);
    for (const host of [`evil.example:${port}`, `127.0.0.1.evil.example:${port}`]) {
      const answer = await send(relay, { headers: withToken(relay, { Host: host, Origin: LENS_ORIGIN }), body: BODY });
      expect(answer.status, host).toBe(403);
    }
    expect(seen).toEqual([]);
  });

  it('answers an allowed page’s preflight itself, allowing the token header and the headers asked for', async () => {
    const relay = await relayTo();
    const preflight = await send(relay, {
      method: 'OPTIONS',
      headers: {
        Origin: LENS_ORIGIN,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type, mcp-method, mcp-name, x-api-key, bad header!',
        'Access-Control-Request-Private-Network': 'true',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(LENS_ORIGIN);
    expect(preflight.headers['access-control-allow-headers']).toBe(`${RELAY_TOKEN_HEADER}, content-type, mcp-method, mcp-name, x-api-key`);
    expect(preflight.headers['access-control-allow-private-network']).toBe('true');
    expect(seen).toEqual([]);
  });
});

describe('one target, never another', () => {
  it('refuses an absolute-form request naming another host', async () => {
    const relay = await relayTo();
    const { port } = new URL(relay.url);
    const statusLine = await new Promise<string>((resolve, reject) => {
      const socket = tcpConnect(Number(port), '127.0.0.1', () => {
        socket.write(
          `POST ${elsewhereOrigin}/mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${RELAY_TOKEN_HEADER}: ${relay.token}\r\n` +
            `Content-Type: application/json\r\nContent-Length: ${BODY.length}\r\nConnection: close\r\n\r\n${BODY}`,
        );
      });
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('end', () => resolve(text.split('\r\n')[0]!));
      socket.on('error', reject);
    });
    expect(statusLine).toBe('HTTP/1.1 404 Not Found');
    expect(seen).toEqual([]);
    expect(seenElsewhere).toEqual([]);
  });

  it('refuses every other path, however it is spelled', async () => {
    const relay = await relayTo();
    for (const path of ['/', '/mcp/', '/MCP', '/mcp/../admin', '/%6dcp', '//evil.example/mcp', '/mcp#x', '/mcp;x', '/other']) {
      const answer = await send(relay, { path, headers: withToken(relay), body: BODY });
      expect(answer.status, path).toBe(404);
      expect(JSON.parse(answer.body), path).toMatchObject({ id: 1 });
    }
    // No body, no id to read: null, as JSON-RPC has it.
    expect(JSON.parse((await send(relay, { method: 'GET', path: '/other', headers: withToken(relay) })).body)).toMatchObject({ id: null });
    expect(seen).toEqual([]);
  });

  it('hands a redirect back instead of following it, so Authorization never reaches the other host', async () => {
    const relay = await relayTo('/redirect');
    const answer = await send(relay, { headers: withToken(relay, { Authorization: AUTHORIZATION }), body: BODY });
    expect(answer.status).toBe(307);
    expect(answer.headers.location).toBe(`${elsewhereOrigin}/mcp`);
    expect(seen).toHaveLength(1);
    expect(seenElsewhere).toEqual([]);
  });

  it('refuses methods other than GET, POST, DELETE and OPTIONS', async () => {
    const relay = await relayTo();
    // CONNECT never reaches the handler at all: Node closes a CONNECT nobody listens for.
    for (const method of ['PUT', 'PATCH', 'TRACE']) {
      expect((await send(relay, { method, headers: withToken(relay) })).status, method).toBe(405);
    }
    expect(seen).toEqual([]);
  });
});

describe('bounds', () => {
  it('refuses a body over the limit, declared or streamed, before the target sees it', async () => {
    const relay = await relayTo('/mcp', { maxBodyBytes: 1024 });
    const big = `{"jsonrpc":"2.0","id":1,"method":"x","params":{"pad":"${'a'.repeat(2000)}"}}`;
    expect((await send(relay, { headers: withToken(relay), body: big })).status).toBe(413);
    expect((await send(relay, { headers: withToken(relay, { 'Transfer-Encoding': 'chunked' }), body: big })).status).toBe(413);
    // The refusal still carries the id, read past the limit (kept nowhere) even where clients put it, last.
    const idLast = `{"method":"tools/call","params":{"pad":"${'a'.repeat(2000)}"},"jsonrpc":"2.0","id":"big-1"}`;
    const refused = await send(relay, { headers: withToken(relay), body: idLast });
    expect(refused.status).toBe(413);
    expect(JSON.parse(refused.body)).toMatchObject({ id: 'big-1', error: { code: -32000 } });
    expect(seen).toEqual([]);
  });
});

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

  it('passes an event stream on as it arrives, without waiting for its end', async () => {
    const relay = await relayTo('/sse');
    const { port } = new URL(relay.url);
    const firstChunk = await new Promise<string>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, method: 'GET', path: '/mcp', headers: withToken(relay) }, (res) => {
        res.once('data', (chunk: Buffer) => {
          resolve(chunk.toString());
          releaseStream();
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
