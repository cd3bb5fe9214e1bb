/**
 * The HTTP exchanges behind the messages, for the wire view. An exchange is reported several times (headers,
 * retry advice, end of body) under one `seq`; the store keeps the latest report in place of the earlier one.
 * Messages name the exchange that carried them (`httpSeq`), and the store indexes that the other way, so each
 * view links to the other. Bounded like the log, with the evictions counted.
 */
import { createStore } from 'zustand/vanilla';
import type { EngineEvent, HttpExchange, WireBody } from '../shared/events.ts';
import { ChunkedList } from './log/log-chunks.ts';

export type TrafficView = 'messages' | 'http';

interface HttpActions {
  appendEvents(events: readonly EngineEvent[]): void;
  select(seq: number | null): void;
  /** Which traffic view is in front: the Message log or the HTTP exchanges. */
  show(view: TrafficView): void;
  clear(): void;
  /** Replaces everything (a saved session being opened). */
  load(exchanges: readonly HttpExchange[], evicted: number): void;
}

export interface HttpState {
  seqs: ChunkedList<number>;
  /** Index updated in place (like the log's); select `bySeq.get(seq)`. */
  bySeq: ReadonlyMap<number, HttpExchange>;
  /** Exchange seq → seqs of the messages it carried, in order; updated in place, select `.get(seq)?.length`. */
  carried: ReadonlyMap<number, readonly number[]>;
  /** Bumps whenever `carried` changes, so a detail view re-renders. */
  carriedVersion: number;
  evicted: number;
  retention: number;
  selectedSeq: number | null;
  view: TrafficView;
  actions: HttpActions;
}

const DEFAULT_HTTP_RETENTION = 10_000;
/**
 * Characters of body text kept across all exchanges (each body is already capped at 256 KB by the engine).
 * Past it the oldest bodies' text goes, marked `dropped`; the exchanges themselves stay.
 */
export const DEFAULT_HTTP_BODY_BUDGET = 32 * 1024 * 1024;

const bodyChars = (exchange: HttpExchange | undefined) =>
  (exchange?.requestBody?.text.length ?? 0) + (exchange?.responseBody?.text.length ?? 0);
const drop = (body: WireBody | undefined): WireBody | undefined =>
  body && { size: body.size, text: '', dropped: true, ...(body.truncated && { truncated: true }) };

/** An exchange without its body text (sizes kept), to bound memory. */
function withoutBodies(exchange: HttpExchange): HttpExchange {
  const requestBody = drop(exchange.requestBody);
  const responseBody = drop(exchange.responseBody);
  return { ...exchange, ...(requestBody && { requestBody }), ...(responseBody && { responseBody }) };
}
/** Links kept per exchange: a stream open for hours must not grow without bound (the log counts the rest). */
export const MAX_CARRIED_LINKS = 20_000;

