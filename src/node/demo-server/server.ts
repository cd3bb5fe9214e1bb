import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import {
  isInitializeRequest,
  localhostAllowedHostnames,
  validateHostHeader,
  WebStandardStreamableHTTPServerTransport,
  type McpServer,
} from '@modelcontextprotocol/server';

import { createDemoMcpServer } from './mcp.ts';
import { BodyTooLargeError, readBody, toWebRequest, writeWebResponse } from './node-http.ts';

export interface DemoServerOptions {
  /** TCP port; 0 picks a free one. @default 0 */
  port?: number;
  /** Only loopback: the demo server is for the person at this machine. @default '127.0.0.1' */
  host?: '127.0.0.1';
}

export interface RunningDemoServer {
  /** The MCP endpoint, e.g. `http://127.0.0.1:3001/mcp`. */
  url: string;
  close(): Promise<void>;
}

const MCP_PATH = '/mcp';
const MAX_BODY_BYTES = 1024 * 1024;
/** Beyond this many live sessions the least recently used one is closed. */
const MAX_SESSIONS = 100;

/** Sent on every response so browser clients on any origin can read them. */
const CORS_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'Mcp-Session-Id, WWW-Authenticate, Mcp-Protocol-Version',
};
const PREFLIGHT_HEADERS: Record<string, string> = {
  ...CORS_HEADERS,
  'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type, Accept, Authorization, Mcp-Session-Id, Mcp-Protocol-Version, Last-Event-ID',
  'Access-Control-Max-Age': '600',
};

interface Session {
  server: McpServer;
  transport: WebStandardStreamableHTTPServerTransport;
}

/**
 * Starts the demo MCP server: Streamable HTTP at `/mcp` with one McpServer and
 * one transport per session (`Mcp-Session-Id`), CORS for browsers, bound to
 * 127.0.0.1 only.
 */
export async function startDemoServer(options: DemoServerOptions = {}): Promise<RunningDemoServer> {
  const host = options.host ?? '127.0.0.1';
  // Map order doubles as recency order: a session is re-inserted on each use.
  const sessions = new Map<string, Session>();
  let origin = '';

  const closeSession = async (id: string) => {
    const session = sessions.get(id);
    sessions.delete(id);
    await session?.server.close().catch(() => undefined);
  };

  const openSession = async (): Promise<Session> => {
    const server = createDemoMcpServer();
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        sessions.set(id, session);
        if (sessions.size > MAX_SESSIONS) {
          const oldest = sessions.keys().next().value;
          if (oldest !== undefined) void closeSession(oldest);
        }
      },
      onsessionclosed: (id) => {
        sessions.delete(id);
      },
    });
    const session: Session = { server, transport };
    // McpServer.connect takes over the transport's callbacks, so listen on the server.
    server.server.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
    };
    await server.connect(transport);
    return session;
  };

  const handleMcp = async (req: IncomingMessage, res: ServerResponse, signal: AbortSignal) => {
    const hostCheck = validateHostHeader(req.headers.host, localhostAllowedHostnames());
    if (!hostCheck.ok) {
      return sendJsonRpcError(res, 403, -32000, `Forbidden: ${hostCheck.message}. Connect through 127.0.0.1 or localhost.`);
    }
    const method = req.method ?? 'GET';
    if (method !== 'GET' && method !== 'POST' && method !== 'DELETE') {
      return sendJsonRpcError(res, 405, -32000, 'Method not allowed. Use POST, GET or DELETE.', { Allow: 'GET, POST, DELETE, OPTIONS' });
    }

    let body: string | undefined;
    let parsed: unknown;
    if (method === 'POST') {
      body = await readBody(req, MAX_BODY_BYTES);
      try {
        parsed = JSON.parse(body);
      } catch {
        return sendJsonRpcError(res, 400, -32700, 'Parse error: the request body is not valid JSON.');
      }
    }

    const sessionId = req.headers['mcp-session-id'];
    let session: Session;
    let isNew = false;
    if (typeof sessionId === 'string' && sessionId !== '') {
      const found = sessions.get(sessionId);
      if (!found) {
        return sendJsonRpcError(res, 404, -32001, 'Session not found. It may have ended; send a new initialize request.');
      }
      sessions.delete(sessionId);
      sessions.set(sessionId, found);
      session = found;
    } else if (method === 'POST' && isInitializeRequest(parsed)) {
      session = await openSession();
      isNew = true;
    } else {
      return sendJsonRpcError(res, 400, -32000, 'Bad Request: no Mcp-Session-Id header. Start with an initialize request.');
    }

    const request = toWebRequest(req, origin, body, signal);
    const response = await session.transport.handleRequest(request, { parsedBody: parsed });
    // An initialize that failed validation never becomes a session; do not leak its server.
    if (isNew && !(session.transport.sessionId && sessions.has(session.transport.sessionId))) {
      void session.server.close().catch(() => undefined);
    }
    await writeWebResponse(res, response, CORS_HEADERS);
  };

  const httpServer = createServer((req, res) => {
    const controller = new AbortController();
    res.on('close', () => controller.abort());
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const handle = async () => {
      if (req.method === 'OPTIONS') {
        const headers = { ...PREFLIGHT_HEADERS };
        // Chrome's Private Network Access asks before a public page may call loopback.
        if (req.headers['access-control-request-private-network'] === 'true') {
          headers['Access-Control-Allow-Private-Network'] = 'true';
        }
        res.writeHead(204, headers).end();
        return;
      }
      if (path === MCP_PATH) return handleMcp(req, res, controller.signal);
      if (path === '/' && (req.method === 'GET' || req.method === 'HEAD')) {
        res
          .writeHead(200, { ...CORS_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' })
          .end(`MCP Lens demo server. MCP endpoint (Streamable HTTP): ${origin}${MCP_PATH}\n`);
        return;
      }
      sendJsonRpcError(res, 404, -32000, `Not found. The MCP endpoint is ${MCP_PATH}.`);
    };
    handle().catch((error: unknown) => {
      if (error instanceof BodyTooLargeError) {
        sendJsonRpcError(res, 413, -32000, `Request body too large (limit ${MAX_BODY_BYTES} bytes).`);
        return;
      }
      if (!res.headersSent) sendJsonRpcError(res, 500, -32603, 'Internal error in the demo server.');
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
        await Promise.all([...sessions.keys()].map(closeSession));
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

function sendJsonRpcError(res: ServerResponse, status: number, code: number, message: string, extra: Record<string, string> = {}): void {
  if (res.headersSent) return void res.end();
  res
    .writeHead(status, { ...CORS_HEADERS, ...extra, 'Content-Type': 'application/json' })
    .end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}
