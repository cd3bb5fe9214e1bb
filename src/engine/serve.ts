/**
 * Binds an engine to an Endpoint (the worker's global scope, or a MessagePort in tests): calls come in as
 * `ToEngine` messages, results and batched events go out as `FromEngine` messages.
 */
import type { Endpoint, FromEngine, ToEngine } from '../shared/boundary.ts';
import { explainError } from './explain-error.ts';
import type { EngineEvent } from '../shared/events.ts';
import type { Clock } from './clock.ts';
import type { Engine } from './engine.ts';

/** About one flush per animation frame. */
const FLUSH_EVERY_MS = 16;

const MAX_EVENTS_PER_POST = 500;

/** Returns the event sink to give the engine, so events and results share one ordered channel. */
export function serveEngine(endpoint: Endpoint, createEngine: (emit: (event: EngineEvent) => void) => Engine, clock: Clock): void {
  const post = (message: FromEngine) => endpoint.postMessage(message);
  let buffer: EngineEvent[] = [];
  /**
   * Where each HTTP exchange's report sits in the buffer. Each report is the whole exchange (wire-exchange.ts)
   * and the UI keeps the latest, so a newer report of one exchange replaces the buffered one in place: a call
   * answered within one flush crosses once, with its headers and bodies, instead of once per report.
   */
  const httpAt = new Map<number, number>();
  /** Cancels the scheduled flush; a result flushes at once and leaves no timer to wake the worker for nothing. */
  let cancelFlush: (() => void) | undefined;
  const flush = () => {
    cancelFlush?.();
    cancelFlush = undefined;
    if (buffer.length === 0) return;
    const events = buffer;
    buffer = [];
    httpAt.clear();
    // Each message is deserialized on the UI thread in one go: slices keep that a short task even when a
    // flood has piled up thousands of events between flushes.
    for (let start = 0; start < events.length; start += MAX_EVENTS_PER_POST) {
      post({ kind: 'events', events: events.length <= MAX_EVENTS_PER_POST ? events : events.slice(start, start + MAX_EVENTS_PER_POST) });
    }
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

  endpoint.addEventListener('message', (event: MessageEvent) => {
    const message = event.data as ToEngine;
    if (message.kind === 'cancel') {
      inFlight.get(message.id)?.abort();
      return;
    }
    if (message.kind !== 'call') return;
    const controller = new AbortController();
    inFlight.set(message.id, controller);
    engine
      .call(message.method, message.params as never, controller.signal)
      .then(
        (value) => {
          // Events emitted before the result must reach the UI first, so the log never lags the answer.
          flush();
          post({ kind: 'result', id: message.id, ok: true, value });
        },
        (error: unknown) => {
          flush();
          post({ kind: 'result', id: message.id, ok: false, error: explainError(error) });
        },
      )
      .finally(() => inFlight.delete(message.id));
  });
  endpoint.start?.();
}
