/** Runs the real engine in Node with Node's fetch and the real clock, collecting every event it emits. */
import { createEngine, type Engine } from '../engine/engine.ts';
import type { EngineEvent, HttpExchange, MessageEntry } from '../shared/events.ts';

export interface Harness {
  engine: Engine;
  events: EngineEvent[];
  messages(): MessageEntry[];
  exchanges(): HttpExchange[];
  notes(): string[];
}

export function createHarness(fetchImpl: typeof fetch = fetch): Harness {
  const events: EngineEvent[] = [];
  const engine = createEngine({
    fetch: (input, init) => fetchImpl(input, init),
    now: () => Date.now(),
    emit: (event) => events.push(event),
  });
  return {
    engine,
    events,
    messages: () => events.flatMap((e) => (e.type === 'message' ? [e.entry] : [])),
    exchanges: () => events.flatMap((e) => (e.type === 'http' ? [e.exchange] : [])),
    notes: () => events.flatMap((e) => (e.type === 'note' ? [e.text] : [])),
  };
}
