import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { Readable } from 'node:stream';

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

import { describeExit, type ProcessExit } from '../../shared/relay-console.ts';
import { jsonRpcError } from '../http/rpc-error.ts';
import type { RelayHandler } from './forward-http.ts';
import { requestIdOf } from './request-id.ts';
import { createStdioConsole, type StdioConsole } from './stdio-console.ts';
import { createEraLedger, DEFAULT_PROBE_TIMEOUT_MS, type EraLedger } from './stdio-era.ts';
import { createModernExchanges, type ModernExchanges } from './stdio-exchanges.ts';

export interface StdioBridge {
  handle: RelayHandler;
  /** The child's console: its stderr lines, starts and exits (stdio-console.ts). */
  console: StdioConsole;
  /**
   * Starts the one command of the relay's command line again (`POST /relay/restart`): the running child, if
   * any, is stopped first. The 2025 session and the era the old child spoke go with it.
   */
  restart(): Promise<void>;
  /** Ends the session and stops the child: stdin closed, then SIGTERM, then SIGKILL (the SDK's order). */
  close(): Promise<void>;
}

export interface StdioBridgeOptions {
  command: string;
  args: string[];
  /** Set over the relay's own environment for the child (`-e KEY=VALUE`, a config file's `env`). */
  env?: Readonly<Record<string, string>>;
  /** Called each time the child exits on its own, with how it ended; the relay stays up so the app can say why and restart it. */
  onExit(exit: ProcessExit, lastLine: string | undefined): void;
  /** Each stderr line of the child, for the relay's own terminal. */
  onStderr?(line: string): void;
  /** @default DEFAULT_PROBE_TIMEOUT_MS */
  probeTimeoutMs?: number;
}

/** One run of the child: its transport, the era it speaks and its open 2026-07-28 exchanges. */
interface Child {
  transport: StdioClientTransport;
  era: EraLedger;
  modern: ModernExchanges;
  generation: number;
  /** How it ended, once it has. */
  exit?: ProcessExit;
}

/**
 * One stdio server, started from the relay's command line, served as Streamable HTTP in whichever
 * protocol era it speaks. Nothing in a request can start another process; `POST /relay/restart` starts the
 * same command again.
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
  const stdioConsole = createStdioConsole(options.onStderr ? { onLine: options.onStderr } : {});
  let session: WebStandardStreamableHTTPServerTransport | undefined;
  /** The id of the `initialize` the child is answering, whose answer opens the 2025 era. */
  let pendingInitialize: RequestId | undefined;
  let closing = false;
  let current: Child;
  let generation = 0;

  const startChild = async (): Promise<Child> => {
    const transport = new StdioClientTransport({
      command: options.command,
      args: options.args,
      // The person's own environment, as if they had run the command themselves: servers read API keys there.
      env: { ...(process.env as Record<string, string>), ...options.env },
      // The child's log goes to the console the app shows, and to the relay's terminal (onStderr).
      stderr: 'pipe',
    });
    const child: Child = {
      transport,
      era: createEraLedger(options.probeTimeoutMs ?? DEFAULT_PROBE_TIMEOUT_MS),
      modern: createModernExchanges((message) => transport.send(message)),
      generation: ++generation,
    };
    // With `stderr: 'pipe'` the SDK hands out a PassThrough at once, before the process starts.
    if (transport.stderr instanceof Readable) stdioConsole.follow(transport.stderr, child.generation);
    transport.onmessage = (message) => {
      if (child.modern.take(message)) return;
      if ((isJSONRPCResultResponse(message) || isJSONRPCErrorResponse(message)) && message.id === pendingInitialize) {
        child.era.initialized(isJSONRPCResultResponse(message));
        pendingInitialize = undefined;
      }
      // An answer that belongs to a replaced session has nowhere to go; the browser stopped waiting for it.
      session?.send(message).catch(() => undefined);
    };
    let exit: ProcessExit = { code: null, signal: null };
    transport.onclose = () => {
      child.modern.closeAll();
      child.exit = exit;
      stdioConsole.exited(child.generation, exit);
      if (closing || current !== child) return;
      // The 2025 session was the child's: its event stream ends, and the client learns why from the console.
      void session?.close().catch(() => undefined);
      session = undefined;
      options.onExit(exit, stdioConsole.lastLine());
    };
    await transport.start();
    // The SDK's transport keeps its ChildProcess to itself and drops the exit code in its own close handler;
    // the code and signal are what the person needs to know, so they are read from the process it started.
    childProcessOf(transport)?.once('exit', (code, signal) => (exit = { code, signal }));
    stdioConsole.started(child.generation);
    return child;
  };
  current = await startChild();

  const openSession = async () => {
    await session?.close().catch(() => undefined);
    const next = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
    next.onmessage = (message) => {
      if (isInitializeRequest(message) && isJSONRPCRequest(message)) pendingInitialize = message.id;
      current.transport.send(message).catch(() => undefined);
    };
    await next.start();
    session = next;
    return next;
  };

  const handle: RelayHandler = async (request) => {
    const { era, modern, transport: child, exit } = current;
    let body: unknown;
    if (request.method === 'POST') {
      try {
        body = JSON.parse(await request.text());
      } catch {
        return jsonRpcError(400, -32700, 'Parse error: the request body is not valid JSON.');
      }
    }
    const id = requestIdOf(body);
    if (exit)
      return jsonRpcError(503, -32000, `${describeExit(exit)}. Restart it (Restart in MCP Lens), or restart the relay.`, {}, { id });
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

  let restarting: Promise<void> | undefined;
  return {
    handle,
    console: stdioConsole,
    restart: () => {
      restarting ??= (async () => {
        const old = current;
        // Replaced before it is stopped, so its exit is the console's, not a reason to end anything.
        current = { ...old, exit: old.exit ?? { code: null, signal: null } };
        old.modern.closeAll();
        await session?.close().catch(() => undefined);
        session = undefined;
        pendingInitialize = undefined;
        await old.transport.close();
        current = await startChild();
      })().finally(() => (restarting = undefined));
      return restarting;
    },
    close: async () => {
      closing = true;
      current.modern.closeAll();
      await session?.close().catch(() => undefined);
      await current.transport.close();
      stdioConsole.close();
    },
  };
}

/** The ChildProcess behind the SDK's transport, when it still keeps it where it did (an SDK change loses only the exit code). */
function childProcessOf(transport: StdioClientTransport): ChildProcess | undefined {
  const candidate = (transport as unknown as { _process?: unknown })._process;
  return candidate instanceof EventEmitter ? (candidate as ChildProcess) : undefined;
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
