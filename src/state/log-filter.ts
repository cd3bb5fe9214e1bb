/**
 * Free-text filtering of the log. The JSON text of an entry is computed once per (immutable) entry and
 * cached, so typing in the filter box costs a substring search per row, not a stringify.
 */
import type { ChunkedList } from './log-chunks.ts';
import { requestMethodOf, type LogItem } from './log-store.ts';

const searchText = new WeakMap<object, string>();

function textOf(item: LogItem, requestMethod: string | undefined): string {
  const key = item.type === 'message' ? item.entry : item;
  let text = searchText.get(key);
  if (text === undefined) {
    text = `${buildText(item)}\n${requestMethod ?? ''}`.toLowerCase();
    searchText.set(key, text);
  }
  return text;
}

function buildText(item: LogItem): string {
  if (item.type === 'note') return `note ${item.level} ${item.text}`;
  const { entry } = item;
  const parts = [entry.direction, entry.direction === 'in' ? '←' : '→', entry.kind, entry.method ?? ''];
  if (entry.rpcId !== undefined) parts.push(`id:${entry.rpcId}`, String(entry.rpcId));
  if (entry.late) parts.push('late');
  if (entry.unmatched) parts.push('unmatched');
  if (entry.violation !== undefined) parts.push('spec violation', entry.violation);
  if (entry.message !== undefined) parts.push(safeStringify(entry.message));
  if (entry.raw !== undefined) parts.push(entry.raw);
  if (entry.parseError !== undefined) parts.push(entry.parseError);
  return parts.join('\n');
}

function safeStringify(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '';
  }
}

/**
 * True when `text` (case-insensitive, whitespace-separated terms, all must match) occurs in the entry's
 * method, id, direction, kind or JSON text. A response has no method of its own: pass the method of the
 * request it answers (see `requestMethodOf`) so filtering by method finds both. An empty filter matches
 * everything.
 */
export function matchesFilter(item: LogItem, text: string, requestMethod?: string): boolean {
  const terms = text.toLowerCase().split(/\s+/).filter(Boolean);
  if (terms.length === 0) return true;
  const haystack = textOf(item, requestMethod);
  return terms.every((term) => haystack.includes(term));
}

/** The entries a filter matches, kept so the next batch only scans what is new. */
export interface FilterResult {
  text: string;
  generation: number;
  /** Matching ids in log order. */
  ids: readonly string[];
  /** Absolute positions (see ChunkedList.dropped) of `ids`, ascending. */
  positions: readonly number[];
  /** Absolute position one past the last entry scanned. */
  scannedTo: number;
}

interface FilterableLog {
  ids: ChunkedList<string>;
  byId: ReadonlyMap<string, LogItem>;
  generation: number;
}

/**
 * Filters the log, reusing `previous` when only new entries arrived or old ones were evicted: a flood with a
 * filter typed in costs a scan of each batch, not of all 100,000 entries per frame.
 */
export function filterLog(log: FilterableLog, text: string, previous?: FilterResult | null): FilterResult {
  const { ids, byId } = log;
  const end = ids.dropped + ids.length;
  const reuse = previous && previous.text === text && previous.generation === log.generation && previous.scannedTo <= end;
  let keptIds: string[] = [];
  let keptPositions: number[] = [];
  let from = ids.dropped;
  if (reuse) {
    let first = 0;
    while (first < previous.positions.length && previous.positions[first]! < ids.dropped) first += 1;
    keptIds = previous.ids.slice(first);
    keptPositions = previous.positions.slice(first);
    from = Math.max(ids.dropped, previous.scannedTo);
  }
  const terms = text.toLowerCase().split(/\s+/).filter(Boolean);
  const test = (item: LogItem, position: number) => {
    const haystack = textOf(item, requestMethodOf(byId, item));
    for (const term of terms) if (!haystack.includes(term)) return;
    keptIds.push(item.id);
    keptPositions.push(position);
  };
  if (from === ids.dropped) {
    // A full scan walks the index itself: a Map iterates in insertion order, which is log order, and that
    // skips a lookup per entry.
    let position = ids.dropped;
    for (const item of byId.values()) test(item, position++);
  } else {
    for (let position = from; position < end; position += 1) {
      const item = byId.get(ids.at(position - ids.dropped)!);
      if (item) test(item, position);
    }
  }
  return { text, generation: log.generation, ids: keptIds, positions: keptPositions, scannedTo: end };
}

/** Runs `work` when the page is idle; `deadline()` says how many ms are left. */
export type IdleScheduler = (work: (deadline: () => number) => void) => void;

/**
 * Builds the search text of new entries in idle time, so the first filter over 100,000 entries is a scan,
 * not 100,000 JSON.stringify calls. Returns the unsubscribe function.
 */
export function warmSearchText(store: { getState(): FilterableLog; subscribe(listener: (state: FilterableLog, previous: FilterableLog) => void): () => void }, idle: IdleScheduler): () => void {
  let next = 0; // absolute position of the first entry not yet warmed
  let scheduled = false;
  const run = (deadline: () => number) => {
    scheduled = false;
    const { ids, byId } = store.getState();
    next = Math.max(next, ids.dropped);
    const end = ids.dropped + ids.length;
    while (next < end && deadline() > 2) {
      const stop = Math.min(end, next + 100);
      for (; next < stop; next += 1) {
        const item = byId.get(ids.at(next - ids.dropped)!);
        if (item) textOf(item, requestMethodOf(byId, item));
      }
    }
    if (next < end) schedule();
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    idle(run);
  };
  return store.subscribe((state, previous) => {
    if (state.generation !== previous.generation) next = 0;
    if (state.ids !== previous.ids) schedule();
  });
}
