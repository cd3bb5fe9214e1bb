import type { ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';

import { randomBytes } from 'node:crypto';

import {
  boundConsoleLine,
  consoleCursor,
  consoleEventId,
  MAX_CONSOLE_LINES,
  MAX_CONSOLE_LINE_CHARS,
  type ProcessExit,
  type RelayConsoleEvent,
} from '../../shared/relay-console.ts';

/**
 * The console of the relay's stdio child (docs/relay.md#the-console): a ring of its last stderr lines, its
 * starts and its exits, read by the app as a Server-Sent Events stream. An SSE stream, not a poll: a crash's
 * last lines reach the app as they are written, before the exit that ends the connection, and an idle server
 * costs nothing; each event's `id` is its `seq`, so a client that reconnects sends `Last-Event-ID` and gets
 * only what it missed (the front door allows no query to carry a cursor).
 */
export interface StdioConsole {
  /** Reads a child's stderr into the ring, one event per line, until the stream ends. */
  follow(stderr: Readable, generation: number): void;
  started(generation: number): void;
  exited(generation: number, exit: ProcessExit): void;
  /** The newest line, for the relay's own message when the child exits. */
  lastLine(): string | undefined;
  /** Answers `GET /relay/console`: replays what follows `lastEventId`, then streams until the request ends. */
  serve(res: ServerResponse, headers: Record<string, string>, lastEventId: string | undefined): void;
  close(): void;
}

const HEARTBEAT_MS = 30_000;

type Event = RelayConsoleEvent;
type NewEvent = Event extends infer E ? (E extends Event ? Omit<E, 'seq' | 'time'> : never) : never;

export function createStdioConsole(options: { now?: () => number; maxLines?: number; onLine?: (line: string) => void } = {}): StdioConsole {
  const now = options.now ?? Date.now;
  const maxLines = options.maxLines ?? MAX_CONSOLE_LINES;
  const ring: Event[] = [];
  let seq = 0;
  const run = randomBytes(6).toString('base64url');
  let generation = 0;
  let exit: ProcessExit | undefined;
  const listeners = new Set<(event: Event) => void>();

  const push = (event: NewEvent) => {
    const stamped = { ...event, seq: ++seq, time: now() } as Event;
    ring.push(stamped);
    if (ring.length > maxLines) ring.shift();
    for (const listener of listeners) listener(stamped);
  };

  const line = (generation: number, text: string) => {
    // A child that prints \r\n, or a progress bar's \r, still reads as its lines.
    const clean = text.replace(/\r$/, '');
    push({ kind: 'line', generation, text: boundConsoleLine(clean) });
    options.onLine?.(clean);
  };

  return {
    follow(stderr, generation) {
      let partial = '';
      stderr.setEncoding('utf8');
      stderr.on('data', (chunk: string) => {
        const parts = (partial + chunk).split('\n');
        partial = parts.pop() ?? '';
        // A line that never ends is still cut, so a child that writes megabytes without a newline stays bounded.
        if (partial.length > MAX_CONSOLE_LINE_CHARS * 2) {
          parts.push(partial);
          partial = '';
        }
        for (const part of parts) line(generation, part);
      });
      stderr.on('end', () => {
        if (partial !== '') line(generation, partial);
        partial = '';
      });
      stderr.on('error', () => undefined);
    },
    started: (started) => {
      generation = started;
      exit = undefined;
      push({ kind: 'start', generation: started });
    },
    exited: (ended, how) => {
      if (ended === generation) exit = how;
      push({ kind: 'exit', generation: ended, ...how });
    },
    lastLine: () => ring.findLast((event) => event.kind === 'line')?.text,
    serve(res, headers, lastEventId) {
      res.writeHead(200, { ...headers, 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
      const send = (event: Event) => res.write(`id: ${consoleEventId(run, event.seq)}\ndata: ${JSON.stringify(event)}\n\n`);
      const cursor = Math.min(consoleCursor(lastEventId, run), seq);
      res.write(`data: ${JSON.stringify({ kind: 'state', seq, time: now(), generation, run, ...(exit && { exit }) })}\n\n`);
      const missed = ring.filter((event) => event.seq > cursor);
      const firstKept = ring[0]?.seq ?? seq + 1;
      const dropped = Math.max(0, firstKept - cursor - 1);
      if (dropped > 0) res.write(`data: ${JSON.stringify({ kind: 'dropped', seq: firstKept - 1, time: now(), count: dropped })}\n\n`);
      for (const event of missed) send(event);
      listeners.add(send);
      // A comment now and then: Node's fetch ends a body that is silent for 300 s, and proxies are less patient.
      const beat = setInterval(() => res.write(': idle\n\n'), HEARTBEAT_MS);
      beat.unref();
      res.on('close', () => {
        clearInterval(beat);
        listeners.delete(send);
      });
    },
    close() {
      listeners.clear();
    },
  };
}
