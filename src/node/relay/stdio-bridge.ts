import { randomUUID } from 'node:crypto';

import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import {
  classifyInboundRequest,
  isInitializeRequest,
  isJSONRPCErrorResponse,
  isJSONRPCRequest,
  isJSONRPCResultResponse,
  WebStandardStreamableHTTPServerTransport,
  type InboundHttpRequest,
  type RequestId,
} from '@modelcontextprotocol/server';

import { jsonRpcError } from '../http/rpc-error.ts';
import type { RelayHandler } from './forward-http.ts';
import { requestIdOf } from './request-id.ts';
import { createEraLedger, DEFAULT_PROBE_TIMEOUT_MS } from './stdio-era.ts';
import { createModernExchanges } from './stdio-exchanges.ts';

export interface StdioBridge {
  handle: RelayHandler;
  /** Ends the session and stops the child: stdin closed, then SIGTERM, then SIGKILL (the SDK's order). */
  close(): Promise<void>;
}

export interface StdioBridgeOptions {
  command: string;
  args: string[];
  /** Set over the relay's own environment for the child (`-e KEY=VALUE`, a config file's `env`). */
  env?: Readonly<Record<string, string>>;
  /** Called once when the child exits on its own; the relay has nothing left to serve then. */
  onExit(): void;
  /** @default DEFAULT_PROBE_TIMEOUT_MS */
  probeTimeoutMs?: number;
}

/**
 * One stdio server, started once from the relay's command line, served as Streamable HTTP in whichever
 * protocol era it speaks. Nothing in a request can start another process.
 *
 * Each HTTP request is sorted as the SDK's own HTTP entry sorts it (`classifyInboundRequest`):
 * - 2026-07-28 requests (a `_meta` envelope, no session) are independent: each goes down the one pipe under
 *   an id of the relay's own and its answer comes back under the client's (stdio-exchanges.ts). The era
 *   probe, `server/discover`, is the server's to answer; stdio-era.ts turns a 2025 server's answer into what
 *   a 2025 HTTP server says, and answers itself where the server's era was settled by an earlier
 *   conversation through this relay.
 * - 2025 traffic is served with the SDK's Streamable HTTP server transport and its sessions, messages passing
 *   unchanged. A stdio server holds one 2025 conversation, so the relay holds one session: a new
 *   `initialize` (the person connected again) replaces it, and the child sees a second handshake as any
 *   stdio server does when its client restarts.
 */
export async function startStdioBridge(options: StdioBridgeOptions): Promise<StdioBridge> {
  const child = new StdioClientTransport({
    command: options.command,
    args: options.args,
    // The person's own environment, as if they had run the command themselves: servers read API keys there.
    env: { ...(process.env as Record<string, string>), ...options.env },
    // The child's log goes to the relay's console, where the person who started it is looking.
    stderr: 'inherit',
  });
  const era = createEraLedger(options.probeTimeoutMs ?? DEFAULT_PROBE_TIMEOUT_MS);
  const modern = createModernExchanges((message) => child.send(message));
  let session: WebStandardStreamableHTTPServerTransport | undefined;
  /** The id of the `initialize` the child is answering, whose answer opens the 2025 era. */
  let pendingInitialize: RequestId | undefined;
  let closing = false;

  child.onmessage = (message) => {
    if (modern.take(message)) return;
    if ((isJSONRPCResultResponse(message) || isJSONRPCErrorResponse(message)) && message.id === pendingInitialize) {
      era.initialized(isJSONRPCResultResponse(message));
      pendingInitialize = undefined;
    }
    // An answer that belongs to a replaced session has nowhere to go; the browser stopped waiting for it.
    session?.send(message).catch(() => undefined);
  };
  child.onclose = () => {
    modern.closeAll();
    if (!closing) options.onExit();
  };
  await child.start();

  const openSession = async () => {
    await session?.close().catch(() => undefined);
    const next = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
    next.onmessage = (message) => {
      if (isInitializeRequest(message) && isJSONRPCRequest(message)) pendingInitialize = message.id;
      child.send(message).catch(() => undefined);
    };
    await next.start();
    session = next;
    return next;
  };

  const handle: RelayHandler = async (request) => {
    let body: unknown;
    if (request.method === 'POST') {
      try {
        body = JSON.parse(await request.text());
      } catch {
        return jsonRpcError(400, -32700, 'Parse error: the request body is not valid JSON.');
      }
    }
    const id = requestIdOf(body);
    const route = classifyInboundRequest({ httpMethod: request.method, body, ...protocolHeaders(request.headers) });
    if (route.kind === 'reject') return jsonRpcError(route.httpStatus, route.code, route.message, {}, { id, data: route.data });
    if (route.kind === 'modern') {
      if (route.messageKind === 'notification') {
        // Accepted and, unless the server's conversation is a 2025 one, passed on (2026-07-28 has no answer to it).
        if (era.takesModern()) await child.send(route.message).catch(() => undefined);
        return new Response(null, { status: 202 });
      }
      const { message } = route;
      return era.refuseModern(message.method, message.id) ?? modern.send(message, request.signal, era.forward(message.method, message.id));
    }
    const named = request.headers.get('mcp-session-id');
    if (route.reason === 'initialize' && named === null)
      return era.refuseInitialize(id) ?? (await openSession()).handleRequest(request, { parsedBody: body });
    if (session === undefined || named === null) {
      const message =
        'This request has neither a 2026-07-28 envelope (params._meta with io.modelcontextprotocol/protocolVersion) nor an Mcp-Session-Id: start a 2025-11-25 session with an initialize request.';
      return jsonRpcError(400, -32000, message, {}, { id });
    }
    return session.handleRequest(request, { parsedBody: body });
  };

  return {
    handle,
    close: async () => {
      closing = true;
      modern.closeAll();
      await session?.close().catch(() => undefined);
      await child.close();
    },
  };
}

/** The protocol headers the SDK's classifier checks against the body. */
function protocolHeaders(headers: Headers): Omit<InboundHttpRequest, 'httpMethod' | 'body'> {
  const read = (name: string) => headers.get(name) ?? undefined;
  const [protocolVersionHeader, mcpMethodHeader, mcpNameHeader] = [read('mcp-protocol-version'), read('mcp-method'), read('mcp-name')];
  return {
    ...(protocolVersionHeader !== undefined && { protocolVersionHeader }),
    ...(mcpMethodHeader !== undefined && { mcpMethodHeader }),
    ...(mcpNameHeader !== undefined && { mcpNameHeader }),
  };
}
