/**
 * The console of a stdio server behind the local relay (docs/relay.md#the-console): when a session goes through
 * a relay, this follows the relay's `GET /relay/console` stream beside it, masks secrets in each stderr line,
 * and emits each event; when the child this session talks to exits, the session ends with how it ended and its
 * last line. A relay in front of a URL has no console (404): then nothing more happens. Loaded on first use
 * (relay-console-meta.ts, whose session extension starts `follow`), so the session itself knows nothing of it.
 */
import type { EngineError } from '../../shared/errors.ts';
import { describeError } from '../../shared/read.ts';
import { isRelayAddress, isRelayTokenHeader, RELAY_TOKEN_HEADER } from '../../shared/relay.ts';
import {
  consoleEventId,
  describeExit,
  readConsoleEvent,
  redactConsoleLine,
  RELAY_CONSOLE_PATH,
  RELAY_RESTART_PATH,
  type ProcessExit,
  type RelayConsoleApi,
  type RelayConsoleEvent,
} from '../../shared/relay-console.ts';
import { sleep } from '../clock.ts';
import type { FeatureContext, Handlers } from '../features/feature-context.ts';
import type { Session } from '../session/session.ts';

/** A stream that ends while its session lives is opened again, at most this many times in a row. */
const MAX_REOPENS = 5;
const REOPEN_DELAY_MS = 1_000;
/** An SSE event block longer than this is not the relay's (its lines are cut at 4,000 characters). */
const MAX_EVENT_CHARS = 64 * 1024;

export interface RelayConsole {
  /** Follows the console of the relay `session` goes through, until `signal` aborts (when the session closes). */
  follow(session: Session, token: string, signal: AbortSignal): Promise<void>;
  handlers: Handlers<RelayConsoleApi>;
}

export function relayConsole(ctx: Pick<FeatureContext, 'fetch' | 'clock' | 'emit'>): RelayConsole {
  /** Where each console was read up to, by its address, so a new session of this connection gets only what is new. */
  const cursors = new Map<string, string>();
  return {
    follow,
    handlers: {
      // Works whether or not a session is open: the child may have died before a connect could finish.
      async restartRelayServer({ url, headers }, signal) {
        const token = headers.find((header) => isRelayTokenHeader(header.name))?.value.trim();
        const parsed = URL.canParse(url) ? new URL(url) : undefined;
        if (!parsed || !isRelayAddress(parsed) || !token)
          throw {
            code: 'invalid-input',
            message: 'Restart works for a stdio server behind the local relay: connect through the relay first.',
          } satisfies EngineError;
        let response: Response;
        try {
          response = await ctx.fetch(new URL(RELAY_RESTART_PATH, parsed).href, {
            method: 'POST',
            headers: { [RELAY_TOKEN_HEADER]: token },
            ...(signal && { signal }),
          });
        } catch (error) {
          throw {
            code: 'unreachable',
            message: 'The relay did not answer: is it still running? Start it again in its terminal.',
            detail: describeError(error),
          } satisfies EngineError;
        }
        if (response.ok) return undefined;
        const detail = await response.text().catch(() => '');
        throw {
          code: 'http',
          httpStatus: response.status,
          message:
            response.status === 404
              ? 'This relay runs no stdio server (it fronts a URL, or it is older than Restart): restart the server yourself.'
              : `The relay could not restart the server (HTTP ${response.status}).`,
          detail: detail.slice(0, 2000),
        } satisfies EngineError;
      },
    },
  };

  async function follow(session: Session, token: string, signal: AbortSignal): Promise<void> {
    const url = new URL(RELAY_CONSOLE_PATH, session.summary.url).href;
    /** The child this session talks to: the generation running when the console was first read. */
    let generation: number | undefined;
    let lastLine: string | undefined;
    for (let failures = 0; failures <= MAX_REOPENS && !signal.aborted;) {
      const cursor = cursors.get(url);
      let response: Response;
      try {
        response = await ctx.fetch(url, {
          headers: { [RELAY_TOKEN_HEADER]: token, Accept: 'text/event-stream', ...(cursor !== undefined && { 'Last-Event-ID': cursor }) },
          signal,
        });
      } catch {
        failures += 1;
        await sleep(ctx.clock, REOPEN_DELAY_MS * failures, signal);
        continue;
      }
      // A relay in front of a URL, or an older relay: no console to show.
      if (!response.ok || !response.body || !response.headers.get('content-type')?.startsWith('text/event-stream')) {
        await response.body?.cancel().catch(() => undefined);
        return;
      }
      let run = '';
      const received = await readEvents(response.body, signal, (event) => {
        if (event.kind === 'state') {
          run = event.run;
          generation ??= event.generation;
          if (event.exit && event.generation === generation) return ended(event.exit);
          return;
        }
        cursors.set(url, consoleEventId(run, event.seq));
        const shown = event.kind === 'line' ? { ...event, text: redactConsoleLine(event.text) } : event;
        if (shown.kind === 'line' && shown.generation === generation) lastLine = shown.text;
        ctx.emit({ type: 'console', run, event: shown });
        if (event.kind === 'exit' && event.generation === generation) ended(event);
      });
      failures = received ? 0 : failures + 1;
      if (!signal.aborted) await sleep(ctx.clock, REOPEN_DELAY_MS * Math.max(1, failures), signal);
    }

    function ended(exit: ProcessExit): void {
      const last = lastLine === undefined ? '' : ` Its last line: "${lastLine}".`;
      session.lost(`${describeExit(exit)}.${last} Restart starts it again.`);
    }
  }
}

/**
 * Reads Server-Sent Events from the relay until the stream ends or `signal` aborts; whether any event came.
 * The relay writes one `data:` line per event, so this reads exactly that and ignores comments and the rest.
 */
async function readEvents(
  body: ReadableStream<Uint8Array>,
  signal: AbortSignal,
  onEvent: (event: RelayConsoleEvent) => void,
): Promise<boolean> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const stop = () => void reader.cancel().catch(() => undefined);
  signal.addEventListener('abort', stop, { once: true });
  let buffer = '';
  let any = false;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return any;
      buffer += decoder.decode(value, { stream: true });
      const blocks = buffer.split(/\r?\n\r?\n/);
      buffer = blocks.pop() ?? '';
      if (buffer.length > MAX_EVENT_CHARS) buffer = '';
      for (const block of blocks) {
        const data = block.split(/\r?\n/).find((line) => line.startsWith('data:'));
        if (data === undefined) continue;
        let parsed: unknown;
        try {
          parsed = JSON.parse(data.slice(5));
        } catch {
          continue;
        }
        const event = readConsoleEvent(parsed);
        if (event) {
          any = true;
          onEvent(event);
        }
      }
    }
  } catch {
    return any;
  } finally {
    signal.removeEventListener('abort', stop);
  }
}