export function createHttpStore(options: { retention?: number; bodyBudget?: number } = {}) {
  const retention = Math.max(1, options.retention ?? DEFAULT_HTTP_RETENTION);
  const bodyBudget = Math.max(0, options.bodyBudget ?? DEFAULT_HTTP_BODY_BUDGET);
  let index = new Map<number, HttpExchange>();
  let carried = new Map<number, number[]>();
  // Body text held, and the exchanges holding some, oldest first (a queue read from `bodyHead`).
  let bodyTotal = 0;
  let bodyQueue: number[] = [];
  let bodyHead = 0;
  const dropped = new Set<number>();

  /** Stores a report of an exchange, counting its body text; a body already dropped stays dropped. */
  const put = (incoming: HttpExchange) => {
    const previous = index.get(incoming.seq);
    const exchange = dropped.has(incoming.seq) ? withoutBodies(incoming) : incoming;
    const added = bodyChars(exchange);
    if (added > 0 && bodyChars(previous) === 0 && !dropped.has(exchange.seq)) bodyQueue.push(exchange.seq);
    bodyTotal += added - bodyChars(previous);
    index.set(exchange.seq, exchange);
  };
  const forget = (seq: number) => {
    bodyTotal -= bodyChars(index.get(seq));
    dropped.delete(seq);
    index.delete(seq);
  };
  const trimBodies = () => {
    while (bodyTotal > bodyBudget && bodyHead < bodyQueue.length) {
      const seq = bodyQueue[bodyHead]!;
      bodyHead += 1;
      const exchange = index.get(seq);
      if (!exchange) continue;
      bodyTotal -= bodyChars(exchange);
      dropped.add(seq);
      index.set(seq, withoutBodies(exchange));
    }
    if (bodyHead > 1024 && bodyHead * 2 > bodyQueue.length) {
      bodyQueue = bodyQueue.slice(bodyHead);
      bodyHead = 0;
    }
  };
  const resetBodies = () => {
    bodyTotal = 0;
    bodyQueue = [];
    bodyHead = 0;
    dropped.clear();
  };

  return createStore<HttpState>()((set, get) => {
    const apply = (events: readonly EngineEvent[], base: HttpState): Partial<HttpState> | null => {
      const added: number[] = [];
      let carriedChanged = false;
      let changed = false;
      for (const event of events) {
        if (event.type === 'http') {
          if (!index.has(event.exchange.seq)) added.push(event.exchange.seq);
          put(event.exchange);
          changed = true;
        } else if (event.type === 'message' && event.entry.httpSeq !== undefined) {
          const list = carried.get(event.entry.httpSeq);
          // A re-sent entry (marked late) keeps its seq: do not count it twice.
          if (list === undefined) carried.set(event.entry.httpSeq, [event.entry.seq]);
          else if (list[list.length - 1] !== event.entry.seq && list.length < MAX_CARRIED_LINKS) list.push(event.entry.seq);
          carriedChanged = true;
        }
      }
      if (!changed && !carriedChanged) return null;
      let seqs = base.seqs.append(added);
      const excess = seqs.length - base.retention;
      const next: Partial<HttpState> = { seqs, carriedVersion: base.carriedVersion + 1 };
      if (excess > 0) {
        for (let position = 0; position < excess; position += 1) {
          const seq = seqs.at(position)!;
          forget(seq);
          carried.delete(seq);
        }
        seqs = seqs.dropFront(excess);
        next.seqs = seqs;
        next.evicted = base.evicted + excess;
        if (base.selectedSeq !== null && !index.has(base.selectedSeq)) next.selectedSeq = null;
      }
      trimBodies();
      return next;
    };

    return {
      seqs: ChunkedList.empty(),
      bySeq: index,
      carried,
      carriedVersion: 0,
      evicted: 0,
      retention,
      selectedSeq: null,
      view: 'messages',
      actions: {
        appendEvents(events) {
          const next = apply(events, get());
          if (next) set(next);
        },
        select(seq) {
          set({ selectedSeq: seq });
        },
        show(view) {
          set({ view });
        },
        clear() {
          index = new Map();
          carried = new Map();
          resetBodies();
          set({
            seqs: ChunkedList.empty(),
            bySeq: index,
            carried,
            evicted: 0,
            selectedSeq: null,
            carriedVersion: get().carriedVersion + 1,
          });
        },
        load(exchanges, evicted) {
          index = new Map();
          carried = new Map();
          resetBodies();
          const base: HttpState = {
            ...get(),
            seqs: ChunkedList.empty(),
            bySeq: index,
            carried,
            evicted: Math.max(0, evicted),
            selectedSeq: null,
          };
          const next = apply(
            exchanges.map((exchange) => ({ type: 'http', exchange })),
            base,
          );
          set({ ...base, ...next });
        },
      },
    };
  });
}

export type HttpStore = ReturnType<typeof createHttpStore>;

/** Rebuilds the exchange → messages index from saved log entries (a session file stores each side once). */
export function indexCarried(store: HttpStore, events: readonly EngineEvent[]): void {
  store.getState().actions.appendEvents(events.filter((event) => event.type === 'message'));
}
