/**
 * Paces event-stream reconnects. The SDK honours any `retry` a server sends, `retry: 0` included, and
 * resets its attempt count on every successful open, so a server that accepts and drops the stream in a
 * loop gets hundreds of GETs a second (security-notes §6). We honour `retry` above a floor, back off
 * while reconnects deliver nothing, and after a run of empty ones stop and say so.
 *
 * "Delivered" means any SSE event arrived, a priming id included: the spec's SSE polling (the server
 * closes the stream after a priming event and the client comes back after `retry`) keeps its pace.
 */
import type { Limits } from '../shared/limits.ts';

export interface ReconnectGovernor {
  /** For StreamableHTTPClientTransport's `reconnectionScheduler`. */
  scheduler: (reconnect: () => void, delay: number, attempt: number) => () => void;
  /** An event arrived on a stream. */
  delivered(): void;
  /** Whether it has given up. */
  readonly stopped: boolean;
}

export function createReconnectGovernor(
  limits: Limits,
  deps: { note: (level: 'info' | 'warning', text: string) => void; onGiveUp: (reason: string) => void },
): ReconnectGovernor {
  let empty = 0;
  let deliveredSinceLast = true;
  let stopped = false;
  return {
    get stopped() {
      return stopped;
    },
    delivered() {
      deliveredSinceLast = true;
    },
    scheduler(reconnect, delay) {
      empty = deliveredSinceLast ? 0 : empty + 1;
      deliveredSinceLast = false;
      if (stopped) return () => undefined;
      if (empty >= limits.maxEmptyReconnects) {
        stopped = true;
        const reason = `The server keeps dropping the event stream: ${empty} reconnects in a row delivered nothing, so MCP Lens stopped reconnecting. Requests still work; server-sent notifications will not arrive until you connect again.`;
        deps.note('warning', reason);
        deps.onGiveUp(reason);
        return () => undefined;
      }
      const paced = Math.min(limits.reconnectMaxDelayMs, Math.max(limits.reconnectFloorMs, delay) * 2 ** empty);
      if (empty > 0) deps.note('info', `The event stream closed again with nothing delivered; reconnecting in ${paced} ms (attempt ${empty + 1}).`);
      const handle = setTimeout(reconnect, paced);
      return () => clearTimeout(handle);
    },
  };
}
