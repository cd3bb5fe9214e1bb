import { InMemoryServerEventBus, type McpServer, type ServerEvent, type ServerEventBus } from '@modelcontextprotocol/server';

import { icons } from './icons.ts';
import type { DemoScope, DemoState } from './state.ts';

export const TICKER_URI = 'demo://live/ticker';
const TICK_MS = 1500;

/**
 * A resource that changes while someone watches. A 2025 client subscribes with resources/subscribe, which
 * starts a ticker for its session that bumps the value and sends notifications/resources/updated (and a
 * debug log line) until it unsubscribes. A 2026-07-28 client names the URI in `subscriptions/listen`
 * instead; that ticker is shared by all 2026 clients (see {@link TickerBus}).
 */
export function registerSubscriptions(server: McpServer, scope: DemoScope): void {
  const { state } = scope;
  server.server.registerCapabilities({ resources: { subscribe: true, listChanged: true } });
  server.registerResource(
    'ticker',
    TICKER_URI,
    {
      title: 'Live ticker',
      description: `Subscribe to it: it changes every ${TICK_MS / 1000} s and says so with notifications/resources/updated.`,
      mimeType: 'application/json',
      icons: icons.progress,
    },
    (uri) => ({
      contents: [
        { uri: uri.href, mimeType: 'application/json', text: JSON.stringify({ ticks: state.ticks, at: new Date().toISOString() }) },
      ],
    }),
  );
  // 2026-07-28 has no resources/subscribe: the listen streams are served by the SDK's handler.
  if (scope.era === 'legacy') registerLegacySubscribe(server, state);
}

function registerLegacySubscribe(server: McpServer, state: DemoState): void {
  const timers = new Map<string, ReturnType<typeof setInterval>>();
  const stop = (uri: string) => {
    clearInterval(timers.get(uri));
    timers.delete(uri);
  };
  server.server.setRequestHandler('resources/subscribe', async (request) => {
    const uri = request.params.uri;
    if (uri === TICKER_URI && !timers.has(uri)) {
      timers.set(
        uri,
        setInterval(() => {
          state.ticks += 1;
          void server.server.sendResourceUpdated({ uri }).catch(() => stop(uri));
          void server.sendLoggingMessage({ level: 'debug', logger: 'ticker', data: { ticks: state.ticks } }).catch(() => undefined);
        }, TICK_MS),
      );
    }
    return {};
  });
  server.server.setRequestHandler('resources/unsubscribe', async (request) => {
    stop(request.params.uri);
    return {};
  });
  const previous = server.server.onclose;
  server.server.onclose = () => {
    for (const uri of [...timers.keys()]) stop(uri);
    previous?.();
  };
}

/**
 * The listen bus of the 2026-07-28 leg, with the shared 2026 ticker built in: it ticks only while at least
 * one listen stream is open (each open stream subscribes once), so an idle server does no work. The SDK's
 * listen router sends each `resource_updated` event only to the streams that named the ticker's URI.
 */
export class TickerBus implements ServerEventBus {
  readonly #inner = new InMemoryServerEventBus();
  #open = 0;
  #timer: ReturnType<typeof setInterval> | undefined;
  readonly #state: DemoState;

  constructor(state: DemoState) {
    this.#state = state;
  }

  publish(event: ServerEvent): void {
    this.#inner.publish(event);
  }

  subscribe(listener: (event: ServerEvent) => void): () => void {
    const unsubscribe = this.#inner.subscribe(listener);
    if (++this.#open === 1) {
      this.#timer = setInterval(() => {
        this.#state.ticks += 1;
        this.publish({ kind: 'resource_updated', uri: TICKER_URI });
      }, TICK_MS);
      this.#timer.unref();
    }
    let done = false;
    return () => {
      if (done) return;
      done = true;
      unsubscribe();
      if (--this.#open === 0) this.stop();
    };
  }

  /** Stops the ticker (it restarts if a stream subscribes again). */
  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }
}
