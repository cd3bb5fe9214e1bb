import type { ProtocolEra, ServerNotifier } from '@modelcontextprotocol/server';

import type { TaskBoard } from './task-tools.ts';

/** What the demo's tools remember between calls. */
export interface DemoState {
  notes: string[];
  /** Whether `roll-dice` is in the tool list (toggle-bonus-tool flips it). */
  bonusTool: boolean;
  /** How often the live ticker resource has changed. */
  ticks: number;
}

/**
 * Where a server instance's state lives and how its changes reach clients. The two protocol eras differ here:
 *
 * - A 2025 session has one long-lived McpServer, so it gets its own state, and the SDK announces a changed
 *   tool list on the session's own streams when a tool is added or removed.
 * - A 2026-07-28 request is served by a fresh McpServer that lives for that one request, so nothing can be
 *   kept on the instance. Its state is shared by every 2026 request to the server (see modern-leg.ts), and
 *   changes are announced on every open `subscriptions/listen` stream through `listeners`.
 */
export interface DemoScope {
  era: ProtocolEra;
  state: DemoState;
  /** Set for 2026-07-28 requests only: publishes change events to open listen streams. */
  listeners?: ServerNotifier;
  /** Set for 2026-07-28 requests only: the tasks extension's tasks, shared like `state`. */
  tasks?: TaskBoard;
}

export function createDemoState(): DemoState {
  return { notes: [], bonusTool: false, ticks: 0 };
}

/** A fresh scope for one 2025 session. */
export function legacySessionScope(): DemoScope {
  return { era: 'legacy', state: createDemoState() };
}
