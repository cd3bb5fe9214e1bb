/**
 * The console of a stdio server behind the local relay, in a session file (`console: {dropped, lines}`,
 * optional, no version change: older readers ignore it, and files without it open as before). Lines were
 * masked as they arrived (`redactConsoleLine`) and are masked again on the way out, as everything exported is.
 */
import { isRecord } from '../read.ts';
import { boundConsoleLine, MAX_CONSOLE_LINES, redactConsoleLine } from '../relay-console.ts';

interface SavedConsoleLine {
  key: string;
  time: number;
  kind: 'line' | 'start' | 'exit';
  text: string;
}

export interface SavedConsole {
  /** Lines let go before the oldest kept one. */
  dropped: number;
  lines: SavedConsoleLine[];
}

/** What reading the console needs of the session file's reader (as saved-conversation.ts, so the two do not import each other). */
interface ConsoleReader {
  drop(what: string, n?: number): void;
  text(value: unknown, max?: number): string | undefined;
  list<T>(value: unknown, max: number, what: string, read: (item: unknown) => T | undefined): T[];
}

const KINDS = ['line', 'start', 'exit'] as const;

export function readConsole(reader: ConsoleReader, value: unknown): SavedConsole | undefined {
  if (value === undefined) return undefined;
  if (!isRecord(value)) {
    reader.drop('console sections of the wrong shape');
    return undefined;
  }
  const lines = reader.list(value.lines, MAX_CONSOLE_LINES, 'console lines', (item): SavedConsoleLine | undefined => {
    if (!isRecord(item)) return undefined;
    const key = reader.text(item.key, 100);
    const text = reader.text(item.text);
    const kind = KINDS.find((known) => known === item.kind);
    if (key === undefined || text === undefined || kind === undefined || typeof item.time !== 'number' || !Number.isFinite(item.time))
      return undefined;
    return { key, time: item.time, kind, text: boundConsoleLine(text) };
  });
  const dropped = typeof value.dropped === 'number' && Number.isSafeInteger(value.dropped) && value.dropped > 0 ? value.dropped : 0;
  return lines.length > 0 || dropped > 0 ? { dropped, lines } : undefined;
}

/** The console as written: each line masked again by today's rules. */
export function redactConsole(saved: SavedConsole): SavedConsole {
  return { dropped: saved.dropped, lines: saved.lines.map((line) => ({ ...line, text: redactConsoleLine(line.text) })) };
}
