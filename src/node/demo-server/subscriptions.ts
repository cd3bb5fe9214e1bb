import type { McpServer } from '@modelcontextprotocol/server';

import { icons } from './icons.ts';

export const TICKER_URI = 'demo://live/ticker';
const TICK_MS = 1500;

/**
 * A resource that changes while someone watches: subscribing starts a ticker that bumps its value and
 * sends notifications/resources/updated (and a debug log line) until the client unsubscribes.
 */
export function registerSubscriptions(server: McpServer): void {
  let ticks = 0;
  const timers = new Map<string, ReturnType<typeof setInterval>>();
  const stop = (uri: string) => {
    clearInterval(timers.get(uri));
    timers.delete(uri);
  };

  server.server.registerCapabilities({ resources: { subscribe: true, listChanged: true } });
  server.registerResource(
    'ticker',
    TICKER_URI,
    { title: 'Live ticker', description: `Subscribe to it: it changes every ${TICK_MS / 1000} s and says so with notifications/resources/updated.`, mimeType: 'application/json', icons: icons.progress },
    (uri) => ({ contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify({ ticks, at: new Date().toISOString() }) }] }),
  );

  server.server.setRequestHandler('resources/subscribe', async (request) => {
    const uri = request.params.uri;
    if (uri === TICKER_URI && !timers.has(uri)) {
      timers.set(
        uri,
        setInterval(() => {
          ticks += 1;
          void server.server.sendResourceUpdated({ uri }).catch(() => stop(uri));
          void server.sendLoggingMessage({ level: 'debug', logger: 'ticker', data: { ticks } }).catch(() => undefined);
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
