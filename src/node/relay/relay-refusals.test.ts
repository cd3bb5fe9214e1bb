/** What the relay refuses, each proved against a recording upstream that sees nothing of a refused request (relay-harness.ts). */
import { connect as tcpConnect } from 'node:net';
import { describe, expect, it } from 'vitest';

import { RELAY_TOKEN_HEADER } from '../../shared/relay.ts';
import {
  AUTHORIZATION,
  BODY,
  LENS_ORIGIN,
  elsewhereOrigin,
  logLines,
  relayTo,
  seen,
  seenElsewhere,
  send,
  useRelayHarness,
  withToken,
} from '../../test/support/relay-harness.ts';

useRelayHarness();

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
  it('logs a refused Origin with its control characters shown, not sent to the terminal', async () => {
    const relay = await relayTo();
    // The relay reads header bytes as latin-1, so U+009B (a one-character CSI) arrives whatever the encoding.
    const answer = await send(relay, { headers: withToken(relay, { Origin: 'https://evil\u009b2J.example' }), body: BODY });
    expect(answer.status).toBe(403);
    const refused = logLines.findLast((line) => line.startsWith('refused POST (403): Forbidden: pages from'));
    expect(refused).toContain('\\u009b2J.example may not use this relay');
    expect(refused).not.toMatch(/[\u0080-\u009f]/);
  });

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
    // A streamed refusal still carries the id, read past the limit (kept nowhere) even where clients put it, last.
    const idLast = `{"method":"tools/call","params":{"pad":"${'a'.repeat(2000)}"},"jsonrpc":"2.0","id":"big-1"}`;
    const refused = await send(relay, { headers: withToken(relay, { 'Transfer-Encoding': 'chunked' }), body: idLast });
    expect(refused.status).toBe(413);
    expect(JSON.parse(refused.body)).toMatchObject({ id: 'big-1', error: { code: -32000 } });
    expect(seen).toEqual([]);
  });

  it('answers 413 at once for a declared oversize body, without waiting for bytes that may never come', async () => {
    const relay = await relayTo('/mcp', { maxBodyBytes: 1024 });
    const { port } = new URL(relay.url);
    const headers = Object.entries(withToken(relay)).map(([name, value]) => `${name}: ${value}\r\n`);
    // Declares 5 MiB and sends one byte of it: the answer must not wait for the rest.
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = tcpConnect(Number(port), '127.0.0.1', () =>
        socket.write(`POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${headers.join('')}Content-Length: 5242880\r\n\r\n{`),
      );
      let received = '';
      socket.on('data', (chunk: Buffer) => {
        received += chunk.toString('utf8');
        if (received.includes('\r\n\r\n')) resolve(received);
      });
      socket.on('error', reject);
      socket.on('close', () => resolve(received));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(seen).toEqual([]);
  });
});
