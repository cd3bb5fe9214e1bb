/**
 * Each way a connect fails gets its own sentence and the fix that fits, against real servers on loopback:
 * the server's own words first, and no fallback (2026-07-28 probe → initialize → legacy SSE) hides the
 * first real answer. Node's fetch names network causes; the browser's (browserCorsFetch) does not, and the
 * sentence then says only what is known.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startDemoServer, type RunningDemoServer } from '../node/demo-server/index.ts';
import { startRelay } from '../node/relay/relay.ts';
import { RELAY_TOKEN_HEADER } from '../shared/relay.ts';
import type { ConnectParams } from '../shared/model.ts';
import { browserCorsFetch } from './support/browser-cors-fetch.ts';
import { createHarness } from './support/engine-harness.ts';
import { createBadDiscoverServer } from './servers/bad-discover-server.ts';
import { createModernFixture } from './servers/modern-fixture.ts';
import { startRawServer } from './servers/raw-server.ts';
import { waitFor } from './support/wait-for.ts';

const APP_ORIGIN = 'http://127.0.0.1:5173';
const closers: Array<() => unknown> = [];
let demo: RunningDemoServer;
let demoOrigin = '';

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => {
    server.closeAllConnections();
    server.close();
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function hasOpenssl(): boolean {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  demo = await startDemoServer({ port: 0 });
  demoOrigin = new URL(demo.url).origin;
});
afterAll(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
  await demo?.close();
});

function connect(url: string, options: { era?: ConnectParams['era']; browser?: boolean } = {}) {
  const h = createHarness(options.browser ? { fetch: browserCorsFetch(APP_ORIGIN) } : {});
  const attempt = h.engine.call('connect', { url, headers: [], transport: 'auto', era: options.era ?? 'auto' });
  return {
    h,
    failure: attempt.then(
      () => expect.fail('connected'),
      (error: unknown) => error,
    ),
  };
}

describe('a connect that fails says why', () => {
  it('wrong path: the server’s own 404 words, not what the legacy SSE fallback met (a page at /)', async () => {
    const { h, failure } = connect(`${demoOrigin}/`);
    const error = await failure;
    expect(error).toMatchObject({
      code: 'http',
      httpStatus: 404,
      message: expect.stringContaining('The server says: “Not found. The MCP endpoint is /mcp.”'),
    });
    expect(JSON.stringify(error)).not.toMatch(/HTTP 200/);
    // The fallback still ran: its GET is in the notes, only the message keeps the first answer.
    expect(h.notes().join('\n')).toContain('trying the legacy HTTP+SSE transport');
    // The SDK's own words for the same failures ("Error POSTing to endpoint", "SSE error") reach no note.
    expect(h.notes().join('\n')).not.toMatch(/Transport:|POSTing|SSE error/);
  });

  it('a web page where MCP was expected', async () => {
    const page = await startRawServer((req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<html>Welcome</html>'));
    closers.push(page.close);
    await expect(connect(page.url).failure).resolves.toMatchObject({
      code: 'bad-response',
      message: expect.stringMatching(/^This URL serves a web page \(text\/html\), not MCP\. Check the path/),
    });
  });

  it('a static site that refuses POST (405) and serves a page to GET: no advice to try the transport already tried', async () => {
    const site = await startRawServer((req, res) => {
      if (req.method === 'POST') return void res.writeHead(405, { 'content-type': 'text/plain' }).end('Method not allowed');
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><html>Welcome</html>');
    });
    closers.push(site.close);
    const { h, failure } = connect(site.url);
    const error = await failure;
    expect(error).toMatchObject({
      code: 'http',
      httpStatus: 405,
      message:
        'The server does not accept POST at this URL (HTTP 405 Method Not Allowed). The server says: “Method not allowed”. The legacy HTTP+SSE transport, tried next with a GET, did not work there either (both are in the Message log). Check the path; servers often use /mcp (or /sse for the legacy transport).',
    });
    expect(h.notes().join('\n')).toContain('trying the legacy HTTP+SSE transport');
  });

  it('down: nothing listening, named by Node', async () => {
    const port = await closedPort();
    await expect(connect(`http://127.0.0.1:${port}/mcp`).failure).resolves.toMatchObject({
      code: 'unreachable',
      message: `Nothing is listening at 127.0.0.1:${port}: the connection was refused. Start the server, or check the host and port.`,
    });
  });

  it('down, in a browser: says what is known, and blames neither CORS nor the 2026-07-28 headers', async () => {
    const port = await closedPort();
    const { h, failure } = connect(`http://127.0.0.1:${port}/mcp`, { browser: true });
    const error = (await failure) as { code: string; message: string };
    expect(error.code).toBe('unreachable');
    expect(error.message).toMatch(
      /^No answer from 127\.0\.0\.1:\d+: the server may be down, its name may not resolve, or the TLS handshake failed/,
    );
    expect(h.notes().join('\n')).not.toMatch(/CORS|Mcp-Method/);
  });

  it('down, behind the local relay, in a browser: the relay names the cause Node saw', async () => {
    const port = await closedPort();
    const relay = await startRelay({
      target: { kind: 'http', url: new URL(`http://127.0.0.1:${port}/mcp`) },
      allowedOrigins: [APP_ORIGIN],
      log: () => undefined,
    });
    closers.push(() => relay.close());
    const h = createHarness({ fetch: browserCorsFetch(APP_ORIGIN) });
    const failure = await h.engine
      .call('connect', { url: relay.url, headers: [{ name: RELAY_TOKEN_HEADER, value: relay.token }], transport: 'auto', era: 'auto' })
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({
      httpStatus: 502,
      message: `The gateway in front of the server got no usable answer from it (HTTP 502 Bad Gateway). The server says: “The relay could not reach http://127.0.0.1:${port} (ECONNREFUSED). Check that the server is running and the URL is right.” Check that the server behind it is running.`,
    });
  });

  it('DNS: a name that does not resolve', async () => {
    await expect(connect('http://mcp-lens-test.invalid/mcp').failure).resolves.toMatchObject({
      code: 'unreachable',
      message: expect.stringMatching(/^The host name mcp-lens-test\.invalid could not be resolved \(DNS\)/),
    });
  });

  it('wrong scheme: https:// to a port that speaks http is offered http://', async () => {
    const https = demo.url.replace('http:', 'https:');
    await expect(connect(https).failure).resolves.toMatchObject({
      code: 'unreachable',
      message: expect.stringContaining(`this port does not speak TLS. Use http:// — did you mean ${demo.url}?`),
      suggestedUrl: demo.url,
    });
  });

  it('wrong scheme, in a browser: the same address over http:// answers, so it is offered', async () => {
    const https = demo.url.replace('http:', 'https:');
    await expect(connect(https, { browser: true }).failure).resolves.toMatchObject({
      code: 'unreachable',
      message: expect.stringContaining(
        `answers plain http, not https: this port does not speak TLS. Use http:// — did you mean ${demo.url}?`,
      ),
      suggestedUrl: demo.url,
    });
  });

  it('wrong scheme, in a browser: the plain-http look carries no path or query, where a credential may be', async () => {
    const asked: string[] = [];
    const origin = await listen(
      createServer((req, res) => {
        asked.push(req.url ?? '');
        res.writeHead(404).end();
      }),
    );
    const https = `${origin.replace('http:', 'https:')}/mcp?api_key=s3cret-value`;
    await expect(connect(https, { browser: true }).failure).resolves.toMatchObject({ code: 'unreachable' });
    expect(asked).toEqual(['/']);
  });

  // The certificate is made by openssl at run time (no key is kept in the repository); a machine without it skips.
  it.skipIf(!hasOpenssl())('TLS: a certificate this machine does not trust', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lens-tls-'));
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    const server = createHttpsServer({ key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) }, (req, res) =>
      res.end(),
    );
    const origin = (await listen(server as unknown as Server)).replace('http:', 'https:');
    await expect(connect(`${origin}/mcp`).failure).resolves.toMatchObject({
      code: 'unreachable',
      message: expect.stringMatching(
        /^The TLS handshake with 127\.0\.0\.1:\d+ failed: its certificate was not accepted \(DEPTH_ZERO_SELF_SIGNED_CERT\)\. .*NODE_EXTRA_CA_CERTS/,
      ),
    });
  });

  it('CORS: reachable, but the browser withholds the answer', async () => {
    const bare = await startRawServer((req, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
    closers.push(bare.close);
    await expect(connect(bare.url, { browser: true }).failure).resolves.toMatchObject({
      code: 'cors',
      message: expect.stringMatching(/^The server is reachable, but the browser blocked the response/),
    });
  });

  it('scheme left off: offered http:// on this machine, https:// elsewhere', async () => {
    await expect(connect('localhost:3001/mcp').failure).resolves.toEqual({
      code: 'invalid-url',
      message: 'Add http:// or https:// — did you mean http://localhost:3001/mcp?',
      suggestedUrl: 'http://localhost:3001/mcp',
    });
    await expect(connect('example.com/mcp').failure).resolves.toMatchObject({ suggestedUrl: 'https://example.com/mcp' });
  });
});

describe('the other era, and a discover result that is not valid', () => {
  let badDiscover = '';
  let modernOnly = '';
  beforeAll(async () => {
    badDiscover = `${await listen(createBadDiscoverServer())}/mcp`;
    modernOnly = `${await listen(createModernFixture())}/mcp`;
  });

  const MALFORMED = 'The server answered server/discover, but its result is not valid: capabilities is missing.';

  it('Auto: reported as exactly that, never as a 2025 server or an HTTP 405', async () => {
    const error = await connect(badDiscover).failure;
    expect(error).toMatchObject({ code: 'bad-response', message: expect.stringContaining(MALFORMED) });
    expect(JSON.stringify(error)).not.toMatch(/405|2025 initialize/);
  });

  it('pinned to 2026-07-28: the same, and never "did not offer"', async () => {
    const error = await connect(badDiscover, { era: 'modern' }).failure;
    expect(error).toMatchObject({ code: 'bad-response', message: expect.stringContaining(MALFORMED) });
    expect(JSON.stringify(error)).not.toMatch(/did not offer/);
  });

  it('pinned to 2025 against a server that speaks only 2026-07-28', async () => {
    await expect(connect(modernOnly, { era: 'legacy' }).failure).resolves.toMatchObject({
      code: 'unsupported-version',
      message:
        'The server speaks only 2026-07-28 and refused the 2025 initialize handshake (HTTP 400, JSON-RPC error -32022). Choose Auto or 2026-07-28 beside Connect.',
    });
  });

  it('pinned to 2026-07-28 against a server that speaks only 2025', async () => {
    const old = await startRawServer((req, res) => {
      const { id } = (req.json ?? {}) as { id?: unknown };
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } }));
    });
    closers.push(old.close);
    await expect(connect(old.url, { era: 'modern' }).failure).resolves.toMatchObject({
      code: 'unsupported-version',
      message:
        'Pinned to 2026-07-28, but the server answered server/discover with HTTP 200 with JSON-RPC error -32601 "Method not found", as a server of the 2025 era (2025-11-25 and older) does. Choose Auto or "2025 and older" beside Connect.',
    });
  });
});

describe('progress after Cancel', () => {
  it('is kept in the log, and no SDK wording reaches a note', async () => {
    let held: ServerResponse | undefined;
    let token: unknown;
    const server = await startRawServer((req, res) => {
      const message = (req.json ?? {}) as { id?: unknown; method?: string; params?: { _meta?: { progressToken?: unknown } } };
      if (req.method !== 'POST') return void res.writeHead(405).end();
      if (message.method === 'initialize') {
        const result = { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'slow', version: '0' } };
        return void res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ jsonrpc: '2.0', id: message.id, result }));
      }
      if (message.method === 'notifications/cancelled' && held) {
        // The server had not seen the cancel in time: one more progress on the open stream.
        held.end(
          `data: ${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: token, progress: 2 } })}\n\n`,
        );
      }
      if (message.id === undefined) return void res.writeHead(202).end();
      token = message.params?._meta?.progressToken;
      held = res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(
        `data: ${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: token, progress: 1 } })}\n\n`,
      );
    });
    closers.push(server.close);
    const h = createHarness();
    await h.engine.call('connect', { url: server.url, headers: [], transport: 'auto', era: 'legacy' });
    const stop = new AbortController();
    const call = h.engine.call('callTool', { name: 'slow', arguments: {} }, stop.signal).catch((error: unknown) => error);
    const progress = () => h.messages().filter((m) => m.method === 'notifications/progress');
    await waitFor(() => progress().length === 1, 'the first progress');
    stop.abort();
    await call;
    await waitFor(() => progress().length === 2, 'the progress after Cancel in the log');
    // The SDK's onerror runs in the same task as the log entry; one more turn lets a note through if it would come.
    await new Promise((resolve) => setImmediate(resolve));
    expect(h.notes().join('\n')).not.toMatch(/unknown token|Transport:/);
  });
});
