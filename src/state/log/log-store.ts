/**
 * The JSON-RPC message log and the notification timeline. Append-only, and every item is immutable: a row
 * re-renders only when its own item object changes. Retention is bounded, and what is evicted is counted and
 * shown — never dropped silently.
 *
 * Built for 100,000 entries and a batch per animation frame: the id lists are chunked (appending copies one
 * chunk, not the whole list) and `byId` is an index updated in place — copying a 100,000-key object per
 * frame is what made a flood freeze the page. Select `byId.get(id)`, never `byId` itself.
 */
import { createStore } from 'zustand/vanilla';
import type { EngineEvent } from '../../shared/events.ts';
import { ChunkedList } from './log-chunks.ts';
import { NO_FACETS, type LogFacets } from './log-facet-model.ts';
import { messageItemId, type LogItem } from './log-item.ts';
import { emptyPollIndex, filePoll, forgetPoll, type PollIndex } from './log-polls.ts';

export { messageItemId, type LogItem } from './log-item.ts';

interface LogActions {
  /** Applies a whole batch of engine events in one `set()`; events of other types are ignored. */
  appendEvents(events: readonly EngineEvent[]): void;
  setFilter(text: string): void;
  setFacets(facets: Partial<LogFacets>): void;
  /** Pins the entry (kept at the top of the log, above the filters), or unpins it; the latest MAX_PINS are kept. */
  togglePin(id: string): void;
  select(id: string | null): void;
  /** Shows a task's folded polls in their places, or folds them again (see log-polls.ts). */
  togglePolls(headId: string): void;
  /** Empties the log on request; the eviction counter restarts too, since nothing was lost silently. */
  clear(): void;
  /**
   * Replaces the whole log (a saved session being opened), keeping at most `retention` items. A big file
   * comes in slices: `load` the first, `loadMore` the others, one per task, so no task freezes the page.
   */
  load(items: readonly LogItem[], evicted: number): void;
  loadMore(items: readonly LogItem[]): void;
}

export interface LogState {
  /** Append-only, in arrival order (message entries in seq order). */
  ids: ChunkedList<string>;
  /** Index of the kept items, updated in place; a new `ids` value tells subscribers it changed. */
  byId: ReadonlyMap<string, LogItem>;
  /**
   * The timeline: inbound notifications, server→client requests and our answers to them; a derived index
   * into `ids`, evicted alongside it.
   */
  notificationIds: ChunkedList<string>;
  /** The rows the log shows unfiltered: `ids` less the task polls folded into their group's first poll. */
  rowIds: ChunkedList<string>;
  /** Task polling groups, updated in place like `byId`; a new `ids` value tells subscribers it changed. */
  polls: PollIndex;
  /** Heads of the poll groups the person expanded. */
  expandedPolls: ReadonlySet<string>;
  /** How many entries the retention bound has evicted since the last clear. */
  evicted: number;
  /** @default 100000 */
  retention: number;
  /** The kept items' size (sizeOfItem), and the bound on it: the oldest go when either bound is passed. */
  size: number;
  /** @default DEFAULT_LOG_SIZE_BUDGET */
  sizeBudget: number;
  /** Changes when the log is cleared or replaced, so incremental consumers start over. */
  generation: number;
  /** Changes when a kept entry is replaced in place (a response re-sent marked late), so caches of entry text refresh. */
  revision: number;
  filterText: string;
  facets: LogFacets;
  /** Pinned entry ids, oldest pin first. A pin whose entry was evicted shows nothing. */
  pinned: readonly string[];
  selectedId: string | null;
  actions: LogActions;
}

const DEFAULT_LOG_RETENTION = 100_000;
/**
 * The log's byte budget, in characters of JSON (what the engine measures, `MessageEntry.size`): a count
 * alone let 2,000 notifications of 200 KB hold 400 MB. Large messages already arrive bounded (256 KB per
 * string; notifications over 16 KB cut), so this keeps the heap bounded whatever their number.
 */
const DEFAULT_LOG_SIZE_BUDGET = 48 * 1024 * 1024;
/** What an item costs beyond its message text: the entry's own fields and the indexes. */
const ITEM_OVERHEAD = 256;

