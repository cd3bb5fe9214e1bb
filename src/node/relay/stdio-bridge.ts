import { randomUUID } from 'node:crypto';

import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { isInitializeRequest, WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/server';

import { jsonRpcError } from '../http/rpc-error.ts';
import type { RelayHandler } from './forward-http.ts';

export interface StdioBridge {
  handle: RelayHandler;
  /** Ends the session and stops the child: stdin closed, then SIGTERM, then SIGKILL (the SDK's order). */
  close(): Promise<void>;
}

export interface StdioBridgeOptions {
  command: string;
  args: string[];
  /** Called once when the child exits on its own; the relay has nothing left to serve then. */
  onExit(): void;
}

/**
 * One stdio server, started once from the relay's command line, served as Streamable HTTP on the SDK's own
 * transports: the SDK's stdio client transport talks to the child, the SDK's Streamable HTTP server
 * transport talks to the browser, and messages pass between them unchanged.
 *
 * A stdio server holds one conversation, so the relay holds one HTTP session: a new `initialize` (the
 * person connected again) replaces the previous session, and the child sees a second handshake as any
 * stdio server does when its client restarts. Nothing in a request can start another process.
 */
export async function startStdioBridge(options: StdioBridgeOptions): Promise<StdioBridge> {
  const child = new StdioClientTransport({
    command: options.command,
    args: options.args,
    // The person's own environment, as if they had run the command themselves: servers read API keys there.
    env: { ...process.env } as Record<string, string>,
    // The child's log goes to the relay's console, where the person who started it is looking.
    stderr: 'inherit',
  });
  let session: WebStandardStreamableHTTPServerTransport | undefined;
  let closing = false;

  child.onmessage = (message) => {
    // An answer that belongs to a replaced session has nowhere to go; the browser stopped waiting for it.
    session?.send(message).catch(() => undefined);
  };
  child.onclose = () => {
    if (!closing) options.onExit();
  };
  await child.start();

  const openSession = async () => {
    await session?.close().catch(() => undefined);
    const next = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
    next.onmessage = (message) => {
      child.send(message).catch(() => undefined);
    };
    await next.start();
    session = next;
    return next;
  };

  const handle: RelayHandler = async (request) => {
    let parsed: unknown;
    if (request.method === 'POST') {
      try {
        parsed = JSON.parse(await request.text());
      } catch {
        return jsonRpcError(400, -32700, 'Parse error: the request body is not valid JSON.');
      }
    }
    const named = request.headers.get('mcp-session-id');
    if (named === null && request.method === 'POST' && isInitializeRequest(parsed)) {
      return (await openSession()).handleRequest(request, { parsedBody: parsed });
    }
    // 2026-07-28 requests (no session) land here too: the 400 tells a client to speak 2025 instead.
    if (session === undefined || named === null) {
      return jsonRpcError(400, -32000, 'The relay serves a stdio server with 2025-11-25 sessions: start with an initialize request.');
    }
    return session.handleRequest(request, { parsedBody: parsed });
  };

  return {
    handle,
    close: async () => {
      closing = true;
      await session?.close().catch(() => undefined);
      await child.close();
    },
  };
}
