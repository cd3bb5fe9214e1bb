import { randomUUID } from 'node:crypto';

import { isInitializeRequest, WebStandardStreamableHTTPServerTransport, type McpServer } from '@modelcontextprotocol/server';

import { createDemoMcpServer } from './mcp.ts';
import { jsonRpcError } from '../http/rpc-error.ts';

/**
 * The 2025-11-25 leg: sessions. `initialize` opens one — an McpServer and a transport of its own — and
 * later requests name it with Mcp-Session-Id. A session is what lets the server send requests to the
 * client (elicitation, sampling, roots) and keep a GET stream open for notifications.
 */
export interface LegacyLeg {
  handle(request: Request, parsedBody: unknown): Promise<Response>;
  close(): Promise<void>;
}

interface Session {
  server: McpServer;
  transport: WebStandardStreamableHTTPServerTransport;
}

/** Beyond `maxSessions` live sessions the least recently used one is closed. */
export function createLegacyLeg(maxSessions: number): LegacyLeg {
  // Map order doubles as recency order: a session is re-inserted on each use.
  const sessions = new Map<string, Session>();

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
        if (sessions.size > maxSessions) {
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

  const handle = async (request: Request, parsedBody: unknown): Promise<Response> => {
    const sessionId = request.headers.get('mcp-session-id');
    let session: Session;
    let isNew = false;
    if (sessionId) {
      const found = sessions.get(sessionId);
      if (!found) return jsonRpcError(404, -32001, 'Session not found. It may have ended; send a new initialize request.');
      sessions.delete(sessionId);
      sessions.set(sessionId, found);
      session = found;
    } else if (request.method === 'POST' && isInitializeRequest(parsedBody)) {
      session = await openSession();
      isNew = true;
    } else {
      return jsonRpcError(400, -32000, 'Bad Request: no Mcp-Session-Id header. Start with an initialize request.');
    }
    const response = await session.transport.handleRequest(request, { parsedBody });
    // An initialize that failed validation never becomes a session; do not leak its server.
    if (isNew && !(session.transport.sessionId && sessions.has(session.transport.sessionId))) {
      void session.server.close().catch(() => undefined);
    }
    return response;
  };

  return {
    handle,
    close: async () => {
      await Promise.all([...sessions.keys()].map(closeSession));
    },
  };
}
