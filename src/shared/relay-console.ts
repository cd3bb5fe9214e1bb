/**
 * The console of a stdio server run by the local relay (docs/relay.md#the-console): what the app and the
 * relay agree on. MCP has no channel for a server's stderr, so this is a side channel of the relay's own,
 * behind the same front door as its MCP endpoint: `GET /relay/console`, a Server-Sent Events stream of the
 * child's stderr lines and its starts and exits (each event's `id` is its sequence number, so a client that
 * reconnects with `Last-Event-ID` gets only what it missed), and `POST /relay/restart`, which starts the one
 * command of the relay's command line again.
 */
import type { HeaderPair } from './model.ts';
import { isSecretName, redactBodyText, redactUrlsIn } from './redact.ts';
import { isRecord, num, str } from './read.ts';

export const RELAY_CONSOLE_PATH = '/relay/console';
export const RELAY_RESTART_PATH = '/relay/restart';

/** Restart across the worker boundary: the relay's address and the connection's headers (its token among them). */
export interface RelayConsoleApi {
  restartRelayServer: { params: { url: string; headers: HeaderPair[] }; result: undefined };
}

/** Lines the relay keeps, and the app keeps per connection: enough for a crash's story, bounded in memory. */
export const MAX_CONSOLE_LINES = 2000;
/** A longer line is cut here with a mark: stderr lines are meant for people, and a dump of JSON is not one. */
export const MAX_CONSOLE_LINE_CHARS = 4000;

/** How a child process ended: the exit code, or the signal that killed it (Node's `exit` event). */
export interface ProcessExit {
  code: number | null;
  signal: string | null;
}

/**
 * One event of the console stream. `seq` rises over the relay's run; `generation` counts the child's starts
 * (1 first). Each stream opens with a `state` event (no SSE id): the relay's run (a random id, so a cursor
 * from another run is not taken for this one's), the generation running now and, when it has ended, how.
 */
export type RelayConsoleEvent =
  | { kind: 'state'; seq: number; time: number; generation: number; run: string; exit?: ProcessExit }
  | { kind: 'line'; seq: number; time: number; generation: number; text: string }
  | { kind: 'start'; seq: number; time: number; generation: number }
  | ({ kind: 'exit'; seq: number; time: number; generation: number } & ProcessExit)
  /** Events the relay's ring let go before this client read them (the first event of a stream, when any). */
  | { kind: 'dropped'; seq: number; time: number; count: number };

/** What the engine passes on to the app: every event but the stream's opening `state`. */
export type ConsoleEvent = Exclude<RelayConsoleEvent, { kind: 'state' }>;

/** Cuts a line to MAX_CONSOLE_LINE_CHARS, saying how much was left out. */
export function boundConsoleLine(text: string): string {
  if (text.length <= MAX_CONSOLE_LINE_CHARS) return text;
  return `${text.slice(0, MAX_CONSOLE_LINE_CHARS)}… (${text.length - MAX_CONSOLE_LINE_CHARS} more characters)`;
}

/** `NAME=value` or `NAME: value` (API_KEY=…, Authorization: Bearer …): a name, then its value. */
const NAME_THEN = /([\w.-]{1,100})(\s*[=:]\s*)/g;
const VALUE = /^(?:"[^"]*"|'[^']*'|(?:Bearer|Basic)\s+[^\s,;&]+|[^\s,;&]+)/i;
const BEARER = /\b(Bearer)\s+[\w.~+/-]{8,}=*/g;

/**
 * A stderr line as MCP Lens may keep it: the app's one redaction policy (redact.ts) applied to text, so a
 * server that prints its API key on start does not put it on screen, in a copy or in a session file.
 */
export function redactConsoleLine(line: string): string {
  const text = redactUrlsIn(redactBodyText(line));
  let out = '';
  let from = 0;
  for (const match of text.matchAll(NAME_THEN)) {
    const [whole, name = ''] = match;
    const valueAt = match.index + whole.length;
    if (valueAt < from || !isSecretName(name)) continue;
    const value = VALUE.exec(text.slice(valueAt))?.[0];
    if (value === undefined || value.startsWith('••••')) continue;
    out += `${text.slice(from, valueAt)}••••`;
    from = valueAt + value.length;
  }
  return (out + text.slice(from)).replace(BEARER, '$1 ••••');
}

/** One event of the stream as sent, or undefined when it is not one (the relay is ours, but a port is anyone's). */
export function readConsoleEvent(data: unknown): RelayConsoleEvent | undefined {
  if (!isRecord(data)) return undefined;
  const seq = num(data.seq);
  const time = num(data.time);
  if (seq === undefined || time === undefined) return undefined;
  const generation = num(data.generation) ?? 0;
  switch (data.kind) {
    case 'line': {
      const text = str(data.text);
      return text === undefined ? undefined : { kind: 'line', seq, time, generation, text: boundConsoleLine(text) };
    }
    case 'start':
      return { kind: 'start', seq, time, generation };
    case 'state': {
      const run = str(data.run)?.slice(0, 64);
      if (run === undefined) return undefined;
      const exit = isRecord(data.exit)
        ? { code: num(data.exit.code) ?? null, signal: str(data.exit.signal)?.slice(0, 20) ?? null }
        : undefined;
      return { kind: 'state', seq, time, generation, run, ...(exit && { exit }) };
    }
    case 'exit': {
      const code = num(data.code) ?? null;
      const signal = str(data.signal)?.slice(0, 20) ?? null;
      return { kind: 'exit', seq, time, generation, code, signal };
    }
    case 'dropped': {
      const count = num(data.count);
      return count === undefined ? undefined : { kind: 'dropped', seq, time, count };
    }
    default:
      return undefined;
  }
}

/** The SSE id of an event: the relay's run and the event's number, so a reconnect names both. */
export const consoleEventId = (run: string, seq: number): string => `${run}:${seq}`;

/** The number in a `Last-Event-ID` sent to the relay of run `run`; 0 (from the start) for another run's or none. */
export function consoleCursor(lastEventId: string | undefined, run: string): number {
  const [ofRun, seq] = (lastEventId ?? '').split(':');
  const cursor = Number(seq);
  return ofRun === run && Number.isSafeInteger(cursor) && cursor >= 0 ? cursor : 0;
}

/** "The server process exited with code 3", "… was killed by SIGTERM": how an exit reads, everywhere. */
export function describeExit(exit: ProcessExit): string {
  if (exit.signal !== null) return `The server process was killed by ${exit.signal}`;
  if (exit.code !== null) return `The server process exited with code ${exit.code}`;
  return 'The server process ended';
}

/** The console of a stdio server behind the local relay: a stderr line (secrets masked), a start, an exit. */
export interface ConsoleEngineEvent {
  type: 'console';
  run: string;
  event: ConsoleEvent;
}
