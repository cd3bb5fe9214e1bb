/**
 * Tool calls per server, newest last, for the History tab: each with its arguments, result (or error) and
 * how long it took, so it can be looked at again and re-run. In memory, bounded per server and in servers.
 */
import { createStore } from 'zustand/vanilla';
import type { EngineError } from '../shared/errors.ts';
import type { ToolCallOutcome } from '../shared/model.ts';

export interface HistoryCall {
  /** Unique in this page: React keys and "which one is open". */
  id: number;
  /** When the call was sent (epoch ms). */
  time: number;
  durationMs: number;
  tool: string;
  arguments: Record<string, unknown>;
  outcome?: ToolCallOutcome;
  error?: EngineError;
}

export interface CallHistoryState {
  /** By server URL, each server's calls oldest first; the most recently used server last. */
  byServer: ReadonlyMap<string, readonly HistoryCall[]>;
  actions: {
    record(server: string, call: Omit<HistoryCall, 'id'>): void;
    clear(server: string): void;
  };
}

export const MAX_CALLS_PER_SERVER = 50;
export const MAX_HISTORY_SERVERS = 10;

export function createCallHistoryStore() {
  let nextId = 0;
  return createStore<CallHistoryState>()((set) => ({
    byServer: new Map(),
    actions: {
      record: (server, call) =>
        set(({ byServer }) => {
          nextId += 1;
          const calls = [...(byServer.get(server) ?? []), { ...call, id: nextId }].slice(-MAX_CALLS_PER_SERVER);
          const next = new Map(byServer);
          // Re-inserted, so the map's order is least recently used first and the oldest server goes first.
          next.delete(server);
          next.set(server, calls);
          for (const oldest of next.keys()) {
            if (next.size <= MAX_HISTORY_SERVERS) break;
            next.delete(oldest);
          }
          return { byServer: next };
        }),
      clear: (server) =>
        set(({ byServer }) => {
          const next = new Map(byServer);
          next.delete(server);
          return { byServer: next };
        }),
    },
  }));
}
