import { createServer, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, afterEach, beforeAll, expect } from 'vitest';

import { RELAY_TOKEN_HEADER, RELAY_UPSTREAM_HEADER, RELAY_VERSION_HEADER } from '../../shared/relay.ts';
import { startRelay, type RelayConfig, type RunningRelay } from '../../node/relay/relay.ts';

/**
 * The relay's test harness: a recording upstream (and a second server, "elsewhere", that must never be
 * reached), relays started in front of it, and raw node:http requests. Everything runs on loopback with
 * port 0. `useRelayHarness()` registers the hooks; the test files are relay-refusals.test.ts (what the relay
 * refuses, proved by an upstream that saw nothing) and relay-forwarding.test.ts (what it passes on,
 * byte- and header-transparent). Real MCP round trips, the stdio side included, are in
 * src/test/engine-relay.test.ts and engine-relay-stdio.test.ts.
 */

export const LENS_ORIGIN = 'http://localhost:5173';
export const AUTHORIZATION = 'Bearer sk-upstream-secret-1234567890';

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  bytes: Buffer;
}

let upstream: Server;
export let upstreamOrigin: string;
let elsewhere: Server;
export let elsewhereOrigin: string;
export const seen: Seen[] = [];
export const seenElsewhere: Seen[] = [];
export const logLines: string[] = [];
export const relays: RunningRelay[] = [];
let releaseStream: () => void = () => undefined;
/** Ends the upstream's /sse stream, which sends one event and then waits for this. */
export const endStream = () => releaseStream();

export function listen(server: Server): Promise<string> {
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

/** Starts the upstreams before the file's tests, closes relays after each, and checks the log after all. */
export function useRelayHarness(): void {
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
            [RELAY_VERSION_HEADER]: '9.9.9-forged',
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
    // Nothing secret was ever logged, by any test in the file.
    const log = logLines.join('\n');
    expect(logLines.length).toBeGreaterThan(0);
    expect(log).not.toContain('sk-upstream-secret');
    expect(log).not.toContain('planted-body-secret');
    expect(log).not.toContain('planted-query-secret');
    for (const token of tokens) expect(log).not.toContain(token);
  });
}

const tokens: string[] = [];

export async function relayTo(path = '/mcp', extra: Partial<RelayConfig> = {}): Promise<RunningRelay> {
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
export function send(
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

export const withToken = (relay: RunningRelay, headers: Record<string, string> = {}) => ({
  'Content-Type': 'application/json',
  [RELAY_TOKEN_HEADER]: relay.token,
  ...headers,
});
export const BODY = '{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"token":"planted-body-secret"}}';