/** An item's share of the byte budget: the text kept, as measured in the worker (a cut notification keeps little). */
function sizeOfItem(item: LogItem): number {
  if (item.type === 'note') return ITEM_OVERHEAD + item.text.length;
  const { size, cut, raw } = item.entry;
  return ITEM_OVERHEAD + (cut ? CUT_NOTIFICATION_CHARS : (size ?? 0)) + (raw?.length ?? 0);
}
/** Roughly what a cut notification keeps (src/engine/wire/message-recorder.ts cuts each string to 2 KB). */
const CUT_NOTIFICATION_CHARS = 4 * 1024;
export const MAX_PINS = 50;

export interface LogStoreOptions {
  /** @default DEFAULT_LOG_RETENTION */
  retention?: number;
  /** @default DEFAULT_LOG_SIZE_BUDGET */
  sizeBudget?: number;
}

/** For a response or error: the method of the request it answers, while that request is still kept. */
export function requestMethodOf(byId: ReadonlyMap<string, LogItem>, item: LogItem | undefined): string | undefined {
  if (item?.type !== 'message' || item.entry.requestSeq === undefined || item.entry.method !== undefined) return undefined;
  const request = byId.get(messageItemId(item.entry.requestSeq));
  return request?.type === 'message' ? request.entry.method : undefined;
}

/** On the timeline: inbound notifications and requests, and our answers to the server's requests. */
function isTimelineItem(item: LogItem, byId: ReadonlyMap<string, LogItem>): boolean {
  if (item.type !== 'message') return false;
  const { direction, kind, requestSeq } = item.entry;
  if (direction === 'in') return kind === 'notification' || kind === 'request';
  if ((kind !== 'response' && kind !== 'error') || requestSeq === undefined) return false;
  // Our answer to a server request (sampling, elicitation, roots) belongs beside the request.
  const request = byId.get(messageItemId(requestSeq));
  return request?.type === 'message' && request.entry.direction === 'in';
}

export function createLogStore(options: LogStoreOptions = {}) {
  const retention = Math.max(1, options.retention ?? DEFAULT_LOG_RETENTION);
  const sizeBudget = Math.max(1, options.sizeBudget ?? DEFAULT_LOG_SIZE_BUDGET);
  let noteSeq = 0;
  // The one mutable index; replaced (not cleared) on clear/load so a render in flight keeps a consistent view.
  let index = new Map<string, LogItem>();
  let polls = emptyPollIndex();

  const empty = () => ({
    ids: ChunkedList.empty<string>(),
    rowIds: ChunkedList.empty<string>(),
    expandedPolls: new Set<string>(),
    notificationIds: ChunkedList.empty<string>(),
    evicted: 0,
    size: 0,
    selectedId: null,
    pinned: [],
  });

  return createStore<LogState>()((set, get) => ({
    ids: ChunkedList.empty(),
    byId: index,
    rowIds: ChunkedList.empty(),
    polls,
    expandedPolls: new Set(),
    notificationIds: ChunkedList.empty(),
    evicted: 0,
    retention,
    size: 0,
    sizeBudget,
    generation: 0,
    revision: 0,
    filterText: '',
    facets: NO_FACETS,
    pinned: [],
    selectedId: null,
    actions: {
      appendEvents(events) {
        const items: LogItem[] = [];
        for (const event of events) {
          if (event.type === 'message') {
            items.push({ id: messageItemId(event.entry.seq), type: 'message', entry: event.entry });
          } else if (event.type === 'note') {
            noteSeq += 1;
            const { time, level, text, boundary } = event;
            items.push({ id: `n${noteSeq}`, type: 'note', seq: noteSeq, time, level, text, ...(boundary && { boundary }) });
          }
        }
        if (items.length === 0) return;
        set(appendItems(get(), index, polls, items));
      },
      setFilter(text) {
        set({ filterText: text });
      },
      setFacets(facets) {
        set((state) => ({ facets: { ...state.facets, ...facets } }));
      },
      togglePin(id) {
        set(({ pinned }) => ({ pinned: pinned.includes(id) ? pinned.filter((pin) => pin !== id) : [...pinned, id].slice(-MAX_PINS) }));
      },
      select(id) {
        set({ selectedId: id });
      },
      togglePolls(headId) {
        set(({ expandedPolls }) => {
          const next = new Set(expandedPolls);
          if (!next.delete(headId)) next.add(headId);
          return { expandedPolls: next };
        });
      },
      clear() {
        index = new Map();
        polls = emptyPollIndex();
        set({ ...empty(), byId: index, polls, generation: get().generation + 1 });
      },
      load(items, evicted) {
        index = new Map();
        polls = emptyPollIndex();
        const base = { ...get(), ...empty(), byId: index, polls };
        for (const item of items) if (item.type === 'note' && item.seq > noteSeq) noteSeq = item.seq;
        const next = appendItems(base, index, polls, items);
        set({ ...base, ...next, evicted: (next.evicted ?? 0) + Math.max(0, evicted), generation: get().generation + 1 });
      },
      loadMore(items) {
        for (const item of items) if (item.type === 'note' && item.seq > noteSeq) noteSeq = item.seq;
        set(appendItems(get(), index, polls, items));
      },
    },
  }));
}

