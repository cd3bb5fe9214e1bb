/**
 * The JSON-RPC message log and the notification timeline. Append-only and immutable: a row re-renders only
 * when its own entry object changes. Retention is bounded, and what is evicted is counted and shown —
 * never dropped silently.
 */
import { createStore } from 'zustand/vanilla';
import type { EngineEvent, MessageEntry } from '../shared/events.ts';

export type LogItem =
  | { id: string; type: 'message'; entry: MessageEntry }
  | { id: string; type: 'note'; seq: number; time: number; level: 'info' | 'warning' | 'error'; text: string };

export interface LogActions {
  /** Applies a whole batch of engine events in one `set()`; events of other types are ignored. */
  appendEvents(events: readonly EngineEvent[]): void;
  setFilter(text: string): void;
  select(id: string | null): void;
  /** Empties the log on request; the eviction counter restarts too, since nothing was lost silently. */
  clear(): void;
}

export interface LogState {
  /** Append-only, in arrival order (message entries in seq order). */
  ids: string[];
  byId: Record<string, LogItem>;
  /**
   * The timeline: inbound notifications, server→client requests and our answers to them; a derived index
   * into `ids`, evicted alongside it.
   */
  notificationIds: string[];
  /** How many entries the retention bound has evicted since the last clear. */
  evicted: number;
  /** @default 5000 */
  retention: number;
  filterText: string;
  selectedId: string | null;
  actions: LogActions;
}

export const DEFAULT_LOG_RETENTION = 5000;

export interface LogStoreOptions {
  /** @default DEFAULT_LOG_RETENTION */
  retention?: number;
}

export const messageItemId = (seq: number) => `m${seq}`;

/** For a response or error: the method of the request it answers, while that request is still kept. */
export function requestMethodOf(byId: Record<string, LogItem>, item: LogItem | undefined): string | undefined {
  if (item?.type !== 'message' || item.entry.requestSeq === undefined || item.entry.method !== undefined) return undefined;
  const request = byId[messageItemId(item.entry.requestSeq)];
  return request?.type === 'message' ? request.entry.method : undefined;
}

export function createLogStore(options: LogStoreOptions = {}) {
  const retention = Math.max(1, options.retention ?? DEFAULT_LOG_RETENTION);
  let noteSeq = 0;

  return createStore<LogState>()((set) => ({
    ids: [],
    byId: {},
    notificationIds: [],
    evicted: 0,
    retention,
    filterText: '',
    selectedId: null,
    actions: {
      appendEvents(events) {
        const items: LogItem[] = [];
        for (const event of events) {
          if (event.type === 'message') {
            items.push({ id: messageItemId(event.entry.seq), type: 'message', entry: event.entry });
          } else if (event.type === 'note') {
            noteSeq += 1;
            const { time, level, text } = event;
            items.push({ id: `n${noteSeq}`, type: 'note', seq: noteSeq, time, level, text });
          }
        }
        if (items.length === 0) return;
        set((state) => appendItems(state, items));
      },
      setFilter(text) {
        set({ filterText: text });
      },
      select(id) {
        set({ selectedId: id });
      },
      clear() {
        set({ ids: [], byId: {}, notificationIds: [], evicted: 0, selectedId: null });
      },
    },
  }));
}

export type LogStore = ReturnType<typeof createLogStore>;

function isTimelineItem(item: LogItem, byId: Record<string, LogItem>): boolean {
  if (item.type !== 'message') return false;
  const { direction, kind, requestSeq } = item.entry;
  if (direction === 'in') return kind === 'notification' || kind === 'request';
  if ((kind !== 'response' && kind !== 'error') || requestSeq === undefined) return false;
  // Our answer to a server request (sampling, elicitation, roots) belongs beside the request.
  const request = byId[messageItemId(requestSeq)];
  return request?.type === 'message' && request.entry.direction === 'in';
}

function appendItems(state: LogState, items: LogItem[]): Partial<LogState> {
  const byId = { ...state.byId };
  const ids = state.ids.slice();
  const notificationIds = state.notificationIds.slice();
  for (const item of items) {
    // The engine may re-send an entry (e.g. marked late); replace it in place rather than duplicate it.
    if (!(item.id in byId)) {
      ids.push(item.id);
      if (isTimelineItem(item, byId)) notificationIds.push(item.id);
    }
    byId[item.id] = item;
  }

  const excess = ids.length - state.retention;
  if (excess <= 0) return { ids, byId, notificationIds };

  const dropped = ids.splice(0, excess);
  for (const id of dropped) delete byId[id];
  // Both lists share one order, so the evicted notifications are a prefix of the timeline.
  let firstKept = 0;
  while (firstKept < notificationIds.length && !(notificationIds[firstKept]! in byId)) firstKept += 1;
  return {
    ids,
    byId,
    notificationIds: firstKept === 0 ? notificationIds : notificationIds.slice(firstKept),
    evicted: state.evicted + excess,
    selectedId: state.selectedId !== null && !(state.selectedId in byId) ? null : state.selectedId,
  };
}
