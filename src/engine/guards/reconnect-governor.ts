/**
 * Paces event-stream reconnects. The SDK honours any `retry` a server sends, `retry: 0` included, and
 * resets its attempt count on every successful open, so a server that accepts and drops the stream in a
 * loop gets hundreds of GETs a second (docs/security.md#bounds). We honour `retry` above a floor, back off
 * while reconnects deliver nothing, and after a run of empty ones stop and say so.
 *
 * "Delivered" means any SSE event arrived, a priming id included: the spec's SSE polling (the server
 * closes the stream after a priming event and the client comes back after `retry`) keeps its pace.
 *
 * Every reconnect that is not such polling is reported as a drop, with its reason, so the connection bar
 * can say when the stream keeps dropping instead of leaving it to a line in the log.
 */
import type { StreamDrop } from '../../shared/events.ts';
import type { Limits } from '../../shared/limits.ts';
import type { Clock } from '../clock.ts';
import { readStreamError } from '../sdk/sdk-client.ts';

export interface ReconnectGovernor {
  /** For StreamableHTTPClientTransport's `reconnectionScheduler`. */
  scheduler: (reconnect: () => void, delay: number, attempt: number) => () => void;
  /** An event arrived on a stream, with its SSE id if it had one. */
  delivered(eventId?: string): void;
  /** The server sent a `retry` field: it means to close streams and have the client come back (SSE polling). */
  retryAdvised(): void;
  /** An error the transport reported; an event-stream error becomes the reason of the drop it precedes. */
  transportError(message: string): void;
  /** Whether it has given up. */
  readonly stopped: boolean;
}

export interface GovernorDeps {
  /** Paces the reconnects: the SDK hands its timing to our scheduler. */
  clock: Clock;
  note: (level: 'info' | 'warning', text: string) => void;
  onGiveUp: (reason: string) => void;
  onDrop: (drop: Omit<StreamDrop, 'time'>) => void;
}

export function createReconnectGovernor(limits: Limits, deps: GovernorDeps): ReconnectGovernor {
  let empty = 0;
  let deliveredSinceLast = true;
  let stopped = false;
  let polling = false;
  let lastEventId: string | undefined;
  let pendingError: string | undefined;
  let lastReason = '';

  const giveUp = (reason: string) => {
    stopped = true;
    deps.note('warning', reason);
    deps.onDrop({ reason, stopped: true, ...(lastEventId !== undefined && { lastEventId }) });
    deps.onGiveUp(reason);
  };

  return {
    get stopped() {
      return stopped;
    },
    delivered(eventId) {
      deliveredSinceLast = true;
      if (eventId !== undefined && eventId !== '') lastEventId = eventId;
    },
    retryAdvised() {
      polling = true;
    },
    transportError(message) {
      const said = readStreamError(message);
      if (stopped || said === undefined) return;
      // The SDK stops on its own after a few failed reopens, without asking the scheduler again.
      if (said === 'gave-up')
        giveUp(
          `The event stream could not be reopened (${lastReason || message}), so reconnecting stopped. Requests still work; server-sent notifications will not arrive until you connect again.`,
        );
      else pendingError = message;
    },
    scheduler(reconnect, delay, attempt) {
      const deliveredAny = deliveredSinceLast;
      empty = deliveredSinceLast ? 0 : empty + 1;
      deliveredSinceLast = false;
      const error = pendingError;
      pendingError = undefined;
      if (stopped) return () => undefined;
      if (empty >= limits.maxEmptyReconnects) {
        giveUp(
          `The server keeps dropping the event stream: ${empty} reconnects in a row delivered nothing, so MCP Lens stopped reconnecting. Requests still work; server-sent notifications will not arrive until you connect again.`,
        );
        return () => undefined;
      }
      const paced = Math.min(limits.reconnectMaxDelayMs, Math.max(limits.reconnectFloorMs, delay) * 2 ** empty);
      if (empty > 0)
        deps.note('info', `The event stream closed again with nothing delivered; reconnecting in ${paced} ms (attempt ${empty + 1}).`);
      // A clean close after events, from a server that advised `retry`, is the spec's polling, not a drop.
      if (error !== undefined || attempt > 0 || !deliveredAny || !polling) {
        lastReason =
          error ?? (deliveredAny ? 'The server closed the event stream.' : 'The server closed the event stream without sending any event.');
        deps.onDrop({ reason: lastReason, reconnectInMs: paced, ...(lastEventId !== undefined && { lastEventId }) });
      }
      return deps.clock.after(paced, reconnect);
    },
  };
}
