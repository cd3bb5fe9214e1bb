/**
 * The console of a stdio server run by the local relay (docs/relay.md#the-console): what the app and the
 * relay agree on. MCP has no channel for a server's stderr, so this is a side channel of the relay's own,
 * behind the same front door as its MCP endpoint: `GET /relay/console`, a Server-Sent Events stream of the
 * child's stderr lines and its starts and exits (each event's `id` is its sequence number, so a client that
 * reconnects with `Last-Event-ID` gets only what it missed), and `POST /relay/restart`, which starts the one
 * command of the relay's command line again.
 */
import { isSecretName, redactBodyText, redactUrlsIn } from './redact.ts';
import { isRecord, num, str } from './read.ts';

export const RELAY_CONSOLE_PATH = '/relay/console';
export const RELAY_RESTART_PATH = '/relay/restart';

/** Lines the relay keeps, and the app keeps per connection: enough for a crash's story, bounded in memory. */
export const MAX_CONSOLE_LINES = 2000;
/** A longer line is cut here with a mark: stderr lines are meant for people, and a dump of JSON is not one. */
export const MAX_CONSOLE_LINE_CHARS = 4000;

/** How a child process ended: the exit code, or the signal that killed it (Node's `exit` event). */
export interface ProcessExit {
  code: number | null;
  signal: string | null;
}

/** One event of the console stream. `seq` rises over the relay's run; `generation` counts the child's starts (1 first). */
export type RelayConsoleEvent =
  | { kind: 'line'; seq: number; time: number; generation: number; text: string }
  | { kind: 'start'; seq: number; time: number; generation: number }
  | ({ kind: 'exit'; seq: number; time: number; generation: number } & ProcessExit)
  /** Events the relay's ring let go before this client read them (the first event of a stream, when any). */
  | { kind: 'dropped'; seq: number; time: number; count: number };

/** Cuts a line to MAX_CONSOLE_LINE_CHARS, saying how much was left out. */
export function boundConsoleLine(text: string): string {
  if (text.length <= MAX_CONSOLE_LINE_CHARS) return text;
  return `${text.slice(0, MAX_CONSOLE_LINE_CHARS)}… (${text.length - MAX_CONSOLE_LINE_CHARS} more characters)`;
}

/** `NAME=value` or `NAME: value` where NAME is a secret's name (API_KEY=…, Authorization: Bearer …). */
const NAMED_VALUE = /\b([\w.-]{1,100})(\s*[=:]\s*)("[^"]*"|'[^']*'|(?:Bearer|Basic)\s+\S+|\S+)/gi;
const BEARER = /\b(Bearer)\s+[\w.~+/-]{8,}=*/g;

/**
 * A stderr line as MCP Lens may keep it: the app's one redaction policy (redact.ts) applied to text, so a
 * server that prints its API key on start does not put it on screen, in a copy or in a session file.
 */
export function redactConsoleLine(line: string): string {
  const masked = redactUrlsIn(redactBodyText(line)).replace(NAMED_VALUE, (match, name: string, sep: string) =>
    isSecretName(name) ? `${name}${sep}••••` : match,
  );
  return masked.replace(BEARER, '$1 ••••');
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

/** "The server process exited with code 3", "… was killed by SIGTERM": how an exit reads, everywhere. */
export function describeExit(exit: ProcessExit): string {
  if (exit.signal !== null) return `The server process was killed by ${exit.signal}`;
  if (exit.code !== null) return `The server process exited with code ${exit.code}`;
  return 'The server process ended';
}
