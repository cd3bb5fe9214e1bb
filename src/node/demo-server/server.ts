import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { isLegacyRequest, localhostAllowedHostnames, validateHostHeader } from '@modelcontextprotocol/server';

import { CORS_HEADERS, preflightHeaders } from './cors.ts';
import { createLegacyLeg } from './legacy-leg.ts';
import { createModernLeg } from './modern-leg.ts';
import { BodyTooLargeError, readBody, toWebRequest, writeWebResponse } from '../http/node-http.ts';
import { isOriginAllowed, parseAllowedOrigin } from '../http/origin.ts';
import { jsonRpcError } from '../http/rpc-error.ts';

export interface DemoServerOptions {
  /** TCP port; 0 picks a free one. @default 0 */
  port?: number;
  /** Only loopback: the demo server is for the person at this machine. @default '127.0.0.1' */
  host?: '127.0.0.1';
  /**
   * Origins (`scheme://host[:port]`) whose pages may use the server, besides this machine's own
   * (http(s)://127.0.0.1, localhost and [::1], any port), e.g. where you host MCP Lens. @default []
   */
  allowedOrigins?: string[];
  /** How long each working stage of the `deploy-preview` task lasts. @default 2000 */
  taskStepMs?: number;
  /** The time the tasks' stages follow (they are read on each `tasks/get`); tests move it by hand. @default Date.now */
  taskClock?: () => number;
  /** Send CORS headers. Off only to stand in for the many servers that send none (the relay's e2e). @default true */
  cors?: boolean;
}

export interface RunningDemoServer {
  /** The MCP endpoint, e.g. `http://127.0.0.1:3001/mcp`. */
  url: string;
  close(): Promise<void>;
}

const MCP_PATH = '/mcp';
const MAX_BODY_BYTES = 1024 * 1024;
/** Live 2025 sessions beyond this close the least recently used. */
const MAX_SESSIONS = 100;
/** Open 2026-07-28 listen streams beyond this are refused. */
const MAX_SUBSCRIPTIONS = 100;

/**
 * Starts the demo MCP server on 127.0.0.1: Streamable HTTP at `/mcp`, speaking both protocol eras. A
 * 2026-07-28 request (it carries the per-request `_meta` envelope) is served statelessly by the SDK's
 * handler; a 2025-era request (initialize, or anything naming a session) goes to that session's server.
 */
export async function startDemoServer(options: DemoServerOptions = {}): Promise<RunningDemoServer> {
  const host = options.host ?? '127.0.0.1';
  const allowedOrigins = new Set((options.allowedOrigins ?? []).map(parseAllowedOrigin));
  const legacy = createLegacyLeg(MAX_SESSIONS);
  const modern = createModernLeg({
    maxBodyBytes: MAX_BODY_BYTES,
    maxSubscriptions: MAX_SUBSCRIPTIONS,
    ...(options.taskStepMs !== undefined && { taskStepMs: options.taskStepMs }),
    ...(options.taskClock !== undefined && { taskClock: options.taskClock }),
  });
  const cors = options.cors === false ? {} : CORS_HEADERS;
  let origin = '';

  const handleMcp = async (req: IncomingMessage, signal: AbortSignal): Promise<Response> => {
    const hostCheck = validateHostHeader(req.headers.host, localhostAllowedHostnames());
    if (!hostCheck.ok) {
      return jsonRpcError(403, -32000, `Forbidden: ${hostCheck.message}. Connect through 127.0.0.1 or localhost.`);
    }
    const pageOrigin = req.headers.origin ?? null;
    if (!isOriginAllowed(pageOrigin, allowedOrigins)) {
      return jsonRpcError(
        403,
        -32000,
        `Forbidden: pages from ${pageOrigin} may not use this server. Start it with --allow-origin ${pageOrigin} to allow them.`,
      );
    }
    const method = req.method ?? 'GET';
    if (method !== 'GET' && method !== 'POST' && method !== 'DELETE') {
      return jsonRpcError(405, -32000, 'Method not allowed. Use POST, GET or DELETE.', { Allow: 'GET, POST, DELETE, OPTIONS' });
    }

    let body: string | undefined;
    let parsed: unknown;
    if (method === 'POST') {
      body = await readBody(req, MAX_BODY_BYTES);
      try {
        parsed = JSON.parse(body);
      } catch {
        return jsonRpcError(400, -32700, 'Parse error: the request body is not valid JSON.');
      }
    }

    const request = toWebRequest(req, origin, body, signal);
    // The SDK's own routing predicate, given the body already read and the same size bound, so the two
    // legs can never disagree with the SDK about which era a request belongs to.
    const isLegacy = await isLegacyRequest(request, parsed, { maxRequestBodySize: MAX_BODY_BYTES });
    return isLegacy ? legacy.handle(request, parsed) : modern.handle(request, parsed);
  };

  const httpServer = createServer((req, res) => {
    const controller = new AbortController();
    res.on('close', () => controller.abort());
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const handle = async () => {
      if (req.method === 'OPTIONS') {
        // Preflights change nothing, so they are answered for every origin; a page that is not allowed is
        // refused on the request itself, with a 403 it can read and that says how to allow it.
        res.writeHead(204, options.cors === false ? {} : preflightHeaders(req.headers)).end();
        return;
      }
      if (path === MCP_PATH) return writeWebResponse(res, await handleMcp(req, controller.signal), cors);
      if (path === '/' && (req.method === 'GET' || req.method === 'HEAD')) {
        res
          .writeHead(200, { ...cors, 'Content-Type': 'text/plain; charset=utf-8' })
          .end(`MCP Lens demo server. MCP endpoint (Streamable HTTP, 2025-11-25 and 2026-07-28): ${origin}${MCP_PATH}\n`);
        return;
      }
      sendJsonRpcError(res, cors, 404, -32000, `Not found. The MCP endpoint is ${MCP_PATH}.`);
    };
    handle().catch((error: unknown) => {
      if (error instanceof BodyTooLargeError) {
        sendJsonRpcError(res, cors, 413, -32000, `Request body too large (limit ${MAX_BODY_BYTES} bytes).`);
        return;
      }
      if (!res.headersSent) sendJsonRpcError(res, cors, 500, -32603, 'Internal error in the demo server.');
      else res.destroy();
    });
  });

  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(options.port ?? 0, host, () => {
      httpServer.off('error', reject);
      resolve();
    });
  });
  const { port } = httpServer.address() as AddressInfo;
  origin = `http://${host}:${port}`;

  let closing: Promise<void> | undefined;
  return {
    url: `${origin}${MCP_PATH}`,
    close: () => {
      closing ??= (async () => {
        await Promise.all([legacy.close(), modern.close()]);
        await new Promise<void>((resolve) => {
          httpServer.close(() => resolve());
          // Open SSE streams would otherwise keep close() waiting forever.
          httpServer.closeAllConnections();
        });
      })();
      return closing;
    },
  };
}

function sendJsonRpcError(res: ServerResponse, cors: Record<string, string>, status: number, code: number, message: string): void {
  if (res.headersSent) return void res.end();
  res
    .writeHead(status, { ...cors, 'Content-Type': 'application/json' })
    .end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}
