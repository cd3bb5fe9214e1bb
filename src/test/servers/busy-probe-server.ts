/**
 * An origin that rate-limits the `server/discover` probe: it answers the first `busyProbes` probes with HTTP 429
 * (and `Retry-After`, when given), then lets them through. Everything else goes to `target` (the dual-era demo
 * server) unchanged. With `era: 'legacy'` a probe that is let through gets -32601, as a 2025 server answers it,
 * so the origin then serves 2025 only; with `era: 'modern'` it reaches the target and is answered in 2026-07-28.
 * Loopback only; `probes()` says how many probes arrived.
 */
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export interface BusyProbeOptions {
  /** The origin behind this one, e.g. the demo server's URL. */
  target: () => string;
  busyProbes: number;
  /** The Retry-After header on each 429, as sent (seconds or an HTTP date); none when undefined. */
  retryAfter?: string;
  era: 'modern' | 'legacy';
}

const MAX_BODY = 64 * 1024;

async function readBody(req: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of req as AsyncIterable<Buffer>) {
    text += chunk.toString('utf8');
    if (text.length > MAX_BODY) break;
  }
  return text;
}

const methodOf = (body: string): { id?: unknown; method?: unknown } => {
  try {
    return JSON.parse(body) as { id?: unknown; method?: unknown };
  } catch {
    return {};
  }
};

function forward(target: URL, req: IncomingMessage, body: string, res: ServerResponse): void {
  const upstream = request(target, { method: req.method, headers: { ...req.headers, host: target.host } }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on('error', () => res.writeHead(502).end());
  upstream.end(body);
}

export function createBusyProbeServer(options: BusyProbeOptions): Server & { probes: () => number } {
  let probes = 0;
  const server = createServer((req, res) => {
    void readBody(req).then((body) => {
      const rpc = req.method === 'POST' ? methodOf(body) : {};
      const target = new URL(req.url ?? '/', options.target());
      if (rpc.method !== 'server/discover') return forward(target, req, body, res);
      probes += 1;
      if (probes <= options.busyProbes) {
        const error = { jsonrpc: '2.0', id: rpc.id ?? null, error: { code: -32000, message: 'Too many requests' } };
        return res
          .writeHead(429, {
            'content-type': 'application/json',
            ...(options.retryAfter !== undefined && { 'retry-after': options.retryAfter }),
          })
          .end(JSON.stringify(error));
      }
      if (options.era === 'modern') return forward(target, req, body, res);
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ jsonrpc: '2.0', id: rpc.id ?? null, error: { code: -32601, message: 'Method not found' } }));
    });
  });
  return Object.assign(server, { probes: () => probes });
}
