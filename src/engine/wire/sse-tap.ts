/**
 * Passes an SSE stream through to the SDK untouched while parsing a copy of it for the log, and enforces
 * the per-event byte cap and (for streams that answer a request) the idle timeout as the bytes arrive.
 * A bound that trips errors the stream, so the SDK stops reading; the request it carried is failed at once
 * with the reason, not left to time out.
 */
import { createParser } from 'eventsource-parser';
import type { Limits } from '../../shared/limits.ts';
import type { Clock } from '../clock.ts';
import type { MessageRecorder } from './message-recorder.ts';
import type { ExchangeTracker } from './wire-exchange.ts';
import { idle, jsonDepthExceeds, tooDeep, tooLarge, type StreamFault } from '../guards/stream-guard.ts';
import { describeError } from '../../shared/read.ts';

export interface SseTapOptions {
  recorder: MessageRecorder;
  limits: Limits;
  /** Runs the idle timeout. */
  clock: Clock;
  /** A note for the log (the legacy `endpoint` event, bad UTF-8). */
  onNote: (level: 'info' | 'warning', text: string) => void;
  /** Any event arrived (a priming id counts): the stream is alive, so reconnect back-off resets. */
  onDelivered: (eventId: string | undefined) => void;
  /** The server advised a reconnect delay (`retry`): it may close streams on purpose (SSE polling). */
  onRetry?: (ms: number) => void;
  /** A bound tripped; the stream is errored right after. */
  onFault: (fault: StreamFault) => void;
  /** Silence is normal on the standalone GET stream; only streams that owe a response get an idle timeout. */
  idleTimeout: boolean;
  /**
   * Whether a person is answering a question from the server. A server waiting for that answer sends
   * nothing on the stream that owes the response, so its silence then is not the server's: the idle
   * timeout starts again instead of failing the request.
   */
  personAnswering?: () => boolean;
  /** Each message parsed from the stream, after it is logged. */
  onMessage?: (message: unknown) => void;
  /** The HTTP exchange this stream is the body of: its event ids, `retry` values, bytes and end. */
  exchange?: ExchangeTracker;
}

const MAX_KEPT_CHARS = 64 * 1024;

export function sseTap(options: SseTapOptions): TransformStream<Uint8Array, Uint8Array> {
  const { recorder, limits } = options;
  const decoder = new TextDecoder();
  let utf8Check: TextDecoder | undefined = new TextDecoder('utf-8', { fatal: true });
  let received = 0;
  let bytesSinceEvent = 0;
  let textSinceEvent = '';
  let eventInChunk = false;
  let finished = false;
  let cancelIdle = () => undefined as void;

  const { exchange } = options;
  const parser = createParser({
    onRetry(ms) {
      exchange?.retry(ms);
      options.onRetry?.(ms);
    },
    onEvent(event) {
      eventInChunk = true;
      options.onDelivered(event.id);
      exchange?.sseEvent(event.id);
      const origin = exchange ? { httpSeq: exchange.seq, ...(event.id !== undefined && { sseEventId: event.id }) } : undefined;
      if (event.event === 'endpoint') {
        options.onNote('info', `Legacy SSE endpoint announced: ${event.data}`);
        return;
      }
      // An event with an id and no data primes the stream for resumption; it carries no message.
      if (event.data === '') return;
      if (jsonDepthExceeds(event.data, limits.maxJsonDepth)) {
        recorder.inboundUnparsed(event.data, tooDeep(limits).message, origin);
        return;
      }
      let message: unknown;
      try {
        message = JSON.parse(event.data);
        recorder.inbound(message, origin, event.data);
      } catch (error) {
        recorder.inboundUnparsed(event.data, `SSE event data is not JSON: ${describeError(error)}`, origin);
        return;
      }
      options.onMessage?.(message);
    },
  });

  const fail = (controller: TransformStreamDefaultController<Uint8Array>, fault: StreamFault) => {
    if (finished) return;
    finished = true;
    cancelIdle();
    exchange?.ended();
    if (textSinceEvent.trim() !== '') recorder.inboundUnparsed(textSinceEvent, `Cut off: ${fault.message}`);
    options.onFault(fault);
    controller.error(fault);
  };
  const arm = (controller: TransformStreamDefaultController<Uint8Array>) => {
    if (!options.idleTimeout) return;
    cancelIdle();
    cancelIdle = options.clock.after(limits.idleTimeoutMs, () =>
      options.personAnswering?.() ? arm(controller) : fail(controller, idle(limits, 'an event stream')),
    );
  };

  // `cancel` is in the Streams spec (Chrome 120+, Node 20) but not yet in TypeScript's lib: the client
  // closing the stream (disconnect, reconnect) ends the exchange too.
  const transformer: Transformer<Uint8Array, Uint8Array> & { cancel(): void } = {
    cancel() {
      finished = true;
      cancelIdle();
      exchange?.ended();
    },
    start(controller) {
      arm(controller);
    },
    transform(chunk, controller) {
      if (finished) return;
      arm(controller);
      if (utf8Check) {
        try {
          utf8Check.decode(chunk, { stream: true });
        } catch {
          utf8Check = undefined;
          options.onNote(
            'warning',
            `The event stream holds bytes that are not valid UTF-8 (in bytes ${received}–${received + chunk.byteLength}); they were read as U+FFFD.`,
          );
        }
      }
      received += chunk.byteLength;
      exchange?.bytes(chunk.byteLength);
      const text = decoder.decode(chunk, { stream: true });
      exchange?.received(text);
      eventInChunk = false;
      parser.feed(text);
      if (eventInChunk) {
        // Only what follows the last event boundary belongs to the event still arriving.
        const tail = text.split(/\r?\n\r?\n|\r\r/).pop() ?? '';
        textSinceEvent = tail.slice(0, MAX_KEPT_CHARS);
        bytesSinceEvent = tail.length;
      } else {
        bytesSinceEvent += chunk.byteLength;
        if (textSinceEvent.length < MAX_KEPT_CHARS) textSinceEvent += text.slice(0, MAX_KEPT_CHARS - textSinceEvent.length);
      }
      if (bytesSinceEvent > limits.maxMessageBytes) return fail(controller, tooLarge(limits, 'an event'));
      controller.enqueue(chunk);
    },
    flush() {
      finished = true;
      cancelIdle();
      const rest = decoder.decode();
      exchange?.received(rest);
      parser.feed(rest);
      exchange?.ended();
    },
  };
  return new TransformStream(transformer);
}
