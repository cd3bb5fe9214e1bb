/** A wire tap over `fetch` that keeps what it records: the log's entries, the HTTP exchanges and the notes. */
import type { HttpExchange, MessageEntry } from '../../shared/events.ts';
import { realClock } from '../../engine/clock.ts';
import { createMessageRecorder } from '../../engine/wire/message-recorder.ts';
import { createWireTap, type FetchLike } from '../../engine/wire/wire-tap.ts';

export function recordingTap(fetch: FetchLike) {
  const entries: MessageEntry[] = [];
  const exchanges: HttpExchange[] = [];
  const notes: Array<{ text: string; level?: string }> = [];
  let seq = 0;
  const recorder = createMessageRecorder({ now: Date.now, nextSeq: () => ++seq, emit: (entry) => entries.push(entry) });
  const tap = createWireTap({
    fetch,
    clock: realClock,
    nextSeq: () => ++seq,
    recorder,
    onExchange: (exchange) => exchanges.push(exchange),
    onNote: (text, level) => notes.push({ text, ...(level && { level }) }),
  });
  return { tap, entries, exchanges, notes, last: () => exchanges[exchanges.length - 1]! };
}
