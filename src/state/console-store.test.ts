import { describe, expect, it } from 'vitest';

import type { EngineEvent } from '../shared/events.ts';
import { createConsoleStore } from './console-store.ts';

const line = (run: string, seq: number, text: string): EngineEvent => ({
  type: 'console',
  run,
  event: { kind: 'line', seq, time: seq, generation: 1, text },
});

describe('the console store', () => {
  it('keeps each event once, though a new session reads the stream again', () => {
    const store = createConsoleStore();
    store.getState().actions.applyEvents([line('a', 1, 'one'), line('a', 2, 'two')]);
    store.getState().actions.applyEvents([line('a', 2, 'two'), line('a', 3, 'three')]);
    // Another run of the relay numbers from 1 again.
    store.getState().actions.applyEvents([line('b', 1, 'new relay')]);
    expect(store.getState().lines.map((l) => l.text)).toEqual(['one', 'two', 'three', 'new relay']);
  });

  it('words starts and exits, and counts what was let go here and in the relay', () => {
    const store = createConsoleStore({ retention: 2 });
    store
      .getState()
      .actions.applyEvents([
        { type: 'console', run: 'a', event: { kind: 'dropped', seq: 4, time: 0, count: 4 } },
        { type: 'console', run: 'a', event: { kind: 'start', seq: 5, time: 5, generation: 2 } },
        line('a', 6, 'hello'),
        { type: 'console', run: 'a', event: { kind: 'exit', seq: 7, time: 7, generation: 2, code: 3, signal: null } },
      ]);
    expect(store.getState().lines.map((l) => [l.kind, l.text])).toEqual([
      ['line', 'hello'],
      ['exit', 'The server process exited with code 3.'],
    ]);
    expect(store.getState().dropped).toBe(5);
  });
});
