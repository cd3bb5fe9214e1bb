/**
 * The UI side of the worker boundary. Calls are correlated by id; events are buffered and handed to
 * subscribers once per scheduled flush (an animation frame in the browser), so a chatty server costs one
 * store update per frame instead of one per message. A flush hands over at most `maxEventsPerFlush` events
 * and leaves the rest to the next frame: a burst of 20,000 messages then costs many short frames rather than
 * a few long ones that freeze the page.
 */
import type { EngineCall, Endpoint, FromEngine, ToEngine } from '../shared/boundary.ts';
import type { EngineError } from '../shared/errors.ts';
import { isEngineError } from '../shared/errors.ts';
import type { EngineEvent } from '../shared/events.ts';

type EventListener = (events: EngineEvent[]) => void;

/** Runs `flush` later, once. The bridge never schedules a second flush while one is pending. */
type Scheduler = (flush: () => void) => void;

/** What the UI and queries depend on, so tests can hand them a fake. */
export interface EngineClient {
  /**
   * Rejects with an `EngineError` (a plain object, not an `Error`). Aborting `signal` tells the engine to
   * cancel and rejects at once with code `cancelled`.
   */
  call: EngineCall;
  /** Receives event batches in arrival order. Returns the unsubscribe function. */
  subscribe(listener: EventListener): () => void;
  /** Stops listening to the endpoint and rejects every pending call. */
  dispose(): void;
}

export interface EngineClientOptions {
  /** @default frameScheduler */
  schedule?: Scheduler;
  /** @default DEFAULT_MAX_EVENTS_PER_FLUSH */
  maxEventsPerFlush?: number;
}

/** About 15 ms of store and render work per frame on a slow laptop; 60 frames a second still drain 30,000 events. */
const DEFAULT_MAX_EVENTS_PER_FLUSH = 500;

type ResultMessage = Extract<FromEngine, { kind: 'result' }>;

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: EngineError) => void;
  cleanup: () => void;
}

function cancelledError(): EngineError {
  return { code: 'cancelled', message: 'The request was cancelled.' };
}

export function createEngineClient(endpoint: Endpoint, options: EngineClientOptions = {}): EngineClient {
  const schedule = options.schedule ?? frameScheduler;
  const maxEventsPerFlush = Math.max(1, options.maxEventsPerFlush ?? DEFAULT_MAX_EVENTS_PER_FLUSH);
  const pending = new Map<number, Pending>();
  const listeners = new Set<EventListener>();
  let nextId = 1;
  let buffer: EngineEvent[] = [];
  // Results that arrived behind a backlog of events, each settled once the events before it are delivered.
  let waitingResults: Array<{ after: number; data: ResultMessage }> = [];
  let delivered = 0; // events handed to listeners so far
  let scheduled = false;
  let disposed = false;

  const post = (message: ToEngine) => endpoint.postMessage(message);

  const ensureScheduled = () => {
    if (scheduled || buffer.length === 0) return;
    scheduled = true;
    schedule(flush);
  };

  /**
   * Hands over up to `budget` events, in slices that stop at each waiting result so the result is settled
   * right after the events that came before it, and never before.
   */
  const deliver = (budget: number) => {
    for (;;) {
      while (waitingResults.length > 0 && waitingResults[0]!.after <= delivered) settle(waitingResults.shift()!.data);
      if (budget <= 0 || buffer.length === 0) return;
      const boundary = waitingResults.length > 0 ? waitingResults[0]!.after - delivered : buffer.length;
      const take = Math.min(budget, boundary, buffer.length);
      const events = take === buffer.length ? buffer : buffer.slice(0, take);
      buffer = take === buffer.length ? [] : buffer.slice(take);
      delivered += take;
      budget -= take;
      for (const listener of [...listeners]) listener(events);
    }
  };

  function flush() {
    scheduled = false;
    deliver(maxEventsPerFlush);
    ensureScheduled();
  }

  const settle = (data: ResultMessage) => {
    const call = pending.get(data.id);
    if (!call) return; // cancelled or unknown: the caller already got its answer
    pending.delete(data.id);
    call.cleanup();
    if (data.ok) call.resolve(data.value);
    else call.reject(isEngineError(data.error) ? data.error : internalError('The engine sent a malformed error.'));
  };

  const onMessage = (event: MessageEvent) => {
    const data = event.data as FromEngine | undefined;
    if (!data || typeof data !== 'object') return;
    if (data.kind === 'events') {
      if (!Array.isArray(data.events) || data.events.length === 0) return;
      for (const event of data.events) buffer.push(event);
      ensureScheduled();
      return;
    }
    if (data.kind === 'result') {
      if (Array.isArray(data.events)) for (const event of data.events) buffer.push(event);
      // Events the engine sent before this result (its own `events` included) must be seen first, or a store
      // could show a stale phase after the promise resolved (e.g. "connecting" arriving after "connected").
      // Usually that is a handful, delivered now; behind a flood's backlog the result waits its turn.
      waitingResults.push({ after: delivered + buffer.length, data });
      deliver(maxEventsPerFlush);
      ensureScheduled();
    }
  };

  endpoint.addEventListener('message', onMessage);
  endpoint.start?.();

  return {
    call(method, params, signal, job) {
      if (disposed) return Promise.reject(internalError('The engine connection was closed. Reload the page.'));
      if (signal?.aborted) return Promise.reject(cancelledError());
      const id = nextId++;
      return new Promise((resolve, reject) => {
        const onAbort = () => {
          if (!pending.delete(id)) return;
          signal?.removeEventListener('abort', onAbort);
          post({ kind: 'cancel', id });
          reject(cancelledError());
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        pending.set(id, {
          resolve: resolve as (value: unknown) => void,
          reject,
          cleanup: () => signal?.removeEventListener('abort', onAbort),
        });
        post({ kind: 'call', id, method, params, ...(job !== undefined && { job }) });
      });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      endpoint.removeEventListener('message', onMessage);
      const error = internalError('The engine connection was closed. Reload the page.');
      for (const call of pending.values()) {
        call.cleanup();
        call.reject(error);
      }
      pending.clear();
      buffer = [];
      waitingResults = [];
      listeners.clear();
    },
  };
}

function internalError(message: string): EngineError {
  return { code: 'internal', message };
}

/**
 * Flushes on the next animation frame. Hidden tabs get no frames, so a timer backs it up: without it a
 * busy server would pile events up in memory until the tab became visible again.
 */
const frameScheduler: Scheduler = (flush) => {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    flush();
  };
  const timer = setTimeout(run, 250);
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(run);
};
