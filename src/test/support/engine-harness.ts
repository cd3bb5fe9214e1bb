/** Runs the real engine in Node (Node's fetch and the real clock unless a test passes its own), collecting every event it emits. */
import { realClock, type Clock } from '../../engine/clock.ts';
import type { RawHttp } from '../../engine/wire/raw-http.ts';
import { createEngine, type Engine } from '../../engine/engine.ts';
import type { EngineEvent, HttpExchange, MessageEntry } from '../../shared/events.ts';

export interface Harness {
  engine: Engine;
  events: EngineEvent[];
  messages(): MessageEntry[];
  exchanges(): HttpExchange[];
  notes(): string[];
}

export function createHarness(options: { fetch?: typeof fetch; clock?: Clock; rawHttp?: RawHttp } = {}): Harness {
  const events: EngineEvent[] = [];
  const fetchImpl = options.fetch ?? fetch;
  const engine = createEngine({
    fetch: (input, init) => fetchImpl(input, init),
    clock: options.clock ?? realClock,
    emit: (event) => events.push(event),
    ...(options.rawHttp && { rawHttp: options.rawHttp }),
  });
  return {
    engine,
    events,
    messages: () => events.flatMap((e) => (e.type === 'message' ? [e.entry] : [])),
    exchanges: () => events.flatMap((e) => (e.type === 'http' ? [e.exchange] : [])),
    notes: () => events.flatMap((e) => (e.type === 'note' ? [e.text] : [])),
  };
}
