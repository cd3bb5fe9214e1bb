import { createMcpHandler } from '@modelcontextprotocol/server';

import { createDemoMcpServer } from './mcp.ts';
import { createDemoState } from './state.ts';
import { TickerBus } from './subscriptions.ts';
import { createTaskBoard } from './task-tools.ts';

/**
 * The 2026-07-28 leg: stateless. Every request gets a fresh McpServer from the same definitions as a 2025
 * session, served by the SDK's handler (`legacy: 'reject'`: 2025 traffic never reaches it, server.ts
 * routes that to the session leg). `subscriptions/listen` streams are served by the handler too.
 */
export interface ModernLeg {
  handle(request: Request, parsedBody: unknown): Promise<Response>;
  close(): Promise<void>;
}

export interface ModernLegOptions {
  /** The same bound server.ts reads bodies with, so the SDK's own reads agree with it. */
  maxBodyBytes: number;
  /** Open listen streams beyond this are refused. */
  maxSubscriptions: number;
  /** How long each working stage of a demo task lasts (tests shorten it). */
  taskStepMs?: number;
  /** The time the tasks' stages follow (tests move it by hand). */
  taskClock?: () => number;
}

export function createModernLeg(options: ModernLegOptions): ModernLeg {
  // A 2026-07-28 request has no session to keep state on, so the notes and the bonus tool are kept once
  // per server (in practice, per process) and shared by every 2026 client. That is the honest reading of "stateless" for a
  // loopback demo with one person at it; it stays bounded (MAX_NOTES notes of 500 characters, a flag, a
  // counter), and a real server would key such state by the authenticated user instead.
  const state = createDemoState();
  const bus = new TickerBus(state);
  const tasks = createTaskBoard({
    ...(options.taskStepMs !== undefined && { stepMs: options.taskStepMs }),
    ...(options.taskClock !== undefined && { now: options.taskClock }),
  });
  const handler = createMcpHandler(() => createDemoMcpServer({ era: 'modern', state, listeners: handler.notify, tasks }), {
    legacy: 'reject',
    bus,
    maxRequestBodySize: options.maxBodyBytes,
    maxSubscriptions: options.maxSubscriptions,
  });
  return {
    handle: (request, parsedBody) => handler.fetch(request, parsedBody === undefined ? undefined : { parsedBody }),
    close: async () => {
      await handler.close();
      bus.stop();
    },
  };
}
