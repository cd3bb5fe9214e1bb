/**
 * What the server tells us outside of answers, kept per feature: its log messages (notifications/message)
 * for the Logs tab, which resources it says changed (notifications/resources/updated), which resources we
 * subscribed to, and the log level we last asked for. Independent of the message log, so clearing that
 * log does not empty the Logs tab, and its retention does not evict server logs.
 */
import { createStore } from 'zustand/vanilla';
import type { EngineEvent, ListenState } from '../shared/events.ts';
import { isLogLevel, LOG_LEVEL_OFF, type LogLevelChoice } from '../shared/logging-api.ts';

export interface ServerLogEntry {
  /** The message log's seq of the notification, so a row can point at the raw frame. */
  seq: number;
  time: number;
  /** A level outside the spec's eight is kept as sent and flagged by the UI. */
  level: string;
  logger?: string;
  data: unknown;
}

interface ResourceUpdate {
  count: number;
  lastTime: number;
}

interface ServerFeedActions {
  appendEvents(events: readonly EngineEvent[]): void;
  clearLogs(): void;
  setSubscribed(uri: string, subscribed: boolean): void;
  /** The user has seen the latest update of this resource (e.g. re-read it). */
  acknowledgeUpdate(uri: string): void;
  /** The level last set (null: the server's default); 'off' only on 2026-07-28, where it means no log messages. */
  setLogLevel(level: LogLevelChoice | null): void;
}

export interface ServerLogState {
  logs: ServerLogEntry[];
  /** How many log entries retention has dropped since the last clear. */
  logsEvicted: number;
  /**
   * Per resource URI, updates announced since it was last acknowledged. Maps, not objects: a URI is the
   * server's string, and `__proto__` or `constructor` must not find an inherited member. Replaced, never mutated.
   */
  updates: ReadonlyMap<string, ResourceUpdate>;
  subscribed: ReadonlySet<string>;
  logLevel: LogLevelChoice | null;
  /** MCP 2026-07-28: the subscriptions/listen stream of this session (null in the 2025 era). */
  listen: ListenState | null;
  actions: ServerFeedActions;
}

const DEFAULT_SERVER_LOG_RETENTION = 2000;

function paramsOf(message: unknown): Record<string, unknown> {
  const params = typeof message === 'object' && message !== null ? (message as { params?: unknown }).params : undefined;
  return typeof params === 'object' && params !== null && !Array.isArray(params) ? (params as Record<string, unknown>) : {};
}

export function createServerLogStore(options: { retention?: number } = {}) {
  const retention = Math.max(1, options.retention ?? DEFAULT_SERVER_LOG_RETENTION);
  return createStore<ServerLogState>()((set, get) => ({
    logs: [],
    logsEvicted: 0,
    updates: new Map(),
    subscribed: new Set(),
    logLevel: null,
    listen: null,
    actions: {
      appendEvents(events) {
        const state = get();
        let logs: ServerLogEntry[] | undefined;
        let updates: Map<string, ResourceUpdate> | undefined;
        let reset = false;
        let listen: ListenState | undefined;
        for (const event of events) {
          if (event.type === 'listen') listen = event.state;
          // A new session starts with no subscriptions, no pending updates and the server's default level.
          if (event.type === 'connection' && event.phase === 'connecting') {
            reset = true;
            updates = new Map();
            continue;
          }
          if (event.type !== 'message') continue;
          const { entry } = event;
          if (entry.direction !== 'in' || entry.kind !== 'notification') continue;
          const params = paramsOf(entry.message);
          if (entry.method === 'notifications/message') {
            logs ??= state.logs.slice();
            const level = typeof params.level === 'string' ? params.level : '(none)';
            logs.push({
              seq: entry.seq,
              time: entry.time,
              level,
              ...(typeof params.logger === 'string' && { logger: params.logger }),
              data: params.data,
            });
          } else if (entry.method === 'notifications/resources/updated' && typeof params.uri === 'string') {
            updates ??= new Map(state.updates);
            const previous = updates.get(params.uri);
            updates.set(params.uri, { count: (previous?.count ?? 0) + 1, lastTime: entry.time });
          }
        }
        const patch: Partial<ServerLogState> = {};
        if (reset) Object.assign(patch, { subscribed: new Set<string>(), logLevel: null, listen: null });
        if (listen) patch.listen = listen;
        if (updates) patch.updates = updates;
        if (logs) {
          const excess = logs.length - retention;
          patch.logs = excess > 0 ? logs.slice(excess) : logs;
          if (excess > 0) patch.logsEvicted = state.logsEvicted + excess;
        }
        if (Object.keys(patch).length > 0) set(patch);
      },
      clearLogs: () => set({ logs: [], logsEvicted: 0 }),
      setSubscribed(uri, subscribed) {
        if (get().subscribed.has(uri) === subscribed) return;
        const next = new Set(get().subscribed);
        if (subscribed) next.add(uri);
        else next.delete(uri);
        set({ subscribed: next });
      },
      acknowledgeUpdate(uri) {
        if (!get().updates.has(uri)) return;
        const next = new Map(get().updates);
        next.delete(uri);
        set({ updates: next });
      },
      setLogLevel: (level) => set({ logLevel: level === null || level === LOG_LEVEL_OFF || isLogLevel(level) ? level : null }),
    },
  }));
}
