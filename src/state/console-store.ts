/**
 * The console of a stdio server behind the local relay, for one connection: its stderr lines (already masked
 * by the engine), its starts and its exits, newest last, bounded with a count of what was let go (here or in
 * the relay's own ring before MCP Lens read it). A new session of the same connection reads the relay's
 * stream again from where the last one stopped; an event seen before is not kept twice.
 */
import { createStore } from 'zustand/vanilla';

import type { EngineEvent } from '../shared/events.ts';
import { describeExit, MAX_CONSOLE_LINES, type ConsoleEvent } from '../shared/relay-console.ts';

export interface ConsoleLine {
  /** Unique in this connection's console: the relay's run and the event's number. */
  key: string;
  time: number;
  /** `line`: the server's own stderr; `start` and `exit`: what the relay says of its process. */
  kind: 'line' | 'start' | 'exit';
  text: string;
}

interface ConsoleActions {
  applyEvents(events: readonly EngineEvent[]): void;
  /** A saved session's console, on screen while it is open (replaces what is there). */
  load(lines: readonly ConsoleLine[], dropped: number): void;
  clear(): void;
}

export interface ConsoleState {
  lines: readonly ConsoleLine[];
  /** Lines let go before the oldest kept one: by this store's bound, or by the relay's before they were read. */
  dropped: number;
  actions: ConsoleActions;
}

function lineOf(event: ConsoleEvent, run: string): ConsoleLine | undefined {
  const key = `${run}:${event.seq}`;
  if (event.kind === 'line') return { key, time: event.time, kind: 'line', text: event.text };
  if (event.kind === 'start')
    return {
      key,
      time: event.time,
      kind: 'start',
      text: event.generation > 1 ? 'The server process started again.' : 'The server process started.',
    };
  if (event.kind === 'exit') return { key, time: event.time, kind: 'exit', text: `${describeExit(event)}.` };
  return undefined;
}

export function createConsoleStore(options: { retention?: number } = {}) {
  const retention = Math.max(1, options.retention ?? MAX_CONSOLE_LINES);
  /** The newest event number seen per relay run: the stream is in order, so anything at or below it was seen. */
  const seen = new Map<string, number>();
  return createStore<ConsoleState>()((set, get) => ({
    lines: [],
    dropped: 0,
    actions: {
      applyEvents(events) {
        let added: ConsoleLine[] | undefined;
        let dropped = 0;
        for (const event of events) {
          if (event.type !== 'console') continue;
          const { run, event: item } = event;
          if (item.seq <= (seen.get(run) ?? 0)) continue;
          seen.set(run, item.seq);
          if (item.kind === 'dropped') dropped += item.count;
          const line = lineOf(item, run);
          if (line) (added ??= []).push(line);
        }
        if (!added && dropped === 0) return;
        const all = [...get().lines, ...(added ?? [])];
        const over = Math.max(0, all.length - retention);
        set({ lines: over > 0 ? all.slice(over) : all, dropped: get().dropped + dropped + over });
      },
      load(lines, dropped) {
        seen.clear();
        set({ lines: lines.slice(-retention), dropped: dropped + Math.max(0, lines.length - retention) });
      },
      clear() {
        set({ lines: [], dropped: 0 });
      },
    },
  }));
}
