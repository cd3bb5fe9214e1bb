/**
 * The UI side of the worker boundary. Calls are correlated by id; events are buffered and handed to
 * subscribers once per scheduled flush (an animation frame in the browser), so a chatty server costs one
 * store update per frame instead of one per message.
 */
import type { EngineApi, EngineMethod, Endpoint, FromEngine, ToEngine } from '../shared/boundary.ts';
import type { EngineError } from '../shared/errors.ts';
import { isEngineError } from '../shared/errors.ts';
import type { EngineEvent } from '../shared/events.ts';

export type EventListener = (events: EngineEvent[]) => void;

/** Runs `flush` later, once. The bridge never schedules a second flush while one is pending. */
export type Scheduler = (flush: () => void) => void;

/** What the UI and queries depend on, so tests can hand them a fake. */
export interface EngineClient {
  /**
   * Calls an engine method. Rejects with an `EngineError` (a plain object, not an `Error`).
   * Aborting `signal` tells the engine to cancel and rejects at once with code `cancelled`.
   */
  call<M extends EngineMethod>(
    method: M,
    params: EngineApi[M]['params'],
    signal?: AbortSignal,
  ): Promise<EngineApi[M]['result']>;
  /** Receives event batches in arrival order. Returns the unsubscribe function. */
  subscribe(listener: EventListener): () => void;
  /** Stops listening to the endpoint and rejects every pending call. */
  dispose(): void;
}

export interface EngineClientOptions {
  /** @default frameScheduler */
  schedule?: Scheduler;
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: EngineError) => void;
  cleanup: () => void;
}

export function cancelledError(): EngineError {
  return { code: 'cancelled', message: 'The request was cancelled.' };
}

export function createEngineClient(endpoint: Endpoint, options: EngineClientOptions = {}): EngineClient {
  const schedule = options.schedule ?? frameScheduler;
  const pending = new Map<number, Pending>();
  const listeners = new Set<EventListener>();
  let nextId = 1;
  let buffer: EngineEvent[] = [];
  let scheduled = false;
  let disposed = false;

  const post = (message: ToEngine) => endpoint.postMessage(message);

  const flush = () => {
    scheduled = false;
    if (buffer.length === 0) return;
    const events = buffer;
    buffer = [];
    for (const listener of [...listeners]) listener(events);
  };

  const onMessage = (event: MessageEvent) => {
    const data = event.data as FromEngine | undefined;
    if (!data || typeof data !== 'object') return;
    if (data.kind === 'events') {
      if (!Array.isArray(data.events) || data.events.length === 0) return;
      buffer.push(...data.events);
      if (!scheduled) {
        scheduled = true;
        schedule(flush);
      }
      return;
    }
    if (data.kind === 'result') {
      // Events the engine sent before this result must be seen first, or a store could show a stale
      // phase after the promise resolved (e.g. "connecting" arriving after "connected").
      flush();
      const call = pending.get(data.id);
      if (!call) return; // cancelled or unknown: the caller already got its answer
      pending.delete(data.id);
      call.cleanup();
      if (data.ok) call.resolve(data.value);
      else call.reject(isEngineError(data.error) ? data.error : internalError('The engine sent a malformed error.'));
    }
  };

  endpoint.addEventListener('message', onMessage);
  endpoint.start?.();

  return {
    call(method, params, signal) {
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
        post({ kind: 'call', id, method, params });
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
export const frameScheduler: Scheduler = (flush) => {
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