/** True when the timeline is not empty and does not already end in a connection line. */
function endsWithTraffic(before: ChunkedList<string>, added: readonly string[], index: ReadonlyMap<string, LogItem>): boolean {
  const lastId = added.length > 0 ? added[added.length - 1] : before.length > 0 ? before.at(before.length - 1) : undefined;
  if (lastId === undefined) return false;
  const last = index.get(lastId);
  return !(last?.type === 'note' && last.boundary);
}

function appendItems(state: LogState, index: Map<string, LogItem>, polls: PollIndex, items: readonly LogItem[]): Partial<LogState> {
  const newIds: string[] = [];
  const newRows: string[] = [];
  const newNotifications: string[] = [];
  let replaced = false;
  let size = state.size;
  for (const item of items) {
    // The engine may re-send an entry (e.g. marked late); replace it in place rather than duplicate it.
    const previous = index.get(item.id);
    if (!previous) {
      newIds.push(item.id);
      // Checked after the request is indexed, so an answer in the same batch finds it.
      index.set(item.id, item);
      if (!filePoll(polls, index, item)) newRows.push(item.id);
      if (isTimelineItem(item, index)) newNotifications.push(item.id);
      // A new connection draws a line on the timeline too, but only below something it separates.
      else if (item.type === 'note' && item.boundary && endsWithTraffic(state.notificationIds, newNotifications, index))
        newNotifications.push(item.id);
    } else {
      replaced = true;
      size -= sizeOfItem(previous);
    }
    size += sizeOfItem(item);
    index.set(item.id, item);
  }
  let ids = state.ids.append(newIds);
  let rowIds = state.rowIds.append(newRows);
  let notificationIds = state.notificationIds.append(newNotifications);
  const revision = replaced ? { revision: state.revision + 1 } : {};

  // The count bound first, then the byte budget: the oldest go until both hold (the newest item always stays).
  let excess = Math.max(0, ids.length - state.retention);
  for (let position = 0; position < excess; position += 1) size -= sizeOfItem(index.get(ids.at(position)!)!);
  while (size > state.sizeBudget && excess < ids.length - 1) {
    size -= sizeOfItem(index.get(ids.at(excess)!)!);
    excess += 1;
  }
  if (excess <= 0) return { ids, rowIds, notificationIds, size, ...revision };

  let droppedNotifications = 0;
  let droppedRows = 0;
  for (let position = 0; position < excess; position += 1) {
    const id = ids.at(position)!;
    const item = index.get(id);
    // Both lists share one order: an evicted id that heads the timeline leaves it too.
    if (item && notificationIds.length > droppedNotifications && notificationIds.at(droppedNotifications) === id) droppedNotifications += 1;
    if (rowIds.length > droppedRows && rowIds.at(droppedRows) === id) droppedRows += 1;
    forgetPoll(polls, id);
    index.delete(id);
  }
  ids = ids.dropFront(excess);
  // Both lists share one order, so the evicted notifications are a prefix of the timeline.
  notificationIds = notificationIds.dropFront(droppedNotifications);
  rowIds = rowIds.dropFront(droppedRows);
  return {
    ids,
    rowIds,
    notificationIds,
    size,
    ...revision,
    evicted: state.evicted + excess,
    selectedId: state.selectedId !== null && !index.has(state.selectedId) ? null : state.selectedId,
  };
}
