/**
 * Binds an engine to an Endpoint (the worker's global scope, or a MessagePort in tests): calls come in as
 * `ToEngine` messages, results and batched events go out as `FromEngine` messages.
 */
import type { Endpoint, FromEngine, ToEngine } from '../shared/boundary.ts';
import { explainError } from './errors/explain-error.ts';
import type { EngineEvent } from '../shared/events.ts';
import type { EngineError } from '../shared/errors.ts';
import type { Clock } from './clock.ts';
import type { Engine } from './engine.ts';

/** About one flush per animation frame. */
const FLUSH_EVERY_MS = 16;

const MAX_EVENTS_PER_POST = 500;

/**
 * Returns the event sink to give the engine, so events and results share one ordered channel. `warmUp` runs on
 * the page's `warm` message if no `connect` came before it, and is told to stop as soon as one does.
 */
export function serveEngine(
  endpoint: Endpoint,
  createEngine: (emit: (event: EngineEvent) => void) => Engine,
  clock: Clock,
  warmUp?: (stillIdle: () => boolean) => Promise<unknown>,
): void {
  const post = (message: FromEngine) => endpoint.postMessage(message);
  let buffer: EngineEvent[] = [];
  /**
   * Where each HTTP exchange's report sits in the buffer. Each report is the whole exchange (wire-exchange.ts)
   * and the UI keeps the latest, so a newer report of one exchange replaces the buffered one in place: a call
   * answered within one flush crosses once, with its headers and bodies, instead of once per report.
   */
  const httpAt = new Map<number, number>();
  /** Cancels the scheduled flush; a result takes the buffer at once and leaves no timer to wake the worker for nothing. */
  let cancelFlush: (() => void) | undefined;
  /** Empties the buffer into batches of at most MAX_EVENTS_PER_POST, in order. */
  const takeBatches = (): EngineEvent[][] => {
    cancelFlush?.();
    cancelFlush = undefined;
    const events = buffer;
    buffer = [];
    httpAt.clear();
    if (events.length <= MAX_EVENTS_PER_POST) return events.length === 0 ? [] : [events];
    const batches: EngineEvent[][] = [];
    for (let start = 0; start < events.length; start += MAX_EVENTS_PER_POST) batches.push(events.slice(start, start + MAX_EVENTS_PER_POST));
    return batches;
  };
  // Each message is deserialized on the UI thread in one go: batches keep that a short task even when a flood
  // has piled up thousands of events between flushes.
  const flush = () => {
    for (const events of takeBatches()) post({ kind: 'events', events });
  };
  /**
   * A result takes the last batch with it, so a quick call crosses the boundary in one message instead of two
   * (two structured clones and two tasks on each side). The UI still hands the events over first.
   */
  const answer = (id: number, outcome: { ok: true; value: unknown } | { ok: false; error: EngineError }) => {
    const batches = takeBatches();
    const last = batches.pop();
    for (const events of batches) post({ kind: 'events', events });
    post({ kind: 'result', id, ...outcome, ...(last && { events: last }) });
  };
  const emit = (event: EngineEvent) => {
    if (event.type === 'http') {
      const at = httpAt.get(event.exchange.seq);
      if (at !== undefined) {
        buffer[at] = event;
        return;
      }
      httpAt.set(event.exchange.seq, buffer.length);
    }
    buffer.push(event);
    cancelFlush ??= clock.after(FLUSH_EVERY_MS, flush);
  };
  const engine = createEngine(emit);
  const inFlight = new Map<number, AbortController>();
  /** A Connect came: warming up for it is too late (and never competes with it). */
  let connecting = false;
  let warmed = false;

  endpoint.addEventListener('message', (event: MessageEvent) => {
    const message = event.data as ToEngine;
    if (message.kind === 'cancel') {
      inFlight.get(message.id)?.abort();
      return;
    }
    if (message.kind === 'warm') {
      if (connecting || warmed || !warmUp) return;
      warmed = true;
      // Only ever a head start: a warm-up that fails leaves the real connect to pay for itself, as before.
      void warmUp(() => !connecting).catch(() => undefined);
      return;
    }
    if (message.kind !== 'call') return;
    if (message.method === 'connect') connecting = true;
    const controller = new AbortController();
    inFlight.set(message.id, controller);
    engine
      .call(message.method, message.params as never, controller.signal, jobOf(message.job))
      .then(
        (value) => answer(message.id, { ok: true, value }),
        (error: unknown) => answer(message.id, { ok: false, error: explainError(error) }),
      )
      .finally(() => inFlight.delete(message.id));
  });
  endpoint.start?.();
}

/** A job id as the UI's registry makes them (`tool-…-1`); anything else crossing the boundary marks nothing. */
const jobOf = (job: unknown): string | undefined => (typeof job === 'string' && job.length > 0 && job.length <= 200 ? job : undefined);
